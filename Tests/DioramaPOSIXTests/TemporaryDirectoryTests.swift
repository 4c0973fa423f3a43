import DioramaPOSIX
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `TemporaryDirectory.remove`: a folder made here goes with everything in
/// it, and nothing outside it goes with it, whatever links were put inside.
@Suite("Temporary directories")
struct TemporaryDirectoryTests {
    /// A folder outside the one to remove, with a file and a folder that
    /// links inside it point to; removed at the end of the test.
    private static func withOutside(_ body: (String) throws -> Void) throws {
        let outside = try TemporaryDirectory.make(named: "diorama-posix-outside")
        defer { try? TemporaryDirectory.remove(outside) }
        try "keep".write(toFile: outside + "/keep.txt", atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: outside + "/folder/deeper", withIntermediateDirectories: true)
        try "keep".write(toFile: outside + "/folder/deeper/inside.txt", atomically: false, encoding: .utf8)
        try body(outside)
    }

    private static func expectOutsideWhole(_ outside: String) {
        #expect((try? String(contentsOfFile: outside + "/keep.txt", encoding: .utf8)) == "keep")
        #expect((try? String(contentsOfFile: outside + "/folder/deeper/inside.txt", encoding: .utf8)) == "keep")
    }

    @Test("everything inside goes: files, folders, a socket, a FIFO, links (as links, their targets stay)")
    func removesTheTreeWithoutFollowingLinks() throws {
        try Self.withOutside { outside in
            let directory = try TemporaryDirectory.make(named: "diorama-posix-remove")
            try FileManager.default.createDirectory(atPath: directory + "/a/b/c", withIntermediateDirectories: true)
            try "x".write(toFile: directory + "/a/b/c/file", atomically: false, encoding: .utf8)
            #expect(mkfifo(directory + "/fifo", 0o600) == 0)
            let listener = try UnixSocket.listen(at: directory + "/client.sock", backlog: 1)
            defer { close(listener) }
            #expect(symlink(outside + "/keep.txt", directory + "/link-to-file") == 0)
            #expect(symlink(outside + "/folder", directory + "/a/link-to-folder") == 0)
            #expect(symlink(outside, directory + "/a/b/link-to-outside") == 0)
            #expect(symlink("/nonexistent-diorama-target", directory + "/dangling") == 0)

            try TemporaryDirectory.remove(directory)

            var status = stat()
            #expect(lstat(directory, &status) != 0 && errno == ENOENT)
            Self.expectOutsideWhole(outside)
        }
    }

    @Test("a path that is a link to a folder is left alone, and so is the folder")
    func aLinkInPlaceOfTheFolderIsNotFollowed() throws {
        try Self.withOutside { outside in
            let holder = try TemporaryDirectory.make(named: "diorama-posix-holder")
            defer { try? TemporaryDirectory.remove(holder) }
            #expect(symlink(outside + "/folder", holder + "/swapped") == 0)
            let error = #expect(throws: SystemCallError.self) { try TemporaryDirectory.remove(holder + "/swapped") }
            #expect(error?.code == ELOOP || error?.code == ENOTDIR)
            var status = stat()
            #expect(lstat(holder + "/swapped", &status) == 0)
            Self.expectOutsideWhole(outside)
        }
    }

    @Test("a folder already gone counts as removed")
    func aMissingFolderIsRemovedAlready() throws {
        let directory = try TemporaryDirectory.make(named: "diorama-posix-gone")
        #expect(rmdir(directory) == 0)
        try TemporaryDirectory.remove(directory)
    }

    /// An owner's removal and a termination signal's (``ExitCleanup``) may
    /// run at once: an entry or folder the other took first counts as
    /// removed, so neither reports an error and the tree is gone.
    @Test("removals of one tree at once all succeed, and the tree is gone")
    func concurrentRemovalsAllSucceed() throws {
        for round in 0..<5 {
            let directory = try TemporaryDirectory.make(named: "diorama-posix-race-\(round)")
            for folder in 0..<40 {
                try FileManager.default.createDirectory(atPath: directory + "/f\(folder)/g", withIntermediateDirectories: true)
                for file in 0..<10 { #expect(FileManager.default.createFile(atPath: directory + "/f\(folder)/g/\(file)", contents: nil)) }
            }
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                do { try TemporaryDirectory.remove(directory) } catch { failures.withLock { $0.append("\(error)") } }
            }
            #expect(failures.withLock { $0 }.isEmpty, "round \(round)")
            #expect(!FileManager.default.fileExists(atPath: directory))
        }
    }
}

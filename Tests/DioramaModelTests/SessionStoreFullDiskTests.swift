import DioramaModel
import DioramaPOSIX
import DioramaSessionStore
import Foundation
import Testing

/// Saving sessions on a file system that is really full: a 64 KiB tmpfs
/// mounted for the test and filled to the last block. Mounting needs root
/// (CI runs as root); elsewhere the suite is reported as skipped, with why.
@Suite(
    "Session store on a full file system", .serialized,
    .enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
struct SessionStoreFullDiskTests {
    /// A tmpfs of `size` mounted on a fresh folder; unmounted by `unmount()`.
    final class TinyFileSystem {
        let url: URL

        init(size: String) throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-full-\(getpid())-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", url.path])
        }

        func unmount() {
            try? Self.run("/bin/umount", [url.path])
            try? FileManager.default.removeItem(at: url)
        }

        /// Fills the file system: one file written until the disk says ENOSPC.
        func fill() throws {
            let handle = open(url.appendingPathComponent("filler").path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            #expect(handle >= 0)
            defer { close(handle) }
            let block = [UInt8](repeating: 0x55, count: 512)
            while true {
                let written = block.withUnsafeBytes { write(handle, $0.baseAddress, $0.count) }
                if written <= 0 { break }
            }
            #expect(errno == ENOSPC, "the filler stopped for another reason: \(String(cString: strerror(errno)))")
        }

        static func run(_ tool: String, _ arguments: [String]) throws {
            let run = try ProgramRun.run(tool, arguments, timeout: .seconds(60))
            guard run.succeeded else {
                throw CocoaError(
                    .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(tool) \(arguments) \(run.termination): \(run.output)"])
            }
        }
    }

    @Test("a save that meets a full disk throws, leaves the saved record as it was and no temporary file")
    func fullDiskKeepsTheOldRecord() throws {
        let disk = try TinyFileSystem(size: "64k")
        defer { disk.unmount() }
        let store = SessionStore(directory: disk.url.appendingPathComponent("com.example.notes"))
        var record = SessionStoreTests.sampleRecord
        record.userInfo["generation"] = .integer(1)
        try store.save(record)
        try disk.fill()

        // Big enough that it cannot fit in what is left of the last block.
        var bigger = record
        bigger.userInfo["generation"] = .integer(2)
        bigger.userInfo["padding"] = .string(String(repeating: "x", count: 32_768))
        #expect(throws: SessionStoreError.self) { try store.save(bigger) }

        let loaded = store.load()
        #expect(loaded.warnings == [])
        #expect(loaded.records.count == 1)
        #expect(loaded.records.first?.userInfo["generation"] == .integer(1), "the old record stays whole")
        let names = try FileManager.default.contentsOfDirectory(atPath: store.directory.path)
        #expect(names == ["session-\(record.persistentIdentifier).json"], "no temporary file is left: \(names)")

        // Space again: the next save goes through.
        try FileManager.default.removeItem(at: disk.url.appendingPathComponent("filler"))
        try store.save(bigger)
        #expect(store.load().records.first?.userInfo["generation"] == .integer(2))
    }
}

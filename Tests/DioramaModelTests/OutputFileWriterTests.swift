import DioramaModel
import Foundation
import Testing

/// The one writer of output files: atomic over a regular file or a new
/// path, written through to devices and FIFOs (which stay what they are),
/// links followed but never replaced. Every node is made in the test's own
/// folder (mknod needs root, as CI runs): the machine's /dev is never touched.
@Suite("Output file writer")
struct OutputFileWriterTests {
    private func fileType(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    /// A character device with these numbers in the test's folder.
    private func makeDevice(_ path: String, major: UInt32, minor: UInt32) throws {
        try #require(
            mknod(path, S_IFCHR | 0o666, dev_t((major << 8) | minor)) == 0,
            "mknod \(path): \(String(cString: strerror(errno))) (the test needs root, as CI runs it)")
    }

    @Test("a new path and a regular file are written atomically; a replaced file keeps its mode, and no temporary file is left")
    func regularFiles() throws {
        let folder = try TemporaryDirectory()
        defer { folder.cleanUp() }
        let path = folder.url.appendingPathComponent("report.xml").path
        try OutputFileWriter.write(Array("first".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "first")
        #expect(chmod(path, 0o640) == 0)
        try OutputFileWriter.write(Array("second".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["report.xml"])
    }

    /// Writes `bytes` to a character device with these numbers made in a
    /// fresh folder; the failure, if any, and whether the node is still a
    /// character device, alone in its folder.
    private func write(_ bytes: [UInt8], toDeviceNamed name: String, major: UInt32, minor: UInt32) throws -> (
        failure: OutputFileFailure?, path: String, unchanged: Bool
    ) {
        let folder = try TemporaryDirectory()
        defer { folder.cleanUp() }
        let path = folder.url.appendingPathComponent(name).path
        try makeDevice(path, major: major, minor: minor)
        var failure: OutputFileFailure?
        do throws(OutputFileFailure) { try OutputFileWriter.write(bytes, to: path) } catch { failure = error }
        let alone = try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [name]
        return (failure, path, alone && fileType(path) == S_IFCHR)
    }

    @Test("a private /dev/null-type node (1,3) is written through and stays a character device")
    func nullDeviceStaysADevice() throws {
        let (failure, _, unchanged) = try write(Array(repeating: 0x42, count: 100_000), toDeviceNamed: "null", major: 1, minor: 3)
        #expect(failure == nil)
        #expect(unchanged)
    }

    @Test("a private /dev/full-type node (1,7) is an error naming the file and ENOSPC, and stays a device")
    func fullDeviceIsAnError() throws {
        let (failure, path, unchanged) = try write(Array("x".utf8), toDeviceNamed: "full", major: 1, minor: 7)
        #expect(failure?.code == ENOSPC)
        #expect(failure?.description == "cannot write \(path): write failed: No space left on device")
        #expect(unchanged)
    }

    @Test("a FIFO with a reader gets the bytes; one without is an error, not a hang")
    func fifo() throws {
        let folder = try TemporaryDirectory()
        defer { folder.cleanUp() }
        let path = folder.url.appendingPathComponent("pipe").path
        try #require(mkfifo(path, 0o600) == 0)
        let unread = #expect(throws: OutputFileFailure.self) { try OutputFileWriter.write(Array("x".utf8), to: path) }
        #expect(unread?.description.contains("a FIFO that no process is reading") == true, "\(String(describing: unread))")

        let reader = open(path, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        try OutputFileWriter.write(Array("through the pipe".utf8), to: path)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
        #expect(count > 0 && String(decoding: buffer[..<max(count, 0)], as: UTF8.self) == "through the pipe")
        #expect(fileType(path) == S_IFIFO)
    }

    @Test("a symbolic link is followed: its target is replaced, the link stays; a dangling link is refused and nothing is created")
    func symbolicLinks() throws {
        let folder = try TemporaryDirectory()
        defer { folder.cleanUp() }
        let target = try folder.write("old", to: "target.txt").path
        let link = folder.url.appendingPathComponent("link.txt").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try OutputFileWriter.write(Array("new".utf8), to: link)
        #expect(fileType(link) == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")

        let missing = folder.url.appendingPathComponent("elsewhere/missing.txt").path
        let dangling = folder.url.appendingPathComponent("dangling.txt").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: missing)
        let refusal = #expect(throws: OutputFileFailure.self) { try OutputFileWriter.write(Array("x".utf8), to: dangling) }
        #expect(refusal?.description.contains("a symbolic link to a file that does not exist") == true, "\(String(describing: refusal))")
        #expect(fileType(dangling) == S_IFLNK)
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test("/dev/fd/N writes to this process's descriptor N, after what it already holds")
    func ownDescriptor() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        try OutputFileWriter.write(Array("<xml/>".utf8), to: "/dev/fd/\(ends[1])")
        close(ends[1])
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
        #expect(count == 6 && String(decoding: buffer[..<6], as: UTF8.self) == "<xml/>")
    }

    @Test("a directory, an empty path and a path with NUL are refused with what to do")
    func refusals() throws {
        let folder = try TemporaryDirectory()
        defer { folder.cleanUp() }
        let directory = #expect(throws: OutputFileFailure.self) { try OutputFileWriter.write(Array("x".utf8), to: folder.url.path) }
        #expect(directory?.description == "cannot write \(folder.url.path): it is a directory; refusing to write over it")
        #expect(throws: OutputFileFailure.self) { try OutputFileWriter.write(Array("x".utf8), to: "") }
        let nul = folder.url.path + "/a\u{0}b.png"
        let refused = #expect(throws: OutputFileFailure.self) { try OutputFileWriter.write(Array("x".utf8), to: nul) }
        #expect(refused?.reason.contains("NUL character") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [])
        // A missing folder: the reason names it ("… in failed" once dropped it).
        let missing = folder.url.path + "/no-such-folder"
        let unmade = #expect(throws: OutputFileFailure.self) { try OutputFileWriter.write(Array("x".utf8), to: missing + "/x.png") }
        #expect(unmade?.reason == "create a temporary file in \(missing) failed: No such file or directory", "\(String(describing: unmade))")
        #expect(unmade?.description == unmade?.reason, "not \"cannot write \(missing)\", which names the folder as the file")
    }
}

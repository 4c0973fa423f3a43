import DioramaModel
import Foundation
import Testing

/// The one reader of whole input files: its size limit, checked from `fstat`
/// before reading, and the bound on a file that grows while it is read.
@Suite("Regular file reader")
struct RegularFileReaderTests {
    /// A kind small enough to test its limit with a few bytes.
    static let tiny = InputFileKind(name: "a tiny test file", maximumSize: 16)

    @Test("a 6 GiB sparse file is refused from its size, naming size and limit, without reading it")
    func sparseFileRefused() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let file = temporary.url.appendingPathComponent("huge.plist").path
        #expect(FileManager.default.createFile(atPath: file, contents: nil))
        #expect(truncate(file, 6 << 30) == 0)
        do {
            _ = try RegularFileReader.read(file, as: .propertyList)
            Issue.record("a 6 GiB property list was accepted")
        } catch {
            #expect(error.description == "it is 6 GiB, more than the 8 MiB limit for a property list")
            #expect(error.oversize?.size == 6 << 30)
            #expect(error.oversizeFix?.contains("make it smaller than 8 MiB") == true, "\(error.oversizeFix ?? "")")
        }
    }

    @Test("a file at the limit is read whole; one byte more is refused, with the exact size")
    func limitIsInclusive() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let file = temporary.url.appendingPathComponent("file").path
        let atLimit = Data((0..<16).map { UInt8($0) })
        try atLimit.write(to: URL(fileURLWithPath: file))
        #expect(try RegularFileReader.read(file, as: Self.tiny) == atLimit)
        try (atLimit + [0]).write(to: URL(fileURLWithPath: file))
        do {
            _ = try RegularFileReader.read(file, as: Self.tiny)
            Issue.record("a file past the limit was accepted")
        } catch {
            #expect(error.description == "it is 17 bytes, more than the 16 bytes limit for a tiny test file")
        }
    }

    @Test("a file longer than fstat said (it grew while being read) stops one byte past the limit")
    func growingFileRefused() throws {
        // procfs files are regular files whose fstat size is 0 however much they
        // hold: the same as a file that grows between fstat and the last read.
        let status = "/proc/self/status"
        var info = stat()
        #expect(stat(status, &info) == 0 && info.st_size == 0 && info.st_mode & S_IFMT == S_IFREG)
        do {
            _ = try RegularFileReader.read(status, as: Self.tiny)
            Issue.record("a file past the limit was accepted")
        } catch {
            #expect(error.oversize?.size == nil)
            #expect(error.description == "it grew while being read, more than the 16 bytes limit for a tiny test file")
        }
    }

    @Test("sizes in messages: exact units plainly, others rounded with the byte count")
    func sizeWording() throws {
        for (kind, expected) in [
            (InputFileKind(name: "x", maximumSize: 1 << 20), "it is 6.5 GiB (6979321856 bytes), more than the 1 MiB limit for x"),
            (InputFileKind(name: "x", maximumSize: 1536), "it is 6.5 GiB (6979321856 bytes), more than the 1.5 KiB (1536 bytes) limit for x"),
        ] {
            let temporary = try TemporaryDirectory()
            defer { temporary.cleanUp() }
            let file = temporary.url.appendingPathComponent("file").path
            #expect(FileManager.default.createFile(atPath: file, contents: nil))
            #expect(truncate(file, 6_979_321_856) == 0)
            do {
                _ = try RegularFileReader.read(file, as: kind)
                Issue.record("accepted")
            } catch {
                #expect(error.description == expected)
            }
        }
    }
}

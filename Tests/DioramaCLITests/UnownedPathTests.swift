import DioramaGraphics
import DioramaPNGTestSupport
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Glibc
import Testing

/// A real `diorama sim` asked to write to, or listen at, paths that are not
/// Diorama's: device nodes, FIFOs, links, a user's files, another
/// simulator's live socket. Every node is made in the test's own folder
/// (mknod needs root, as CI runs): the machine's /dev is never touched.
@Suite("Paths that are not Diorama's", .serialized, .timeLimit(.minutes(10)), .ownThreads)
struct UnownedPathTests {
    typealias RunningSimulator = SimAndCtlTests.RunningSimulator

    /// The last 8 bytes of every PNG: the IEND chunk's type and CRC.
    static let pngEnd: [UInt8] = Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]

    /// `ctl screenshot --all --out NODE` for a character device with these
    /// numbers, made in a folder of the test's own: what ctl answered and
    /// whether NODE is still that device, alone in its folder.
    private func screenshot(toDeviceNamed name: String, _ numbers: (major: UInt32, minor: UInt32)) throws -> (
        result: ChildProcessResult, node: String, unchanged: Bool
    ) {
        let directory = try HostileControlTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let node = directory.appendingPathComponent(name).path
        try PrivateNode.makeCharacterDevice(at: node, numbers)
        let simulator = try RunningSimulator([])
        let result = try simulator.ctl(["screenshot", "--all", "--out", node])
        #expect(try simulator.stop() == 0)
        let alone = try FileManager.default.contentsOfDirectory(atPath: directory.path) == [name]
        return (result, node, alone && PrivateNode.isCharacterDevice(node, numbers))
    }

    @Test("ctl screenshot --out a private /dev/null-type node: written through, still the same character device, no temporary file left")
    func screenshotToNullNode() throws {
        let (result, _, unchanged) = try screenshot(toDeviceNamed: "null", PrivateNode.null)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(unchanged, "the node was replaced, or a file was left beside it")
    }

    @Test("ctl screenshot --out a private /dev/full-type node: exit 1 naming the file and ENOSPC; the node stays")
    func screenshotToFullNode() throws {
        let (result, node, unchanged) = try screenshot(toDeviceNamed: "full", PrivateNode.full)
        #expect(result.status == 1, "\(result.status): \(result.standardError)")
        #expect(result.standardError.contains("\(node): cannot write: write failed: No space left on device"), "\(result.standardError)")
        #expect(unchanged)
    }

    @Test("ctl screenshot --out a FIFO: the reader gets the whole PNG, and the FIFO stays a FIFO")
    func screenshotToFIFO() throws {
        let directory = try HostileControlTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe").path
        try PrivateNode.makeFIFO(at: fifo)
        let collector = try FIFOCollector(path: fifo, until: Self.pngEnd)
        let simulator = try RunningSimulator([])
        let result = try simulator.ctl(["screenshot", "--all", "--out", fifo])
        #expect(result.status == 0, "\(result.standardError)")
        let image = try PNG.decode(collector.bytes(timeout: 60))
        #expect(image.width > 0 && image.height > 0)
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(try simulator.stop() == 0)
    }

    @Test("ctl screenshot --out a symbolic link: the link stays and the file it points to gets the PNG; a dangling one is refused")
    func screenshotThroughLinks() throws {
        let directory = try HostileControlTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("shot.png").path
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        let link = directory.appendingPathComponent("link.png").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let simulator = try RunningSimulator([])
        let result = try simulator.ctl(["screenshot", "--all", "--out", link])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try PNG.read(contentsOf: URL(fileURLWithPath: target)).width > 0)

        let dangling = directory.appendingPathComponent("dangling.png").path
        let nowhere = directory.appendingPathComponent("nowhere.png").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: nowhere)
        let refused = try simulator.ctl(["screenshot", "--all", "--out", dangling])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("a symbolic link to a file that does not exist"), "\(refused.standardError)")
        #expect(!FileManager.default.fileExists(atPath: nowhere))
        #expect(try simulator.stop() == 0)
    }

    @Test("a screenshot path holding NUL is a bad request, and no file is written under any name")
    func screenshotPathWithNUL() throws {
        let directory = try HostileControlTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let simulator = try RunningSimulator([])
        let connection = try RawControlConnection(path: try #require(simulator.exports["DIORAMA_CONTROL"]))
        try connection.send(#"{"command":"screenshot","path":"\#(directory.path)/a\u0000b.png"}"# + "\n")
        let answer = try connection.response()
        #expect(answer["kind"] as? String == "bad_request", "\(answer)")
        #expect((answer["error"] as? String)?.contains("contains a NUL character") == true, "\(answer)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
        #expect(try simulator.stop() == 0)
    }

    // MARK: sim --socket NAME

    @Test("sim --socket NAME refuses a user's file at NAME and at NAME.lock, and keeps both")
    func socketNameOnAUsersFiles() throws {
        let directory = try HostileControlTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["notes.txt", "other"] {
            let file = directory.appendingPathComponent(name == "other" ? "other.lock" : name).path
            try "keep me\n".write(toFile: file, atomically: false, encoding: .utf8)
            let result = try DioramaCommandLine.run(
                ["sim", "--socket", name], environment: DioramaCommandLine.environment(["XDG_RUNTIME_DIR": directory.path]), timeout: 60)
            #expect(result.status == 2, "\(name): \(result.standardError)")
            #expect(result.standardError.contains("refusing"), "\(result.standardError)")
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "keep me\n")
        }
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: directory.path)) == ["notes.txt", "other.lock"])
    }

    @Test("sim --socket NAME.control does not take over another simulator's live control socket")
    func socketNameOnALiveControlSocket() throws {
        let first = try RunningSimulator([])
        let control = try #require(first.exports["DIORAMA_CONTROL"])
        let name = (control as NSString).lastPathComponent
        let second = try DioramaCommandLine.run(
            ["sim", "--socket", name], environment: DioramaCommandLine.environment(["XDG_RUNTIME_DIR": first.runtimeDirectory.path]),
            timeout: 60)
        #expect(second.status == 2, "\(second.standardError)")
        #expect(second.standardError.contains("a live process accepts connections on this socket"), "\(second.standardError)")
        let displays = try first.ctl(["displays", "--json"])
        #expect(displays.status == 0, "the first simulator is still reachable: \(displays.standardError)")
        #expect(!FileManager.default.fileExists(atPath: control + ".lock"))
        #expect(try first.stop() == 0)
    }
}

import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Glibc
import Testing

/// A real `diorama sim` process against hostile control clients: numbers
/// that overflowed or allocated without bound, a `--control` path that
/// belongs to someone else, too many connections, over-long lines, and a
/// process out of file descriptors. After each, the simulator must still
/// answer.
@Suite("Hostile control clients", .serialized, .ownThreads(longChain: .seconds(5)))
struct HostileControlTests {
    typealias RunningSimulator = SimAndCtlTests.RunningSimulator

    // MARK: Numeric fields

    /// Each request once crashed the simulator or asked it for gigabytes.
    static let outOfRangeRequests: [(line: String, field: String)] = [
        (#"{"command":"move","window":"1","x":9223372036854775807,"y":0}"#, "x"),
        (#"{"command":"display_move","display":"DP-1","x":9223372036854775807,"y":0}"#, "x"),
        (#"{"command":"trace","since":18446744073709551615}"#, "since"),
        (#"{"command":"resize","window":"1","width":100,"height":100,"steps":2147483647}"#, "steps"),
        (#"{"command":"resize","window":"1","width":2147483647,"height":100}"#, "width"),
        (#"{"command":"screenshot","path":"/tmp/diorama-hostile.png","scale":100}"#, "scale"),
        (#"{"command":"plug","display":"HUGE","width":2147483647,"height":2147483647}"#, "width"),
        (#"{"command":"plug","display":"HUGE","width":1920,"height":1080,"refresh_mhz":9223372036854775807}"#, "refresh_mhz"),
        (#"{"command":"plug","display":"HUGE","width":1920,"height":1080,"y":-9223372036854775807}"#, "y"),
        (#"{"command":"display_scale","display":"DP-1","scale":1e300}"#, "scale"),
        (#"{"command":"wait_settled","window":"1","timeout_ms":9223372036854775807}"#, "timeout_ms"),
    ]

    @Test func outOfRangeNumbersAreBadRequestsNamingTheFieldAndTheSimulatorAnswersOn() throws {
        let simulator = try RunningSimulator([])
        let path = try #require(simulator.exports["DIORAMA_CONTROL"])
        for (line, field) in Self.outOfRangeRequests {
            let connection = try RawControlConnection(path: path)
            try connection.send(line + "\n")
            let answer = try connection.response()
            #expect(answer["kind"] as? String == "bad_request", "\(line) → \(answer)")
            #expect((answer["error"] as? String)?.contains("\"\(field)\" must be within") == true, "\(line) → \(answer)")
            try connection.send(#"{"command":"displays"}"# + "\n")
            #expect(try connection.response()["ok"] as? Bool == true, "the simulator stopped answering after \(line)")
        }
        #expect(simulator.process.isRunning)
        #expect(try simulator.stop() == 0)
    }

    @Test func aLayoutTooBigToPictureIsRefusedWithTheSizeItWouldNeed() throws {
        let simulator = try RunningSimulator([])
        let path = try #require(simulator.exports["DIORAMA_CONTROL"])
        let connection = try RawControlConnection(path: path)
        // The largest mode at the smallest scale: 1966080 logical points a
        // side, accepted as a display; a picture of it at one pixel per
        // point would need 14 TiB.
        try connection.send(#"{"command":"plug","display":"WALL","width":16384,"height":16384,"scale":0.008333333333333333,"y":20000}"# + "\n")
        #expect(try connection.response()["ok"] as? Bool == true)
        try connection.send(#"{"command":"screenshot","path":"/tmp/diorama-hostile-wall.png"}"# + "\n")
        let answer = try connection.response()
        #expect(answer["kind"] as? String == "failed")
        let message = try #require(answer["error"] as? String)
        #expect(message.contains("the screenshot would be 1966080×1986080 px (14546 GiB); the limit is 268435456 px"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/diorama-hostile-wall.png"))
        try connection.send(#"{"command":"displays"}"# + "\n")
        #expect(try connection.response()["ok"] as? Bool == true)
        #expect(try simulator.stop() == 0)
    }

    // MARK: Command-line options

    /// Each once crashed `ctl` or `outputs` itself (converting 1e308 seconds
    /// or Hz to an Int); now a usage error naming the option and its range.
    static let outOfRangeOptions: [(arguments: [String], message: String)] = [
        (["ctl", "wait-settled", "foot", "--timeout", "1e308"], "--timeout must be within 0.001…3600 seconds, got 1e+308"),
        (["ctl", "plug", "TV", "1920x1080", "--refresh", "1e308"], "--refresh must be within 0.001…1000 Hz, got 1e+308"),
        (["outputs", "--timeout", "1e308"], "--timeout must be within 0.001…3600 seconds, got 1e+308"),
        (["ctl", "resize", "foot", "800x600", "--interactive", "--steps", "2147483647"], "--steps must be within 1…1000, got 2147483647"),
        (["ctl", "trace", "--since", "18446744073709551615"], "--since must be within 0…9223372036854775807, got 18446744073709551615"),
        (["ctl", "plug", "TV", "2147483647x2147483647"], "the mode must be WIDTHxHEIGHT with whole numbers within 1…16384"),
        (["ctl", "display", "move", "DP-1", "9223372036854775807,0"], "the position must be X,Y with whole numbers within -1000000…1000000"),
        (["ctl", "screenshot", "--all", "--out", "x.png", "--scale", "100"], "--scale must be within 1/120…16"),
    ]

    @Test func outOfRangeOptionsAreUsageErrorsNamingTheOptionAndItsRange() throws {
        for (arguments, message) in Self.outOfRangeOptions {
            let result = try DioramaCommandLine.run(arguments, environment: DioramaCommandLine.environment(["DIORAMA_CONTROL": "/nonexistent/control"]))
            #expect(!result.exitedBySignal, "\(arguments) crashed: \(result.standardError)")
            #expect(result.status == 2, "\(arguments): status \(result.status), \(result.standardError)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        }
    }

    // MARK: --control PATH

    @Test func aControlPathThatIsARegularFileIsRefusedAndLeftAlone() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("notes.txt")
        try "keep me\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try DioramaCommandLine.run(
            ["sim", "--control", file.path],
            environment: DioramaCommandLine.environment(["XDG_RUNTIME_DIR": directory.path]), timeout: 60)
        #expect(result.status == 2)
        #expect(result.standardError.contains("\(file.path) exists and is not a socket; refusing to replace it"), "\(result.standardError)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "keep me\n")
        // Nothing else is left behind: the Wayland socket opened first is gone again.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["notes.txt"])
    }

    @Test func anotherSimulatorsLiveControlSocketIsNotTakenOver() throws {
        let first = try RunningSimulator([])
        let path = try #require(first.exports["DIORAMA_CONTROL"])
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let second = try DioramaCommandLine.run(
            ["sim", "--control", path],
            environment: DioramaCommandLine.environment(["XDG_RUNTIME_DIR": directory.path]), timeout: 60)
        #expect(second.status == 2)
        #expect(second.standardError.contains("another process (another simulator?) is listening on this socket"), "\(second.standardError)")
        // The first one is still reachable through its socket.
        let displays = try first.ctl(["displays", "--json"])
        #expect(displays.status == 0, "\(displays.standardError)")
        #expect(try first.stop() == 0)
    }

    @Test func aStaleSocketIsReplacedAndOnlyTheOwnSocketRemovedAtShutdown() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("sim.control").path
        try Self.bindStaleSocket(at: path)
        let simulator = try RunningSimulator(["--control", path])
        #expect(simulator.exports["DIORAMA_CONTROL"] == path)
        #expect(try simulator.ctl(["displays"]).status == 0)
        // Someone replaces the socket while the simulator runs: shutting
        // down must not delete their file.
        unlink(path)
        try "someone else's\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try simulator.stop() == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "someone else's\n")
    }

    // MARK: Connections and lines

    @Test func connectionsBeyondTheLimitAreAnsweredBusyAndAFreedSlotServesAgain() throws {
        let simulator = try RunningSimulator([])
        let path = try #require(simulator.exports["DIORAMA_CONTROL"])
        var held = try Self.holdEveryConnection(path)
        let extra = try RawControlConnection(path: path)
        let refusal = try extra.response()
        #expect(refusal["ok"] as? Bool == false)
        #expect(refusal["kind"] as? String == "busy")
        #expect((refusal["error"] as? String)?.contains("already serves 64 control connections") == true, "\(refusal)")
        #expect(try extra.readLine() == nil, "a refused connection is closed")

        held.removeLast()  // closes it; the simulator notices and frees the slot
        let served = try Wait.until("a freed slot to serve a new connection", timeout: 20) { () throws -> Bool? in
            // Until the simulator noticed the hang-up, a new connection is
            // still answered busy and closed (the send may then meet a closed socket).
            let connection = try RawControlConnection(path: path)
            guard (try? connection.send(#"{"command":"displays"}"# + "\n")) != nil else { return nil }
            return (try? connection.response())?["ok"] as? Bool == true ? true : nil
        }
        #expect(served)
        held.removeAll()
        #expect(try simulator.stop() == 0)
    }

    @Test func ctlAgainstASimulatorWithEveryConnectionHeldSaysBusyWithExit1() throws {
        let simulator = try RunningSimulator([])
        let path = try #require(simulator.exports["DIORAMA_CONTROL"])
        let held = try Self.holdEveryConnection(path)
        // Held open until ctl has run: a release build ends an array's
        // lifetime at its last use, and closed the connections before it.
        let result = try withExtendedLifetime(held) { try simulator.ctl(["displays"]) }
        #expect(result.status == 1, "\(result.status): \(result.standardError)")
        #expect(
            result.standardError.contains("diorama ctl displays: the simulator is busy: it already serves 64 control connections"),
            "\(result.standardError)")
        #expect(result.standardError.contains("idle connections are closed after 60 s"), "\(result.standardError)")
        #expect(try simulator.stop() == 0)
    }

    @Test func anIdleControlConnectionIsClosedAfterTheIdleTimeoutAndABusyOneIsNot() throws {
        let simulator = try RunningSimulator(["--control-idle-timeout", "0.3"])
        let path = try #require(simulator.exports["DIORAMA_CONTROL"])
        let idle = try RawControlConnection(path: path)
        // The event: the simulator closes it (end of stream), with no answer.
        #expect(try idle.readLine(timeout: 30) == nil)
        // A connection that asks is served: the timeout is for silence only.
        let active = try RawControlConnection(path: path)
        for _ in 0..<3 {
            try active.send(#"{"command":"displays"}"# + "\n")
            #expect(try active.response()["ok"] as? Bool == true)
        }
        #expect(try simulator.stop() == 0)
    }

    /// Waits out ctl's 10 s greeting timeout with almost no CPU: no slot.
    @Test(.offSharedPool) func ctlPointedAtAWaylandSocketFailsNamingItInsteadOfHanging() throws {
        let simulator = try RunningSimulator([])
        let wayland = try #require(simulator.exports["XDG_RUNTIME_DIR"]) + "/" + (try #require(simulator.exports["WAYLAND_DISPLAY"]))
        let result = try DioramaCommandLine.run(
            ["ctl", "displays", "--control", wayland], environment: simulator.environment, timeout: 60)
        #expect(result.status == 2, "\(result.status): \(result.standardError)")
        #expect(result.standardError.contains("\(wayland) did not answer within 10 s as a simulator's control socket does"), "\(result.standardError)")
        #expect(result.standardError.contains("is it a Wayland socket?"))
        #expect(try simulator.ctl(["displays"]).status == 0)
        #expect(try simulator.stop() == 0)
    }

    @Test func anOverLongLineIsAnsweredWithTheLimitAndALongValidLineIsServed() throws {
        let simulator = try RunningSimulator([])
        let path = try #require(simulator.exports["DIORAMA_CONTROL"])

        let long = try RawControlConnection(path: path)
        let padding = String(repeating: "x", count: 1_000_000)
        try long.send(#"{"command":"displays","text":""# + padding + "\"}\n")
        #expect(try long.response()["ok"] as? Bool == true, "a line under the limit is served")

        let tooLong = try RawControlConnection(path: path)
        try tooLong.send(String(repeating: "x", count: (1 << 20) + 1))
        let answer = try tooLong.response()
        #expect(answer["kind"] as? String == "bad_request")
        #expect((answer["error"] as? String)?.contains("longer than 1048576 bytes") == true, "\(answer)")
        #expect(try tooLong.readLine() == nil, "the connection ends: the rest of the stream cannot be framed")
        #expect(try simulator.ctl(["displays"]).status == 0)
        #expect(try simulator.stop() == 0)
    }

    // MARK: Out of file descriptors

    @Test func aSimulatorOutOfDescriptorsIdlesAndServesAgainOnceOneIsFree() throws {
        let prlimit = "/usr/bin/prlimit"
        try #require(FileManager.default.isExecutableFile(atPath: prlimit), "prlimit is missing; install it with: apt-get install util-linux")
        let simulator = try RunningSimulator([], launcher: [prlimit, "--nofile=48:48"])
        let waylandPath = try #require(simulator.exports["XDG_RUNTIME_DIR"]) + "/" + (try #require(simulator.exports["WAYLAND_DISPLAY"]))
        let controlPath = try #require(simulator.exports["DIORAMA_CONTROL"])

        // Idle Wayland clients until the simulator has no descriptor left;
        // the rest wait in the listening socket's backlog.
        var idle: [RawControlConnection] = []
        for _ in 0..<80 { idle.append(try RawControlConnection(path: waylandPath)) }
        // ("accept" matches both this simulator's one line and the "failed
        // to accept" libwayland's own accept loop repeated.)
        _ = try Wait.until(
            "the simulator to report that it cannot accept", timeout: 20,
            details: { "stderr: \(simulator.process.standardError); descriptors: \(Self.openDescriptors(of: simulator.process.processIdentifier))" }
        ) {
            simulator.process.standardError.contains("accept") ? true : nil
        }
        #expect(simulator.process.standardError.contains("cannot accept a Wayland client (Too many open files)"))
        // A control client now waits too (the endpoint cannot accept it either).
        let waiting = try RawControlConnection(path: controlPath)
        try waiting.send(#"{"command":"displays"}"# + "\n")

        // Left alone for a while, the process neither spins nor floods
        // stderr (libwayland's own accept loop printed "failed to accept"
        // tens of thousands of times a second).
        let cpuBefore = try Self.cpuSeconds(of: simulator.process.processIdentifier)
        Thread.sleep(forTimeInterval: 2)
        let cpuUsed = try Self.cpuSeconds(of: simulator.process.processIdentifier) - cpuBefore
        #expect(cpuUsed < 0.5, "the simulator used \(cpuUsed) s of CPU in 2 s while out of descriptors")
        let errors = simulator.process.standardError
        #expect(errors.utf8.count < 4096, "stderr grew to \(errors.utf8.count) bytes")
        #expect(!errors.contains("failed to accept"))

        // Freed descriptors serve the waiting control client and new Wayland clients.
        idle.removeAll()
        let answer = try waiting.response(timeout: 20)
        #expect(answer["ok"] as? Bool == true)
        let info = try Wait.until("a new Wayland client to be served", timeout: 20) { () throws -> ChildProcessResult? in
            let result = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/wayland-info"), environment: simulator.environment, timeout: 20)
            // (wayland-info prints only once every roundtrip succeeded.)
            return result.status == 0 && result.standardOutput.contains("wl_compositor") ? result : nil
        }
        #expect(info.standardOutput.contains("wl_compositor"), "wayland-info: \(info.standardError); diorama sim: \(simulator.process.standardError)")
        #expect(try simulator.stop() == 0)
    }

    // MARK: Helpers

    /// 64 connections (the limit), each answered once, so each is admitted.
    static func holdEveryConnection(_ path: String) throws -> [RawControlConnection] {
        try (0..<64).map { _ in
            let connection = try RawControlConnection(path: path)
            try connection.send(#"{"command":"displays"}"# + "\n")
            #expect(try connection.response()["ok"] as? Bool == true)
            return connection
        }
    }

    /// What `/proc/PID/fd` lists, for a failure message.
    static func openDescriptors(of pid: Int32) -> String {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        let targets = entries.map { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) ?? "?" }
        return "\(entries.count): " + targets.sorted().joined(separator: ", ")
    }

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-hostile-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return directory
    }

    /// A socket file nobody listens on, as a crashed simulator leaves behind.
    static func bindStaleSocket(at path: String) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = RawControlConnection.address(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// User plus system CPU time a process has used, from /proc/PID/stat.
    static func cpuSeconds(of pid: pid_t) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command name (which may hold spaces) start at ")".
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)  // utime, stime (fields 14 and 15)
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

/// A raw Unix-socket connection for writing any bytes and reading lines,
/// every read bounded by a deadline.
final class RawControlConnection {
    let descriptor: Int32
    private var pending: [UInt8] = []

    init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = Self.address(path)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let failure = errno
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
        }
    }

    deinit { close(descriptor) }

    static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        return address
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                if errno == EINTR { continue }
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            offset += written
        }
    }

    /// The next line, or nil at end of stream; throws when none arrives in time.
    func readLine(timeout: TimeInterval = 20) throws -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw WaitTimeout(what: "a line from the socket", seconds: timeout) }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left * 1000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return nil }  // end of stream (or reset by the peer)
            pending.append(contentsOf: chunk[..<count])
        }
    }

    /// The next line as a JSON object; throws at end of stream or timeout.
    func response(timeout: TimeInterval = 20) throws -> [String: Any] {
        guard let line = try readLine(timeout: timeout) else {
            throw WaitTimeout(what: "a response line (the connection ended)", seconds: 0)
        }
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw WaitTimeout(what: "a JSON object", seconds: 0, details: line)
        }
        return object
    }
}

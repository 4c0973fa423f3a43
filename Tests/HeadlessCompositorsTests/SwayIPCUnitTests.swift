import Foundation
import Testing

@testable import HeadlessCompositors
@testable import SwayIPC

#if canImport(Glibc)
    import Glibc
#endif

/// A one-connection i3-ipc server on a temporary UNIX socket, for testing the
/// client's framing without sway: it answers the first request with `reply`,
/// sent `chunk` bytes at a time (to force partial reads), or never answers.
final class FakeIPCServer: @unchecked Sendable {
    let directory: String
    let path: String
    private let listener: Int32
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var _received: [UInt8] = []
    var received: [UInt8] { lock.lock(); defer { lock.unlock() }; return _received }

    init(reply: [UInt8]?, chunk: Int = 1) throws {
        directory = NSTemporaryDirectory() + "diorama-fakeipc-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        path = directory + "/ipc.sock"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        self.listener = listener
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(listener, 1) == 0 else { throw POSIXError(.EADDRINUSE) }
        Thread.detachNewThread { [self] in
            defer { finished.signal() }
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { return }
            defer { close(fd) }
            // Read one header + payload.
            var header = [UInt8](repeating: 0, count: 14)
            guard recv(fd, &header, 14, Int32(MSG_WAITALL)) == 14 else { return }
            let length = header[6..<10].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
            var payload = [UInt8](repeating: 0, count: Int(length))
            if length > 0 { _ = recv(fd, &payload, Int(length), Int32(MSG_WAITALL)) }
            lock.lock(); _received = header + payload; lock.unlock()
            guard let reply else {
                // Never answer; hold the connection until the client gives up.
                var byte: UInt8 = 0
                _ = recv(fd, &byte, 1, 0)
                return
            }
            var offset = 0
            while offset < reply.count {
                let n = min(chunk, reply.count - offset)
                _ = reply[offset..<offset + n].withUnsafeBytes { send(fd, $0.baseAddress!, n, Int32(MSG_NOSIGNAL)) }
                offset += n
                usleep(200)
            }
        }
    }

    func shutdown() {
        close(listener)
        _ = finished.wait(timeout: .now() + 5)
        try? FileManager.default.removeItem(atPath: directory)
    }
}

@Suite("sway IPC client (no sway needed)")
struct SwayIPCUnitTests {
    @Test("header: magic, native-endian length and type, payload")
    func encodeDecode() throws {
        let bytes = SwayIPC.encode(type: 4, payload: Array("{}".utf8))
        #expect(Array(bytes[0..<6]) == Array("i3-ipc".utf8))
        #expect(bytes.count == 16)
        let header = try SwayIPC.decodeHeader(Array(bytes[0..<14]))
        #expect(header.length == 2)
        #expect(header.type == 4)
        #expect(Array(bytes[14...]) == Array("{}".utf8))

        var bad = bytes
        bad[0] = UInt8(ascii: "x")
        #expect(throws: SwayIPCError.self) { try SwayIPC.decodeHeader(Array(bad[0..<14])) }
    }

    @Test("a reply arriving one byte at a time is reassembled; events are skipped")
    func partialReads() throws {
        let event = SwayIPC.encode(type: 0x8000_0000 | 0, payload: Array("{\"change\":\"focus\"}".utf8))
        let reply = SwayIPC.encode(type: 0, payload: Array(#"[{"success":true},{"success":false,"error":"no"}]"#.utf8))
        let server = try FakeIPCServer(reply: event + reply, chunk: 1)
        defer { server.shutdown() }
        let ipc = try SwayIPC(socketPath: server.path, timeout: 5)

        let error = #expect(throws: SwayIPCError.self) { try ipc.command("nop; fail") }
        guard case let .commandFailed(_, errors, results) = error else {
            Issue.record("expected commandFailed, got \(String(describing: error))")
            return
        }
        #expect(errors == ["no"])
        #expect(results.map(\.success) == [true, false])
        #expect(server.received == SwayIPC.encode(type: 0, payload: Array("nop; fail".utf8)))
    }

    @Test("a server that never answers makes the request time out")
    func timeout() throws {
        let server = try FakeIPCServer(reply: nil)
        defer { server.shutdown() }
        let ipc = try SwayIPC(socketPath: server.path, timeout: 0.3)
        let started = Date()
        let error = #expect(throws: SwayIPCError.self) { try ipc.outputs() }
        #expect(Date().timeIntervalSince(started) < 3)
        guard case .transport(.timedOut) = error else {
            Issue.record("expected a timeout, got \(String(describing: error))")
            return
        }
        ipc.close()
    }

    @Test("connecting to a missing socket fails with the path")
    func missingSocket() {
        let error = #expect(throws: SwayIPCError.self) {
            _ = try SwayIPC(socketPath: "/tmp/diorama-no-such-dir/sway-ipc.sock")
        }
        #expect(error.map { "\($0)" }?.contains("/tmp/diorama-no-such-dir/sway-ipc.sock") == true)
    }

    @Test("a socket path over 107 bytes is refused with the path and the limit, not cut short")
    func longSocketPath() {
        let long = "/tmp/" + String(repeating: "s", count: 110) + "/sway-ipc.sock"
        let error = #expect(throws: SwayIPCError.self) { _ = try SwayIPC(socketPath: long) }
        #expect(
            error.map { "\($0)" }?.contains("\(long): the socket path is \(long.utf8.count) bytes, longer than the 107 bytes") == true,
            "\(String(describing: error))")
    }

    @Test("outputs and tree decode, windows are found with their output")
    func decodeModels() throws {
        let outputsJSON = #"""
            [{"id":3,"type":"output","name":"HEADLESS-1","make":"headless","model":"headless","active":true,
              "focused":true,"scale":1.0,"transform":"normal","current_workspace":"1",
              "rect":{"x":0,"y":0,"width":1280,"height":800},
              "current_mode":{"width":1280,"height":800,"refresh":60000}},
             {"name":"HEADLESS-2","active":false,"rect":{"x":0,"y":0,"width":0,"height":0}}]
            """#
        let outputs = try JSONDecoder().decode([SwayOutput].self, from: Data(outputsJSON.utf8))
        #expect(outputs[0].currentMode == SwayMode(width: 1280, height: 800, refresh: 60000))
        #expect(outputs[0].currentWorkspace == "1")
        #expect(outputs[1].active == false)
        #expect(outputs[1].scale == -1)

        let treeJSON = #"""
            {"id":1,"type":"root","name":"root","rect":{"x":0,"y":0,"width":1920,"height":800},"focused":false,
             "nodes":[
              {"id":2,"type":"output","name":"__i3","rect":{"x":0,"y":0,"width":1920,"height":800},"nodes":[
                {"id":3,"type":"workspace","name":"__i3_scratch","rect":{"x":0,"y":0,"width":1920,"height":800},
                 "nodes":[],"floating_nodes":[]}]},
              {"id":4,"type":"output","name":"HEADLESS-2","rect":{"x":1280,"y":0,"width":640,"height":400},"nodes":[
                {"id":5,"type":"workspace","name":"2","rect":{"x":1280,"y":0,"width":640,"height":400},"nodes":[
                  {"id":6,"type":"con","name":"t","app_id":"a","pid":42,"shell":"xdg_shell",
                   "rect":{"x":1280,"y":0,"width":640,"height":400}}],
                 "floating_nodes":[
                  {"id":7,"type":"floating_con","app_id":"b","pid":43,
                   "rect":{"x":1300,"y":10,"width":100,"height":50}}]}]}]}
            """#
        let tree = try JSONDecoder().decode(SwayNode.self, from: Data(treeJSON.utf8))
        #expect(tree.windows().map(\.node.appID) == ["a", "b"])
        let a = try #require(tree.findWindow(appID: "a"))
        #expect(a.output == "HEADLESS-2")
        #expect(a.workspace == "2")
        #expect(a.rect == SwayRect(x: 1280, y: 0, width: 640, height: 400))
        #expect(!a.isFloating)
        let b = try #require(tree.findWindow(appID: "b"))
        #expect(b.isFloating)
        #expect(tree.findWindow(appID: "c") == nil)
        #expect(tree.first { $0.type == "workspace" && $0.name == "2" }?.id == 5)
    }
}

@Suite("launch helpers (no compositor needed)")
struct LaunchHelperTests {
    @Test("the generated sway config places and scales each headless output")
    func swayConfiguration() {
        let config = SwayHeadless.configuration(outputs: SwayHeadless.defaultOutputs)
        #expect(config.contains("output HEADLESS-1 mode 1280x800 position 0,0 scale 1\n"))
        #expect(config.contains("output HEADLESS-2 mode 1280x800 position 1280,0 scale 2\n"))
        #expect(config.contains("default_border none"))
        #expect(config.contains("focus_follows_mouse no"))
        #expect(!config.contains("bar {"))
        #expect(!config.contains("floating enable"))

        let floating = SwayHeadless.configuration(
            outputs: [.init(width: 800, height: 600, scale: 1.25, x: 5, y: 6, transform: "180")],
            floatingWindows: true, extraConfig: ["gaps inner 4"])
        #expect(floating.contains("output HEADLESS-1 mode 800x600 position 5,6 scale 1.25 transform 180"))
        #expect(floating.contains("for_window [app_id=\".*\"] floating enable"))
        #expect(floating.hasSuffix("gaps inner 4\n"))
    }

    @Test("the shipped sample config matches the default outputs")
    func sampleConfig() throws {
        // Resolve symlinks: the test directory may be linked into another package.
        let testFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let real = try #require(realpath(testFile.path, nil))
        defer { free(real) }
        let resolved = URL(fileURLWithPath: String(cString: real))
        let root = resolved.deletingLastPathComponent().deletingLastPathComponent()
        let sample = try String(
            contentsOf: root.appendingPathComponent("Configs/sway/two-outputs.conf"),
            encoding: .utf8)
        let generated = SwayHeadless.configuration(outputs: SwayHeadless.defaultOutputs)
        for line in generated.split(separator: "\n") where !line.hasPrefix("#") {
            #expect(sample.contains(line), "sample config lacks: \(line)")
        }
    }

    @Test("socket and process-id parsing")
    func parsing() {
        #expect(SwayHeadless.isWaylandSocketName("wayland-1"))
        #expect(SwayHeadless.isWaylandSocketName("wayland-12"))
        #expect(!SwayHeadless.isWaylandSocketName("wayland-1.lock"))
        #expect(!SwayHeadless.isWaylandSocketName("wayland-"))
        #expect(SwayHeadless.swayProcessID(ipcSocketPath: "/tmp/x/run/sway-ipc.999.4483.sock") == 4483)
        #expect(SwayHeadless.swayProcessID(ipcSocketPath: "/tmp/x/run/other.sock") == nil)
        #expect(SwayHeadless.formatScale(2) == "2")
        #expect(SwayHeadless.formatScale(1.5) == "1.5")

        let stat = ProcessStat.parse("123 (a (weird) name) S 1 123 123 0 -1 4194560 0 0")
        #expect(stat == ProcessStat(pid: 123, state: "S", ppid: 1, pgid: 123))
        #expect(ProcessStat.read(getpid())?.isLive == true)
    }

    @Test("a missing program names the package to install")
    func missingExecutable() {
        let error = #expect(throws: CompositorLaunchError.self) {
            _ = try Executables.require("diorama-no-such-program", package: "diorama-pkg")
        }
        #expect(error.map { "\($0)" } == "diorama-no-such-program not found: apt-get install diorama-pkg (or run `make deps`)")
        #expect(Executables.find("sh") != nil)
    }
}

import DioramaClient
import DioramaPOSIX
import DioramaTestTraits
import Foundation
import HeadlessCompositors
import Testing
import WaylandClient

#if canImport(Glibc)
    import Glibc
#endif

/// What the library throws when there is no compositor, when it kills the
/// connection with a protocol error, and when it goes away.
@Suite("connection failures", .ownThreads)
struct ConnectionFailureTests {
    @Test("no compositor: .noCompositor names WAYLAND_DISPLAY, XDG_RUNTIME_DIR and the resolved path")
    func noCompositor() throws {
        let runtime = NSTemporaryDirectory() + "diorama-client-none-\(getpid())-\(UUID().uuidString.prefix(6))"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: runtime) }

        let error = #expect(throws: ConnectionError.self) {
            _ = try Connection(environment: ["WAYLAND_DISPLAY": "wayland-77", "XDG_RUNTIME_DIR": runtime])
        }
        guard case let .noCompositor(search)? = error else {
            Issue.record("expected .noCompositor, got \(String(describing: error))")
            return
        }
        #expect(search.resolvedPath == runtime + "/wayland-77")
        #expect(!search.fileExists)
        let text = String(describing: error!)
        #expect(text.contains("WAYLAND_DISPLAY=wayland-77"))
        #expect(text.contains("XDG_RUNTIME_DIR=\(runtime)"))
        #expect(text.contains("\(runtime)/wayland-77: no such file"))
        #expect(text.contains("diorama sim"))
    }

    @Test("a stale socket (nobody listening) is reported as such")
    func staleSocket() throws {
        let path = NSTemporaryDirectory() + "diorama-stale-\(getpid())-\(UUID().uuidString.prefix(6))"
        close(try UnixSocket.listen(at: path, backlog: 1))  // its listener is gone: connect() is refused
        defer { unlink(path) }

        let error = #expect(throws: ConnectionError.self) { _ = try Connection(display: path, environment: [:]) }
        guard case let .noCompositor(search)? = error else {
            Issue.record("expected .noCompositor, got \(String(describing: error))")
            return
        }
        #expect(search.isSocket)
        #expect(search.connectErrno == ECONNREFUSED)
        #expect(String(describing: error!).contains("stale socket"))
    }

    @Test("a socket whose path is over 107 bytes is named with the limit, not reached through a cut-short path")
    func socketPathTooLong() throws {
        // The socket is made through a short symlink to a long directory, so
        // it exists at a path too long for a socket address.
        let long = try TemporaryDirectory.make(prefix: "/tmp/diorama-long-" + String(repeating: "d", count: 90) + "-")
        defer { try? FileManager.default.removeItem(atPath: long) }
        let short = "/tmp/diorama-short-\(getpid())-\(UUID().uuidString.prefix(6))"
        try FileManager.default.createSymbolicLink(atPath: short, withDestinationPath: long)
        defer { unlink(short) }
        let listener = try UnixSocket.listen(at: short + "/wayland-0", backlog: 1)
        defer { close(listener) }
        let path = long + "/wayland-0"
        try #require(path.utf8.count > UnixSocketAddress.maximumPathLength)

        let error = #expect(throws: ConnectionError.self) { _ = try Connection(display: path, environment: [:]) }
        guard case let .noCompositor(search)? = error else {
            Issue.record("expected .noCompositor, got \(String(describing: error))")
            return
        }
        #expect(search.isSocket)
        #expect(search.connectErrno == ENAMETOOLONG)
        #expect(
            String(describing: error!).contains("\(path): the path is longer than the 107 bytes a Unix socket address holds"),
            "\(error!)")
    }

    @Test("a global the compositor lacks: RegistryError names it and the minimum version")
    func missingGlobal() throws {
        let sway = try SwayHeadless.start(outputs: [.init()])
        defer { sway.stop() }
        let connection = try Connection(display: sway.waylandDisplay, environment: [:])
        let registry = try Registry(connection: connection)
        #expect(!registry.globals.isEmpty)
        #expect(registry.offers(WlCompositor.self))

        let error = #expect(throws: RegistryError.self) {
            _ = try registry.bind(WpFractionalScaleManagerV1.self, min: 1, max: 1)
        }
        #expect(error == .missingGlobal(interface: "wp_fractional_scale_manager_v1", minimumVersion: 1, offered: nil))
        let text = String(describing: error!)
        #expect(text.contains("wp_fractional_scale_manager_v1"))
        #expect(text.contains("version 1 or newer"))

        // sway 1.7 offers xdg_wm_base v2: asking for at least v3 fails and says what is offered.
        let tooOld = #expect(throws: RegistryError.self) { _ = try registry.bind(XdgWmBase.self, min: 3, max: 5) }
        #expect(tooOld == .missingGlobal(interface: "xdg_wm_base", minimumVersion: 3, offered: 2))
        #expect(String(describing: tooOld!).contains("only at version 2"))

        // Negotiation: min(ours, compositor's).
        let wmBase = try registry.bind(XdgWmBase.self, min: 1, max: 5)
        #expect(wmBase.version == 2)
        let compositor = try registry.bind(WlCompositor.self, min: 1, max: 3)
        #expect(compositor.version == 3)
    }

    @Test("a protocol error (set_buffer_scale(0) under weston) is thrown with interface, object id, code and message")
    func protocolError() throws {
        let weston = try WestonHeadless.start(scale: 1)
        defer { weston.stop() }
        let connection = try Connection(display: weston.waylandDisplay, environment: [:])
        let registry = try Registry(connection: connection)
        let compositor = try CompositorState(registry: registry, outputState: nil)
        let surface = compositor.createSurface()
        // Bypass Surface.setBufferScale's precondition: talk to the proxy directly.
        surface.wlSurface.setBufferScale(scale: 0)
        let surfaceID = surface.wlSurface.id

        let error = #expect(throws: ConnectionError.self) { try connection.roundtrip() }
        guard case let .protocolError(interface, objectID, code, message)? = error else {
            Issue.record("expected .protocolError, got \(String(describing: error))")
            return
        }
        #expect(interface == "wl_surface")
        #expect(objectID == surfaceID)
        #expect(code == WlSurface.Error.invalidScale.rawValue)
        #expect(message.contains("scale"), "compositor message: \(message)")
        let text = String(describing: error!)
        #expect(text.contains("wl_surface@\(surfaceID)"))

        // Sticky: later calls throw the same error at once, nothing crashes.
        #expect(connection.error == error)
        #expect(throws: error!) { try connection.dispatch(timeout: .seconds(1)) }
        #expect(throws: error!) { try connection.flush() }
        surface.commit()  // requests on a dead connection are dropped
    }

    @Test("the compositor exits while we are connected: .disconnected, no hang")
    func compositorDisconnects() throws {
        let weston = try WestonHeadless.start(scale: 1)
        let connection = try Connection(display: weston.waylandDisplay, environment: [:])
        let registry = try Registry(connection: connection)
        let outputs = OutputState(registry: registry)
        try outputs.waitUntilDescribed()
        #expect(outputs.outputs.count == 1)

        weston.stop()
        let error = #expect(throws: ConnectionError.self) {
            // A bounded wait: the hang-up must end it long before the timeout.
            try connection.run(until: { false }, timeout: .seconds(20), waitingFor: "the compositor to go away")
        }
        guard case let .disconnected(code)? = error else {
            Issue.record("expected .disconnected, got \(String(describing: error))")
            return
        }
        #expect(code == EPIPE || code == ECONNRESET, "errno \(code)")
        #expect(throws: error!) { try connection.roundtrip() }
    }

    @Test("roundtrip and run(until:) are bounded by their timeout")
    func boundedWait() throws {
        let weston = try WestonHeadless.start(scale: 1)
        defer { weston.stop() }
        let connection = try Connection(display: weston.waylandDisplay, environment: [:])
        try connection.roundtrip()
        let error = #expect(throws: ConnectionError.self) {
            try connection.run(until: { false }, timeout: .milliseconds(200), waitingFor: "nothing in particular")
        }
        #expect(error == .timedOut(waitingFor: "nothing in particular", seconds: 0.2))
        // A timeout is not a failure of the connection.
        #expect(connection.error == nil)
        try connection.roundtrip()
    }
}

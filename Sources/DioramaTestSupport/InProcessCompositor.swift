import CDioramaServerShim
import CWaylandServer
import DioramaPOSIX
import Foundation
import Synchronization
import WaylandServer

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny compositor in the test process, on its own thread: for what real
/// compositors here cannot do on demand (sway 1.7's headless backend cannot
/// remove an output; neither weston nor sway can leave out xdg_wm_base). It
/// offers wl_compositor, and whatever the test adds (outputs, a seat with a
/// pointer, wl_shm), lets the test send enter events and remove globals.
///
/// Two ways to reach it: `init()` makes a socket pair for a client in the
/// same process (`clientSocket`, for `Connection(adoptingSocket:)`);
/// `init(listeningAt:)` listens on a socket path, for client processes
/// started with `WAYLAND_DISPLAY=<that path>`.
///
/// Server objects live on the server thread only; the test reaches them with
/// `perform`, which runs a closure there and waits for it.
package final class InProcessCompositor: @unchecked Sendable {
    package struct OutputSpec: Sendable {
        package var name: String
        package var version: UInt32
        package var scale: Int32
        package var width: Int32
        package var height: Int32
        package var x: Int32

        package init(name: String, version: UInt32, scale: Int32, width: Int32, height: Int32, x: Int32 = 0) {
            self.name = name
            self.version = version
            self.scale = scale
            self.width = width
            self.height = height
            self.x = x
        }
    }

    /// The client's end of the socket pair (for `Connection(adoptingSocket:)`);
    /// nil for a compositor made with `init(listeningAt:)`.
    package let clientSocket: Int32?
    /// The socket path clients connect to; nil for a socket-pair compositor.
    package let socketPath: String?

    private let display: OpaquePointer
    private let eventLoop: OpaquePointer
    /// What test threads and the server thread hand each other.
    private struct Handoff {
        /// Work the server thread runs on its next turn.
        var tasks: [@Sendable () -> Void] = []
        /// Set by `stop()`: the server thread ends after its current turn.
        var stopping = false
        /// Set by the server thread as it ends.
        var finished = false
    }
    private let handoff = Mutex(Handoff())

    // Server-thread state.
    private var compositorGlobal: Global<WaylandServer.WlCompositor>?
    private var outputGlobals: [String: Global<WaylandServer.WlOutput>] = [:]
    package private(set) var outputResources: [String: [WaylandServer.WlOutput]] = [:]
    package private(set) var releasedOutputs: [String] = []
    package private(set) var surfaces: [WaylandServer.WlSurface] = []
    private var seatGlobal: Global<WaylandServer.WlSeat>?
    package private(set) var pointers: [WaylandServer.WlPointer] = []
    private var shmGlobal: Global<WaylandServer.WlShm>?
    private var wmBaseGlobal: Global<WaylandServer.XdgWmBase>?

    /// A compositor with one client in this process, over a socket pair.
    package convenience init() throws {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw InProcessCompositorError("could not create the socket pair: \(String(cString: strerror(errno)))")
        }
        try self.init(clientSocket: fds[1]) { display in
            guard wl_client_create(display, fds[0]) != nil else {
                throw InProcessCompositorError("wl_client_create failed")
            }
        }
    }

    /// A compositor listening on `path` (a UNIX socket it creates; an old
    /// socket file there is replaced), for clients in other processes.
    package convenience init(listeningAt path: String) throws {
        let listener = try Self.listeningSocket(at: path)
        try self.init(clientSocket: nil, socketPath: path) { display in
            guard wl_display_add_socket_fd(display, listener) == 0 else {
                close(listener)
                throw InProcessCompositorError("wl_display_add_socket_fd failed for \(path)")
            }
        }
    }

    private init(clientSocket: Int32?, socketPath: String? = nil, attach: (OpaquePointer) throws -> Void) throws {
        guard let display = wl_display_create() else {
            throw InProcessCompositorError("could not create the server display")
        }
        self.display = display
        self.clientSocket = clientSocket
        self.socketPath = socketPath
        eventLoop = wl_display_get_event_loop(display)
        do {
            try attach(display)
        } catch {
            wl_display_destroy(display)
            throw error
        }
        compositorGlobal = Global<WaylandServer.WlCompositor>(display: display, version: 4) { [weak self] compositor in
            compositor.onRequest = { request in
                if case let .createSurface(surface) = request { self?.surfaces.append(surface) }
            }
        }
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// A bound, listening, close-on-exec UNIX stream socket at `path`.
    private static func listeningSocket(at path: String) throws -> Int32 {
        unlink(path)
        do {
            return try UnixSocket.listen(at: path, backlog: 8)
        } catch {
            throw InProcessCompositorError("could not listen: \(error)")
        }
    }

    /// Runs `body` on the server thread and waits for it.
    package func perform(_ body: @escaping @Sendable (InProcessCompositor) -> Void) {
        let done = DispatchSemaphore(value: 0)
        handoff.withLock {
            $0.tasks.append {
                body(self); done.signal()
            }
        }
        done.wait()
    }

    /// Adds a wl_output global that describes itself on bind.
    package func addOutput(_ spec: OutputSpec) {
        perform { server in
            server.outputGlobals[spec.name] = Global<WaylandServer.WlOutput>(display: server.display, version: spec.version) { [weak server] output in
                guard let server else { return }
                server.outputResources[spec.name, default: []].append(output)
                output.onDestroy = { [weak server] in server?.releasedOutputs.append(spec.name) }
                output.sendGeometry(
                    x: spec.x, y: 0, physicalWidth: 0, physicalHeight: 0, subpixel: .unknown,
                    make: "diorama-test", model: spec.name, transform: .normal)
                output.sendMode(flags: [.current], width: spec.width, height: spec.height, refresh: 60000)
                output.sendScale(factor: spec.scale)
                if output.version >= 4 { output.sendName(name: spec.name) }
                output.sendDone()
            }
        }
    }

    /// Adds a wl_seat (v5) with a pointer.
    package func addSeatWithPointer() {
        perform { server in
            server.seatGlobal = Global<WaylandServer.WlSeat>(display: server.display, version: 5) { [weak server] seat in
                seat.onRequest = { request in
                    if case let .getPointer(pointer) = request { server?.pointers.append(pointer) }
                }
                seat.sendName(name: "test-seat")
                seat.sendCapabilities(capabilities: [.pointer])
            }
        }
    }

    /// Sends pointer events for the client's `index`-th surface, as a
    /// compositor does for a pointer moving in, moving, clicking, scrolling.
    package func pointerScript(surface index: Int) {
        perform { server in
            guard let pointer = server.pointers.last, index < server.surfaces.count else { return }
            let surface = server.surfaces[index]
            pointer.sendEnter(serial: 10, surface: surface, surfaceX: 12.5, surfaceY: 7.25)
            pointer.sendFrame()
            pointer.sendMotion(time: 1000, surfaceX: 40.75, surfaceY: 30.5)
            pointer.sendFrame()
            pointer.sendButton(serial: 11, time: 1010, button: 0x110, state: .pressed)
            pointer.sendFrame()
            pointer.sendButton(serial: 12, time: 1020, button: 0x110, state: .released)
            pointer.sendFrame()
            pointer.sendAxisSource(axisSource: .wheel)
            pointer.sendAxisDiscrete(axis: .verticalScroll, discrete: 2)
            pointer.sendAxis(time: 1030, axis: .verticalScroll, value: 30)
            pointer.sendFrame()
            pointer.sendLeave(serial: 13, surface: surface)
            pointer.sendFrame()
        }
    }

    /// Adds wl_shm (v1) announcing ARGB8888 and XRGB8888. Pools are accepted
    /// and ignored (their fd closes itself, unhandled): no test here reads
    /// client pixels.
    package func addShm() {
        perform { server in
            server.shmGlobal = Global<WaylandServer.WlShm>(display: server.display, version: 1) { shm in
                shm.sendFormat(format: .argb8888)
                shm.sendFormat(format: .xrgb8888)
            }
        }
    }

    /// Offers every global a Diorama app requires (an inert xdg_wm_base
    /// besides wl_compositor), but answers the bind of wl_shm with
    /// `wl_display.error` `code` on the client's wl_display object (1), the
    /// way libwayland-server reports an invalid object (0) or method (1): a
    /// client failed during its startup roundtrips.
    package func failClientsAtStartup(displayErrorCode code: UInt32, message: String) {
        perform { server in
            server.wmBaseGlobal = Global<WaylandServer.XdgWmBase>(display: server.display, version: 1) { _ in }
            server.shmGlobal = Global<WaylandServer.WlShm>(display: server.display, version: 1) { shm in
                guard let displayObject = wl_client_get_object(shm.client, 1) else { return }
                CDioramaServerShim_post_error(displayObject, code, message)
            }
        }
    }

    /// Withdraws an output's global (as a compositor does on unplug).
    package func removeOutput(named name: String) {
        perform { server in server.outputGlobals.removeValue(forKey: name)?.remove() }
    }

    /// Sends wl_surface.enter for the client's `index`-th surface on `output`.
    package func enter(surface index: Int, output name: String) {
        perform { server in
            guard index < server.surfaces.count, let output = server.outputResources[name]?.last else { return }
            server.surfaces[index].sendEnter(output: output)
        }
    }

    package func stop() {
        handoff.withLock { $0.stopping = true }
        while !handoff.withLock({ $0.finished }) { usleep(1000) }
    }

    deinit {
        stop()
        wl_display_destroy_clients(display)
        wl_display_destroy(display)
        if let socketPath { unlink(socketPath) }
    }

    /// The server thread: dispatch requests, run the test's tasks, flush events.
    private func serve() {
        while true {
            wl_event_loop_dispatch(eventLoop, 2)
            let (pending, stop) = handoff.withLock { handoff in
                defer { handoff.tasks.removeAll() }
                return (handoff.tasks, handoff.stopping)
            }
            for task in pending { task() }
            wl_display_flush_clients(display)
            if stop { break }
        }
        outputGlobals.removeAll()
        compositorGlobal = nil
        seatGlobal = nil
        shmGlobal = nil
        wmBaseGlobal = nil
        handoff.withLock { $0.finished = true }
    }
}

package struct InProcessCompositorError: Error, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}

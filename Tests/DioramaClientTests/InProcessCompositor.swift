import CWaylandServer
import Foundation
import WaylandServer
#if canImport(Glibc)
import Glibc
#endif

/// A tiny compositor in the test process, on its own thread, talking to one
/// client over a socket pair: for what real compositors here cannot do on
/// demand (sway 1.7's headless backend cannot remove an output). It offers
/// wl_compositor and the outputs the test adds, and lets the test send
/// enter events and remove globals.
///
/// Server objects live on the server thread only; the test reaches them with
/// `perform`, which runs a closure there and waits for it.
final class InProcessCompositor: @unchecked Sendable {
    struct OutputSpec: Sendable {
        var name: String
        var version: UInt32
        var scale: Int32
        var width: Int32
        var height: Int32
        var x: Int32 = 0
    }

    /// The client's end of the socket pair (for `Connection(adoptingSocket:)`).
    let clientSocket: Int32

    private let display: OpaquePointer
    private let eventLoop: OpaquePointer
    private let lock = NSLock()
    private var tasks: [() -> Void] = []
    private var stopping = false
    private var finished = false

    // Server-thread state.
    private var compositorGlobal: Global<WaylandServer.WlCompositor>?
    private var outputGlobals: [String: Global<WaylandServer.WlOutput>] = [:]
    private(set) var outputResources: [String: [WaylandServer.WlOutput]] = [:]
    private(set) var releasedOutputs: [String] = []
    private(set) var surfaces: [WaylandServer.WlSurface] = []
    private var seatGlobal: Global<WaylandServer.WlSeat>?
    private(set) var pointers: [WaylandServer.WlPointer] = []

    init() throws {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0,
              let display = wl_display_create() else {
            throw InProcessCompositorError("could not create the socket pair or the server display")
        }
        self.display = display
        eventLoop = wl_display_get_event_loop(display)
        guard wl_client_create(display, fds[0]) != nil else {
            throw InProcessCompositorError("wl_client_create failed")
        }
        clientSocket = fds[1]
        compositorGlobal = Global<WaylandServer.WlCompositor>(display: display, version: 4) { [weak self] compositor in
            compositor.onRequest = { request in
                if case let .createSurface(surface) = request { self?.surfaces.append(surface) }
            }
        }
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// Runs `body` on the server thread and waits for it.
    func perform(_ body: @escaping @Sendable (InProcessCompositor) -> Void) {
        let done = DispatchSemaphore(value: 0)
        lock.lock()
        tasks.append { body(self); done.signal() }
        lock.unlock()
        done.wait()
    }

    /// Adds a wl_output global that describes itself on bind.
    func addOutput(_ spec: OutputSpec) {
        perform { server in
            server.outputGlobals[spec.name] = Global<WaylandServer.WlOutput>(display: server.display, version: spec.version) { [weak server] output in
                guard let server else { return }
                server.outputResources[spec.name, default: []].append(output)
                output.onDestroy = { [weak server] in server?.releasedOutputs.append(spec.name) }
                output.sendGeometry(x: spec.x, y: 0, physicalWidth: 0, physicalHeight: 0, subpixel: .unknown,
                                    make: "diorama-test", model: spec.name, transform: .normal)
                output.sendMode(flags: [.current], width: spec.width, height: spec.height, refresh: 60000)
                output.sendScale(factor: spec.scale)
                if output.version >= 4 { output.sendName(name: spec.name) }
                output.sendDone()
            }
        }
    }

    /// Adds a wl_seat (v5) with a pointer.
    func addSeatWithPointer() {
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
    func pointerScript(surface index: Int) {
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

    /// Withdraws an output's global (as a compositor does on unplug).
    func removeOutput(named name: String) {
        perform { server in server.outputGlobals.removeValue(forKey: name)?.remove() }
    }

    /// Sends wl_surface.enter for the client's `index`-th surface on `output`.
    func enter(surface index: Int, output name: String) {
        perform { server in
            guard index < server.surfaces.count, let output = server.outputResources[name]?.last else { return }
            server.surfaces[index].sendEnter(output: output)
        }
    }

    func stop() {
        lock.lock()
        stopping = true
        lock.unlock()
        while !(lock.withLock { finished }) { usleep(1000) }
    }

    deinit {
        stop()
        wl_display_destroy_clients(display)
        wl_display_destroy(display)
    }

    /// The server thread: dispatch requests, run the test's tasks, flush events.
    private func serve() {
        while true {
            wl_event_loop_dispatch(eventLoop, 2)
            lock.lock()
            let pending = tasks
            tasks.removeAll()
            let stop = stopping
            lock.unlock()
            for task in pending { task() }
            wl_display_flush_clients(display)
            if stop { break }
        }
        outputGlobals.removeAll()
        compositorGlobal = nil
        seatGlobal = nil
        lock.withLock { finished = true }
    }
}

struct InProcessCompositorError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

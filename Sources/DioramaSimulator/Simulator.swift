import CWaylandServer
import DioramaModel
import DioramaPOSIX
import Foundation
import Glibc
import WaylandServer

/// A headless Wayland compositor with several displays of different — and
/// fractional — scales, driven by code: the display simulator.
///
/// It owns a `wl_display`, its event loop, the socket, the globals of its
/// ``CompositorProfile`` and a ``Trace`` of everything that happened, and
/// wires together one server per protocol area (`CompositorServer`,
/// `ShmServer`, `OutputServer`, `ScaleServer`, `PresentationServer`,
/// `SeatServer`), each owning its objects and their validation, and the
/// commands on top of them (`DisplayCommands`, `InputCommands`). The state
/// they share is held by data owners that send no events: `DisplayArrangement`
/// (displays), `ShellRegistry` (xdg-shell objects, windows, stacking and
/// focus), `SurfaceRegistry` (surfaces and buffers) and `ClientRegistry`.
/// Windows are the `XdgShellServer`'s (xdg-shell, decorations, window
/// placement), which calls the `WindowManager` (the window policy), with
/// `WindowCommands` on top.
/// It is not thread-safe: every call happens on the thread that runs its
/// event loop.
///
/// Two ways to run it:
/// - As a server: ``start(socketName:runtimeDirectory:)`` opens the socket,
///   ``run()`` blocks dispatching until ``stop()`` (or a ``RemoteControl``
///   call from another thread).
/// - In-process, from a test: ``start(socketName:runtimeDirectory:)``, then
///   ``dispatch(timeout:)`` whenever the test wants the simulator to handle
///   what clients sent. `DioramaSimulatorHarness` wraps this with roundtrips.
///
/// Scripts change the world through the control methods (`moveWindow`,
/// `setScale`, `plugDisplay`, …, in `Control/`), which send the resulting
/// protocol events in the order `Docs/simulator.md` documents.
public final class Simulator {
    /// What the simulator was started with.
    public let configuration: SimulatorConfiguration
    /// The compositor profile it imitates.
    public var profile: CompositorProfile { configuration.profile }
    /// Every protocol-level fact it saw or caused, in order.
    public let trace: Trace
    /// Where its time comes from (a ``ManualClock`` in the harness).
    public let clock: any SimulatorClock
    let wlDisplay: OpaquePointer
    let eventLoop: OpaquePointer

    /// The xdg-shell objects, the windows, their stacking order and focus.
    let shellRegistry = ShellRegistry()
    /// The connected clients.
    let clientRegistry = ClientRegistry()
    /// The memory control-endpoint screenshots hold; thread-safe.
    let screenshotBudget: ScreenshotMemoryBudget

    /// One server per protocol area, each owning its objects and their
    /// validation (wired in `init`; Simulator+Servers.swift forwards to them).
    let errors: ProtocolErrorReporter
    let serials: SerialSource
    let outputs: OutputServer
    let compositor: CompositorServer
    let shm: ShmServer
    let scale: ScaleServer
    let presentation: PresentationServer
    let seat: SeatServer
    /// The window half: the policy (placement, focus, stacking, configures),
    /// the xdg-shell server that calls it, and the window commands on top.
    let windowManager: WindowManager
    let xdgShell: XdgShellServer
    let windowCommands: WindowCommands
    let frameScheduler: FrameScheduler

    /// Removes each global; run before `wl_display_destroy`.
    var globalRemovers: [() -> Void] = []
    private var clientCreatedListener: NativeListener!
    private var socket: ListeningSocket?
    private var acceptor: ClientAcceptor?
    private var runtimeDirectory: RuntimeDirectory?
    private var isRunning = false
    private var isShutDown = false
    /// Set up by `remoteControl`, lazily.
    var remoteControlStorage: RemoteControl?
    /// What other threads wait for, checked after each dispatch that had news.
    let waiters = SimulatorWaiters()
    /// The events of back-to-back control requests, queued to go out together.
    var controlEventHold = ControlEventHold()

    /// Creates the compositor and its globals. Clients can connect once
    /// ``start(socketName:runtimeDirectory:)`` opened a socket.
    ///
    /// - Throws: ``DisplayLayoutError`` when the layout is invalid or names an
    ///   unknown default display.
    public init(configuration: SimulatorConfiguration) throws(DisplayLayoutError) {
        try configuration.layout.validate()
        let defaultName = configuration.defaultDisplay ?? configuration.layout.displays[0].name
        guard configuration.layout.display(named: defaultName) != nil else {
            throw DisplayLayoutError(
                display: defaultName, field: "defaultDisplay",
                problem: "the default display is not in the layout; use one of \(configuration.layout.displays.map(\.name).joined(separator: ", "))")
        }
        guard let display = wl_display_create() else {
            preconditionFailure("wl_display_create failed (out of memory)")
        }
        self.configuration = configuration
        self.clock = configuration.clock
        self.trace = Trace(capacity: configuration.limits.traceCapacity, clock: configuration.clock)
        self.screenshotBudget = ScreenshotMemoryBudget(capacity: configuration.limits.maximumScreenshotBytesInFlight)
        self.wlDisplay = display
        self.eventLoop = wl_display_get_event_loop(display)
        let surfaces = SurfaceRegistry()
        errors = ProtocolErrorReporter(trace: trace, clients: clientRegistry)
        serials = SerialSource(display: display)
        outputs = OutputServer(
            configuration: configuration, defaultDisplayName: defaultName, wlDisplay: display,
            surfaces: surfaces, trace: trace, waiters: waiters)
        frameScheduler = FrameScheduler(clock: clock, trace: trace, arrangement: outputs.arrangement, eventLoop: eventLoop)
        compositor = CompositorServer(
            surfaces: surfaces, clients: clientRegistry, configuration: configuration, errors: errors,
            trace: trace, frameScheduler: frameScheduler, outputs: outputs)
        shm = ShmServer(surfaces: surfaces, limits: configuration.limits, errors: errors)
        scale = ScaleServer(surfaces: surfaces, outputs: outputs, errors: errors)
        presentation = PresentationServer(surfaces: surfaces)
        seat = SeatServer(
            clients: clientRegistry, surfaces: surfaces, shell: shellRegistry, trace: trace, clock: clock,
            errors: errors, serials: serials, selectionAfterKeyboardEnter: configuration.profile.selectionAfterKeyboardEnter)
        windowManager = WindowManager(
            registry: shellRegistry, outputs: outputs, seat: seat, frameScheduler: frameScheduler,
            clients: clientRegistry, trace: trace, profile: configuration.profile)
        xdgShell = XdgShellServer(
            windowManager: windowManager, surfaces: surfaces, limits: configuration.limits, errors: errors,
            serials: serials, waiters: waiters)
        windowManager.shell = xdgShell
        windowCommands = WindowCommands(windowManager: windowManager, seat: seat)
        outputs.windowOperations = windowManager
        compositor.windowOperations = windowManager
        seat.windowOperations = windowManager
        clientCreatedListener = NativeListener(.clientCreated(display: display)) { [unowned self] data in
            guard let data else { return }
            self.clientConnected(OpaquePointer(data))
        }
        SimulatorGlobals.create(for: self) { [unowned self] in
            for displayConfiguration in configuration.layout.displays { self.outputs.addDisplay(displayConfiguration) }
        }
        clock.observeAdvances { [weak self] in self?.frameScheduler.deliverDueFrames() }
        trace.observe { [unowned self] record in self.traced(record) }
        outputs.flushAllClients = { [unowned self] in self.flushClients() }
    }

    /// Convenience: a layout and a profile, everything else default.
    public convenience init(
        layout: DisplayLayout, profile: CompositorProfile = .modern,
        clock: any SimulatorClock = MonotonicClock()
    ) throws(DisplayLayoutError) {
        try self.init(configuration: SimulatorConfiguration(layout: layout, profile: profile, clock: clock))
    }

    deinit { shutDown() }

    // MARK: Windows and displays (held by the shell registry and the display arrangement)

    /// Every live toplevel, in creation order (mapped or not).
    public var windows: [Window] { shellRegistry.windows }
    /// Mapped windows bottom to top: a window goes on top when it maps or
    /// takes focus. What a screen compositor draws in order.
    public var stackingOrder: [Window] { shellRegistry.stackingOrder }
    /// The window that has keyboard focus and the `activated` state.
    public var focusedWindow: Window? { shellRegistry.focusedWindow }
    /// The plugged displays, in layout order.
    public var displays: [Display] { displayArrangement.plugged }
    /// The display new toplevels open on.
    public var defaultDisplayName: String { displayArrangement.defaultDisplayName }

    /// The display called `name` among the plugged ones.
    public func display(named name: String) -> Display? {
        displayArrangement.display(named: name)
    }

    // MARK: Socket

    /// The socket's absolute path once started.
    public var socketPath: String? { socket?.path }
    /// The socket's name (`wayland-1`), the value for `WAYLAND_DISPLAY`.
    public var socketName: String? { socket?.name }
    /// The directory holding the socket, the value for `XDG_RUNTIME_DIR`.
    public var runtimeDirectoryPath: String? { runtimeDirectory?.path }

    /// What a client process needs in its environment to connect.
    public var clientEnvironment: [String: String] {
        guard let socket else { return [:] }
        return ["XDG_RUNTIME_DIR": socket.directory, "WAYLAND_DISPLAY": socket.name]
    }

    /// The environment as shell assignments a shell can `eval`:
    /// `XDG_RUNTIME_DIR='/run/user/0'; WAYLAND_DISPLAY='wayland-1'; export XDG_RUNTIME_DIR WAYLAND_DISPLAY`.
    public var shellExports: String {
        guard let socket else { return "" }
        func quoted(_ value: String) -> String { "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return "XDG_RUNTIME_DIR=\(quoted(socket.directory)); WAYLAND_DISPLAY=\(quoted(socket.name)); export XDG_RUNTIME_DIR WAYLAND_DISPLAY"
    }

    /// Opens the listening socket.
    ///
    /// - Parameters:
    ///   - socketName: a file name such as `wayland-sim`; nil picks the first
    ///     free `wayland-N`.
    ///   - runtimeDirectory: where the socket goes; nil uses `$XDG_RUNTIME_DIR`,
    ///     or a new private 0700 directory when that is unset.
    public func start(socketName: String? = nil, runtimeDirectory: String? = nil) throws(SimulatorSocketError) {
        precondition(socket == nil, "the simulator is already listening on \(socket?.path ?? "")")
        let directory = try RuntimeDirectory.resolve(explicit: runtimeDirectory)
        let opened: ListeningSocket
        do {
            opened = try ListeningSocket.open(in: directory.path, name: socketName)
        } catch {
            directory.removeIfPrivate()
            throw error
        }
        guard let acceptor = ClientAcceptor(display: wlDisplay, eventLoop: eventLoop, listening: opened.descriptor) else {
            opened.removeFiles()
            directory.removeIfPrivate()
            throw SimulatorSocketError(path: opened.path, problem: "the event loop refused the listening socket")
        }
        self.acceptor = acceptor
        socket = opened
        self.runtimeDirectory = directory
    }

    // MARK: Event loop

    /// Handles whatever is ready (client requests, timers), waiting up to
    /// `timeout` for something to arrive (nil waits indefinitely), runs the
    /// ``RemoteControl`` jobs queued by then, and sends every queued event to
    /// the clients.
    ///
    /// The wait itself holds no lock: while the loop sleeps, a
    /// ``RemoteControl/perform(_:)`` caller on another thread may work on
    /// the simulator under the loop lock (when ``run()`` drives it); the
    /// handling that follows takes that lock.
    public func dispatch(timeout: Duration? = .zero) {
        precondition(!isShutDown, "the simulator was shut down")
        let milliseconds: Int32
        if let timeout {
            let (seconds, attoseconds) = timeout.components
            milliseconds = Int32(clamping: max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        } else {
            milliseconds = -1
        }
        if milliseconds != 0 {
            withLoopLock { flushClients() }  // what is queued goes out before the loop sleeps
            remoteControl.waitForEvents(on: wl_event_loop_get_fd(eventLoop), milliseconds: milliseconds)
        }
        withLoopLock {
            // Another thread may have shut the simulator down while the loop slept.
            guard !isShutDown else { return }
            handleReadyWork {}
        }
    }

    /// Handles what is ready without waiting (client requests, timers), runs
    /// the queued ``RemoteControl`` jobs, then `work`, then sends every
    /// queued event and checks the waiters. Under the loop lock, on the
    /// simulator's thread or the thread of an inline ``RemoteControl/perform(_:)``.
    ///
    /// The events of a control connection's requests may stay queued for
    /// the connection's next request (``ControlEventHold``): then neither
    /// flush happens, until a turn that may not hold or the connection's
    /// ``sendHeldControlEvents()``.
    func handleReadyWork(_ work: () -> Void) {
        if !controlEventHold.isHolding { flushClients() }
        wl_event_loop_dispatch(eventLoop, 0)
        runRemoteControlJobs()
        if !isShutDown { work() }
        if !controlEventHold.keepsEventsAtEndOfTurn(now: MonotonicTime.nanoseconds(), someoneWaits: waiters.count > 0) {
            flushClients()
        }
        // After the flush: a waiter answered now finds every event out.
        if !isShutDown { waiters.checkIfNews(self) }
    }

    /// Sends the events control requests left queued (``ControlEventHold``):
    /// the control connection calls it before it sleeps.
    func sendHeldControlEvents() {
        guard controlEventHold.isHolding else { return }
        controlEventHold.released()
        flushClients()
    }

    /// Runs `body` holding the ``RemoteControl``'s loop lock (when there is
    /// a remote control; without one no other thread can reach the simulator).
    func withLoopLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let remote = remoteControlStorage else { return try body() }
        return try remote.withLoopLock(body)
    }

    /// Runs the jobs other threads queued (a control request: a move, a
    /// rescale, a query), after reading what clients sent before them.
    ///
    /// The jobs' wake-up and a client's requests can arrive in the same
    /// dispatch in either order, and requests can arrive while it runs: a
    /// client that committed a frame before the control request was made
    /// would have that commit applied after the move, traced as drawn for
    /// the wrong scale although nothing could have avoided it. So one more
    /// dispatch that does not wait reads every request already on the
    /// sockets first. It is a second top-level dispatch, not one nested
    /// inside a handler, which libwayland's event loop does not allow.
    private func runRemoteControlJobs() {
        guard let remote = remoteControlStorage, remote.hasQueuedJobs, !isShutDown else { return }
        wl_event_loop_dispatch(eventLoop, 0)
        // A handler of that dispatch may have shut the simulator down.
        guard !isShutDown else { return }
        remote.runQueuedJobs()
    }

    /// Sends queued events to every client now.
    public func flushClients() {
        // Timed before the write (``noteEventsFlushed(sentAfter:)``).
        let sent = clock.nanoseconds
        wl_display_flush_clients(wlDisplay)
        noteEventsFlushed(sentAfter: sent)
    }

    /// Dispatches until ``stop()``. While it runs, the simulator's state is
    /// touched only under the loop lock, so ``RemoteControl/perform(_:)``
    /// callers on other threads carry their work out themselves instead of
    /// waking this thread for it.
    public func run() {
        withLoopLock { isRunning = true }
        remoteControl.allowsInlineWork(true)
        defer { remoteControl.allowsInlineWork(false) }
        while withLoopLock({ isRunning && !isShutDown }) {
            dispatch(timeout: nil)
        }
    }

    /// Makes ``run()`` return after the current dispatch. Call it on the
    /// simulator's thread (from a control command, a signal handler the loop
    /// runs, or a ``RemoteControl`` job), or in a ``RemoteControl/perform(_:)``
    /// body: the loop is woken to notice.
    public func stop() {
        isRunning = false
        remoteControlStorage?.wakeLoop()
    }

    /// Stops ``run()`` on SIGINT and SIGTERM. libwayland blocks the signals in
    /// the calling thread and reads them through a signalfd, so call this on
    /// the thread that will call ``run()``.
    public func stopOnTerminationSignals() {
        for signal in [SIGINT, SIGTERM] {
            wl_event_loop_add_signal(
                eventLoop, signal,
                { _, data in
                    guard let data else { return 0 }
                    Unmanaged<Simulator>.fromOpaque(data).takeUnretainedValue().stop()
                    return 0
                }, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    /// Disconnects every client, removes the globals and the socket, and
    /// destroys the display. Called by `deinit`; safe to call twice.
    public func shutDown() {
        withLoopLock { shutDownHoldingLoopLock() }
    }

    private func shutDownHoldingLoopLock() {
        guard !isShutDown else { return }
        wl_display_destroy_clients(wlDisplay)
        acceptor?.close()
        acceptor = nil
        frameScheduler.tearDown()
        waiters.cancelAll()
        remoteControlStorage?.tearDown()
        for remove in globalRemovers { remove() }
        globalRemovers.removeAll()
        outputs.removeGlobals()
        clientCreatedListener.unlink()
        isShutDown = true
        wl_display_destroy(wlDisplay)
        socket?.removeFiles()
        runtimeDirectory?.removeIfPrivate()
        socket = nil
    }

    // MARK: Clients

    /// Fires when libwayland accepted a connection, before the client sent anything.
    private func clientConnected(_ client: OpaquePointer) {
        let destroyListener = NativeListener(.clientDestroyed(client: client)) { [unowned self] _ in
            self.clientDisconnected(client)
        }
        let record = clientRegistry.register(client, destroyListener: destroyListener)
        trace.record(.clientConnected(client: record.id, pid: record.pid))
    }

    /// Fires when the client disconnects or is disconnected after a protocol
    /// error; its resources are destroyed right after this, each running its
    /// own `onDestroy`.
    private func clientDisconnected(_ client: OpaquePointer) {
        guard let record = clientRegistry.remove(client) else { return }
        record.isConnected = false
        record.drainWatch = nil  // its duplicate descriptor would keep the connection open
        trace.record(.clientDisconnected(client: record.id, pid: record.pid))
    }

    /// Connected clients as (id, pid), in connection order.
    public var connectedClients: [(id: UInt32, pid: Int32)] { clientRegistry.connected }

    /// A new serial (a ping's).
    func nextSerial() -> UInt32 { serials.next() }
}

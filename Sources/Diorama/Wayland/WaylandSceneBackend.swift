import DioramaClient
import DioramaModel
import Dispatch
import Foundation

/// The scene runtime on a real Wayland connection.
///
/// Binds what scenes need — wl_compositor, xdg_wm_base and wl_shm are
/// required; wp_viewporter, wp_fractional_scale_manager_v1 and wl_seat are
/// used when offered — and runs on the main queue: the connection's events
/// are dispatched there, so every handler below runs on the main actor.
@MainActor
final class WaylandSceneBackend: SceneBackend {
    let connection: Connection
    let registry: Registry
    let outputState: OutputState
    let compositor: CompositorState
    let shell: XdgShell
    let shm: ShmState
    let viewporter: Viewporter?
    let fractionalScale: FractionalScaleManager?
    /// Diorama's placement protocol, where offered (the simulator): restored
    /// windows ask for the output they were on.
    let windowPlacement: WindowPlacementManager?
    private(set) var seatState: SeatState?
    /// Pointer, touch and keyboard events on their way to scenes.
    private(set) lazy var inputRouter = SceneInputRouter { [unowned self] surface in self.sceneSurface(for: surface)?.scene }
    private var surfaces: [ObjectIdentifier: SceneSurface] = [:]
    /// The scene whose frame is being drawn and committed; nil between frames.
    private var sceneDrawingFrame: SceneSurface?
    /// A batch ended, or a scene wanted to draw, during a frame: every scene
    /// hears of the batch's end once the frame is done.
    private var batchEndedDuringFrame = false
    /// Set while the scenes that waited for a frame draw (`drawFrame(of:)`).
    private var isCatchingUpAfterFrame = false
    /// Events were read during a frame: the trace owes an `idle` record once
    /// the frame and the frames it caused are done (`drawFrame(of:)`).
    private var idleOwedAfterFrame = false
    private var signalSources: [DispatchSourceSignal] = []
    private var launched = false
    /// The EGL display, opened when the first scene draws with OpenGL ES; a
    /// failure is kept, so EGL is tried once per process.
    private var egl: Result<EGLConnection, GLESUnavailable>?
    /// The GPU renderers whose fallback to software was reported.
    private var reportedFallbacks: Set<DrawableLayer.Renderer> = []
    /// The Vulkan instance, made when the first scene draws with Vulkan; a
    /// failure is kept, so Vulkan is tried once per process.
    private var vulkan: Result<VulkanInstance, VulkanUnavailable>?
    /// The device every Vulkan scene draws with, made with the first one's
    /// target and kept while the process runs.
    var vulkanDevice: VulkanDevice?
    weak var application: Application?

    /// Connects (WAYLAND_DISPLAY / XDG_RUNTIME_DIR) and binds the globals.
    /// Throws ConnectionError when there is no compositor, RegistryError
    /// when a required global is missing.
    init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        connection = try Connection(environment: environment)
        registry = try Registry(connection: connection)
        outputState = OutputState(registry: registry)
        compositor = try CompositorState(registry: registry, outputState: outputState)
        shell = try XdgShell(registry: registry)
        shm = try ShmState(registry: registry)
        viewporter = try? Viewporter(registry: registry)
        fractionalScale = try? FractionalScaleManager(registry: registry)
        windowPlacement = try? WindowPlacementManager(registry: registry)
        try outputState.waitUntilDescribed()
        try connection.roundtrip()
        outputState.handler = self
        if SeatState.isOffered(by: registry) {
            seatState = SeatState(registry: registry, compositor: compositor, shm: shm, handler: self)
        }
    }

    var screenDescriptions: [ScreenDescription] {
        outputState.outputs.filter(\.isReady).map(ScreenDescription.init)
    }

    /// SIGINT and SIGTERM quit like a user would: sessions are saved first.
    /// The handlers are in place before any scene connects — the first frame
    /// is drawn during the launch, and a signal that follows it (a test, a
    /// script) must still quit cleanly; it is handled once the main queue runs.
    func attach(to application: Application) {
        self.application = application
        // Blocked in this (the main) thread as well: libdispatch reads the
        // signals through a signalfd, which sees only signals that no thread
        // takes — an unblocked main thread would take them and, with SIG_IGN,
        // drop them. libdispatch's own threads block them already.
        var quitSignals = sigset_t()
        sigemptyset(&quitSignals)
        sigaddset(&quitSignals, SIGINT)
        sigaddset(&quitSignals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &quitSignals, nil)
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.application?.terminate(reason: "signal \(signalNumber)") }
            }
            source.resume()
            signalSources.append(source)
        }
    }

    func makeHost(for scene: WindowScene, fullscreenOn outputName: String?, placement: WindowPlacement, appID: String) throws
        -> SceneHost
    {
        let output = outputName.flatMap { outputState.output(named: $0) }
        let surface = try SceneSurface(
            scene: scene, backend: self, appID: appID, fullscreenOn: output,
            placement: { [windowPlacement, outputState] toplevel in
                // Asked only when there is a wish: on a compositor without the
                // protocol, or an output that is gone, the compositor decides.
                guard output == nil, let windowPlacement, placement != WindowPlacement() else { return }
                let wished = placement.screenName.flatMap { outputState.output(named: $0) }
                windowPlacement.place(toplevel, on: wished, size: placement.size)
            })
        surfaces[ObjectIdentifier(scene)] = surface
        return surface
    }

    func destroyHost(for scene: WindowScene) {
        surfaces.removeValue(forKey: ObjectIdentifier(scene))?.tearDown()
        try? connection.flush()
    }

    func sceneSurface(for surface: Surface) -> SceneSurface? {
        surfaces.values.first { $0.surface === surface }
    }

    /// Runs the main thread — the connection's events and the main queue's
    /// work, one `poll` for both (`Connection.runMainThread`) — until the
    /// application exits.
    func run() -> Int32 {
        launched = true
        connection.runMainThread(
            batchDispatched: { [weak self] in
                MainActor.assumeIsolated { self?.batchDispatched() }
            },
            failed: { [weak self] error in
                MainActor.assumeIsolated { self?.application?.connectionLost(String(describing: error)) }
            })
    }

    /// Fires once every event of a dispatched batch has been handled: each
    /// scene publishes what the batch changed and draws if its pacer wants.
    /// During a frame (the batch was read just before its commit) only the
    /// drawing scene publishes, to see whether its frame went stale; the
    /// others hear of the batch once the frame is done.
    private func eventsDispatched() {
        if let drawing = sceneDrawingFrame {
            drawing.publishPendingFacts()
            batchEndedDuringFrame = true
            return
        }
        for surface in Array(surfaces.values) { surface.eventsDispatched() }
    }

    /// Fires when the main queue's source read the socket dry and handled
    /// what it read: the trace's `idle` record, after everything the batch
    /// caused, tells a waiting scenario that what the compositor sent by
    /// then has had its effect (`Docs/trace-format.md`).
    private func batchDispatched() {
        eventsDispatched()
        recordIdle()
    }

    /// Tests only: runs right before each `idle` record is written — where a
    /// loaded machine can keep the app off the CPU while the compositor sends
    /// more, which that record must not vouch for.
    var willRecordIdle: (() -> Void)?

    /// Writes the trace's `idle` record. It vouches for the events sent
    /// before the socket was last found empty, not before now: everything
    /// read by then has had its effect, and anything sent since is unread.
    private func recordIdle() {
        willRecordIdle?()
        application?.trace.record(.idle(socketEmpty: connection.socketFoundEmptyNanoseconds))
    }

    /// Draws one frame of `surface` with `draw`, unless another scene's frame
    /// is in progress: frames never nest. The events read during a frame
    /// (just before its commit, or by a scene connecting from app code) can
    /// make other scenes want to draw; they draw once the frame is committed
    /// or abandoned, in a loop here rather than nested calls, however many
    /// such rounds follow.
    func drawFrame(of surface: SceneSurface, _ draw: () -> Void) {
        guard sceneDrawingFrame == nil else {
            batchEndedDuringFrame = true
            return
        }
        sceneDrawingFrame = surface
        draw()
        sceneDrawingFrame = nil
        guard !isCatchingUpAfterFrame else { return }
        isCatchingUpAfterFrame = true
        defer { isCatchingUpAfterFrame = false }
        while batchEndedDuringFrame {
            batchEndedDuringFrame = false
            eventsDispatched()
        }
        if idleOwedAfterFrame {
            idleOwedAfterFrame = false
            recordIdle()
        }
    }

    /// The EGL display on this connection (opened at the first call).
    func eglConnection() -> Result<EGLConnection, GLESUnavailable> {
        if let egl { return egl }
        let opened = Result { () throws(GLESUnavailable) in
            guard let wlDisplay = connection.display.pointer else { throw GLESUnavailable(step: "the Wayland display", code: nil) }
            return try EGLConnection(wlDisplay: wlDisplay)
        }
        egl = opened
        return opened
    }

    /// The Vulkan instance for this connection's scenes (made at the first call).
    func vulkanInstance() -> Result<VulkanInstance, VulkanUnavailable> {
        if let vulkan { return vulkan }
        let made = Result { () throws(VulkanUnavailable) in
            guard let wlDisplay = connection.display.pointer else { throw VulkanUnavailable(step: "the Wayland display") }
            return try VulkanInstance(wlDisplay: wlDisplay)
        }
        vulkan = made
        return made
    }

    /// A scene asked for a GPU renderer and draws in software instead: says
    /// so on stderr, once per process and renderer however many scenes fall
    /// back, with what to install or set.
    func reportFallback(from renderer: DrawableLayer.Renderer, because failure: some Error) {
        let api: String, hint: String
        switch renderer {
        case .software: return
        case .openGLES:
            api = "OpenGL ES"
            hint = "Without a GPU, Mesa's software renderer needs LIBGL_ALWAYS_SOFTWARE=1 and the packages libegl-mesa0 and libgl1-mesa-dri."
        case .vulkan:
            api = "Vulkan"
            hint = "Without a GPU, Mesa's lavapipe driver (the package mesa-vulkan-drivers) runs Vulkan on the CPU."
        case .cairo:
            api = "Cairo"
            hint = "Cairo and Pango come with the packages libcairo2 and libpango-1.0-0."
        }
        guard reportedFallbacks.insert(renderer).inserted else { return }
        runtimeLog.warning(
            "\(api) is unavailable (\(failure)); scenes that asked for DrawableLayer.Renderer.\(renderer.rawValue) draw in software. \(hint)"
        )
    }

    /// Reads and handles the events already on the socket, without waiting,
    /// as one more batch — for a scene about to commit a frame, so the frame
    /// is not stale on arrival. A connection that failed here is reported by
    /// the queue source, whose socket is then readable.
    ///
    /// The socket is then empty, so the queue source will not fire for these
    /// events: the trace's `idle` record that says they have had their effect
    /// is written here (outside a frame) or when the frame and those it
    /// caused are done — else a scenario settling after a key released
    /// during a frame drawn for a timer (a key repeat) waited for nothing.
    func dispatchEventsAlreadyReceived() {
        guard let delivered = try? connection.dispatchAvailable(), delivered > 0 else { return }
        if sceneDrawingFrame != nil {
            idleOwedAfterFrame = true
            eventsDispatched()
        } else {
            batchDispatched()
        }
    }

    func stop(exitCode: Int32) {
        for surface in surfaces.values { surface.tearDown() }
        surfaces.removeAll()
        try? connection.flush()
        exit(exitCode)
    }

    /// Facts common to every scene changed (an output appeared, changed or went away).
    private func refreshAllScenes() {
        for surface in surfaces.values { surface.refreshFacts() }
    }
}

// Handlers run on the main queue (the connection is attached there, and
// before that the main thread dispatched it during init).
extension WaylandSceneBackend: @preconcurrency OutputHandler {
    func outputAdded(_ output: Output) {
        application?.screenConnected(ScreenDescription(output), atLaunch: !launched)
        refreshAllScenes()
    }

    func outputChanged(_ output: Output, previous: OutputInfo) {
        application?.screenChanged(ScreenDescription(output))
        refreshAllScenes()
    }

    func outputRemoved(_ output: Output) {
        application?.screenDisconnected(named: ScreenDescription(output).name)
        refreshAllScenes()
    }
}

extension WaylandSceneBackend: @preconcurrency SeatHandler {
    func seatAdded(_ seat: Seat) {
        makeInputDevices(of: seat)
    }

    func seatCapabilitiesChanged(_ seat: Seat, previous: SeatCapabilities) {
        makeInputDevices(of: seat)
    }

    /// Every device the seat has and we have not made yet reports to the
    /// input router, which hands the events to scenes.
    private func makeInputDevices(of seat: Seat) {
        if seat.capabilities.contains(.keyboard), seat.keyboard == nil { _ = seat.makeKeyboard(handler: inputRouter) }
        if seat.capabilities.contains(.pointer), seat.pointer == nil { _ = seat.makePointer(handler: inputRouter) }
        if seat.capabilities.contains(.touch), seat.touch == nil { _ = seat.makeTouch(handler: inputRouter) }
    }
}

import DioramaClient
import DioramaGraphics
import DioramaModel
import Foundation

/// One scene's Wayland objects: wl_surface, xdg_toplevel, and where offered
/// wp_viewport and wp_fractional_scale_v1; plus its buffers and frame pacing.
///
/// It turns every event into `CompositorFacts`, hands them to the scene
/// (which computes its state and fires callbacks), and draws frames that
/// commit exactly the `BufferGeometry` the state says.
///
/// Why frames are drawn when they are:
/// - a configure is answered at once (ack + commit with a new buffer), even
///   while a frame callback is pending: the compositor waits for it;
/// - otherwise a frame is drawn when something asked for one
///   (`setNeedsDisplay`) and the last frame callback has fired, so a scene
///   never draws faster than the output shows;
/// - nothing is drawn in the background (on no output).
@MainActor
final class SceneSurface: SceneHost {
    weak var scene: WindowScene?
    let surface: Surface
    let toplevel: Toplevel
    let viewport: Viewport?
    let fractionalScale: FractionalScale?
    private let bufferPool: BufferPool
    unowned let backend: WaylandSceneBackend
    private var facts = CompositorFacts()
    private var needsDisplay = true
    private var framePending = false
    /// A draw is queued for when the current batch of events is handled.
    private var drawScheduled = false
    /// The next scheduled draw may go ahead with a frame callback pending,
    /// because the pending frame was drawn for a geometry that no longer holds.
    private var supersedesFrameInFlight = false
    /// True while the content draws: a `setNeedsDisplay` from inside `draw`
    /// (a game asking for its next frame) asks for the NEXT frame, at the next
    /// frame callback — it must not start another frame inside this one.
    private var isDrawing = false
    private var isTornDown = false
    /// From creation until the delegate's `willConnectTo` has run: configures
    /// are learned but not answered with a frame, so the first frame draws
    /// what the delegate set up.
    private var isConnecting = true
    private var hasFirstConfigure = false
    /// The render target kept during an interactive resize when the gravity
    /// letterboxes (`resizeAspect`, `center`): drawn at the kept size, then
    /// placed into a buffer of the new size.
    private var renderTarget: PixelBuffer?

    init(scene: WindowScene, backend: WaylandSceneBackend, appID: String, fullscreenOn output: Output?) throws {
        self.scene = scene
        self.backend = backend
        surface = backend.compositor.createSurface()
        // Viewport and fractional scale exist before the first commit, so the
        // preferred scale can arrive before the first configure and the first
        // frame is already at the right scale.
        viewport = backend.viewporter?.viewport(for: surface)
        fractionalScale = backend.fractionalScale?.fractionalScale(for: surface)
        bufferPool = try BufferPool(shm: backend.shm)
        toplevel = backend.shell.makeToplevel(for: surface)
        surface.handler = self
        toplevel.handler = self
        fractionalScale?.handler = self
        toplevel.setAppID(appID)
        toplevel.setTitle(scene.title)
        applyRestrictionHints(scene.sizeRestrictions.value)
        if let output { toplevel.setFullscreen(on: output) }
        scene.trace.record(.toplevel(scene: scene.traceName, surfaceID: surface.wlSurface.id, appID: appID,
                                     title: scene.title, fullscreenOn: output.map { ScreenDescription($0).name }))
        facts.hasViewport = viewport != nil
        facts.allScreens = backend.screenDescriptions
        scene.update(facts: facts)
        // The initial commit carries no buffer: it asks for the first configure.
        surface.commit()
        try backend.connection.flush()
        try awaitFirstConfigure()
    }

    /// Why wait here: UIKit hands `scene(_:willConnectTo:options:)` a scene
    /// whose traits are already real (display scale, size classes). On
    /// Wayland those come from the compositor's answer to the initial commit —
    /// the preferred scale (fractional or wl_surface v6) and the first
    /// configure's size — so the scene connects only once they are in. The
    /// wait is bounded: a compositor that does not configure within it gets a
    /// scene that connects with what is known, and draws when it configures.
    private func awaitFirstConfigure() throws {
        do {
            try backend.connection.run(until: { hasFirstConfigure || isTornDown },
                                       timeout: .seconds(5), waitingFor: "the first xdg_toplevel.configure")
        } catch .timedOut {
            FileHandle.standardError.write(Data("warning: the compositor sent no configure within 5 s; the scene connects without its size\n".utf8))
        }
    }

    func sceneDidConnect() {
        isConnecting = false
        needsDisplay = true
        if hasFirstConfigure { drawFrame() }
    }

    func tearDown() {
        guard !isTornDown else { return }
        isTornDown = true
        surface.handler = nil
        toplevel.handler = nil
        fractionalScale?.handler = nil
    }

    /// Re-reads the outputs (entered and all) into the facts.
    ///
    /// Leaving the last output is held back until the events already queued
    /// have been dispatched. A compositor moving a window to another output
    /// sends wl_surface.leave for the old one before wl_surface.enter for the
    /// new one (sway does, in one batch); published one by one, the pair would
    /// send the scene through the background and back — didEnterBackground,
    /// a state save, a paused timer — for what is a move. If the surface is
    /// still on no output once the batch is done, it really left (minimised,
    /// or its outputs went away) and the background is published then.
    func refreshFacts(holdingBackLastLeave: Bool = true) {
        let entered = surface.outputs.filter(\.isReady).map(ScreenDescription.init)
        if holdingBackLastLeave, entered.isEmpty, !facts.enteredScreens.isEmpty {
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated { self?.refreshFacts(holdingBackLastLeave: false) }
            }
            return
        }
        facts.allScreens = backend.screenDescriptions
        facts.enteredScreens = entered
        if !facts.enteredScreens.isEmpty { facts.hasEnteredAnOutput = true }
        facts.preferredBufferScale = surface.preferredBufferScale
        publish()
    }

    private func publish() {
        guard !isTornDown, let scene else { return }
        let before = scene.state?.bufferGeometry
        scene.update(facts: facts)
        // A new buffer geometry (the scale or size changed) makes the frame in
        // flight obsolete: draw the new one as soon as this batch of events is
        // handled instead of waiting for that frame's callback. This is what
        // keeps the reaction to a display change within one event batch.
        if facts.isMapped, let after = scene.state?.bufferGeometry, after != before {
            needsDisplay = true
            scheduleDraw(supersedingFrameInFlight: true)
        }
    }

    // MARK: SceneHost

    func beginInteractiveMove() -> Bool {
        backend.inputRouter.beginInteractiveMove(of: toplevel)
    }

    func sizeRestrictionsChanged(_ restrictions: SizeRestrictions) {
        applyRestrictionHints(restrictions)
        // The hints apply at the next commit; send one now if mapped.
        if toplevel.isConfigured { toplevel.commit() }
        try? backend.connection.flush()
    }

    private func applyRestrictionHints(_ restrictions: SizeRestrictions) {
        let hints = restrictions.toplevelHints
        toplevel.setMinimumSize(hints.minimum == .zero ? nil : hints.minimum)
        toplevel.setMaximumSize(hints.maximum == .zero ? nil : hints.maximum)
    }

    func titleChanged(_ title: String) {
        toplevel.setTitle(title)
        if let scene { scene.trace.record(.title(scene: scene.traceName, title: title)) }
        try? backend.connection.flush()
    }

    func setNeedsDisplay() {
        needsDisplay = true
        scheduleDraw()
    }

    /// Draws once the events that arrived with the current one are handled,
    /// not now. A compositor moving a window sends leave, enter and the new
    /// preferred scale together, possibly right after a frame callback;
    /// drawing on `enter` or on `done` would commit a frame at the old scale
    /// (a stale frame) just before the new scale is read.
    private func scheduleDraw(supersedingFrameInFlight: Bool = false) {
        if supersedingFrameInFlight { supersedesFrameInFlight = true }
        guard !framePending || supersedesFrameInFlight, !isDrawing, !drawScheduled, toplevel.isConfigured else { return }
        drawScheduled = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.drawScheduled = false
                let mayDraw = !self.framePending || self.supersedesFrameInFlight
                guard self.needsDisplay, mayDraw, !self.isDrawing, self.toplevel.isConfigured else { return }
                self.supersedesFrameInFlight = false
                self.drawFrame()
            }
        }
    }

    func requestClose() {
        guard let scene else { return }
        backend.application?.sceneClosedByUser(scene)
    }

    // MARK: Frames

    private func frameCallbackFired() {
        framePending = false
        if needsDisplay { scheduleDraw() }
    }

    /// Draws and commits one frame for the scene's current state.
    private func drawFrame() {
        guard !isTornDown, let scene, let state = scene.state else { return }
        if state.activationState == .background && facts.isMapped {
            // Nothing is drawn in the background; a pending configure is still acknowledged.
            if toplevel.pendingConfigureSerial != nil { toplevel.commit() }
            return
        }
        let geometry = state.bufferGeometry
        let buffer: Buffer
        do {
            buffer = try bufferPool.nextBuffer(size: geometry.bufferSize)
        } catch {
            FileHandle.standardError.write(Data("warning: no buffer for a \(geometry.bufferSize) frame: \(error)\n".utf8))
            return
        }
        // Cleared before drawing, so a request made while drawing survives the commit.
        needsDisplay = false
        isDrawing = true
        render(scene: scene, state: state, into: buffer)
        isDrawing = false
        surface.setBufferScale(geometry.bufferScale)
        viewport?.setDestination(geometry.viewportDestination)
        surface.attach(buffer)
        surface.damageAll()
        surface.frame { [weak self] _ in
            MainActor.assumeIsolated { self?.frameCallbackFired() }
        }
        framePending = true
        toplevel.commit()
        scene.trace.record(.commit(scene: scene.traceName, bufferSize: geometry.bufferSize, bufferScale: geometry.bufferScale,
                                   viewport: geometry.viewportDestination, logicalSize: state.size, scale: state.resolvedScale.scale))
        try? backend.connection.flush()
        if !facts.isMapped {
            // The first buffer is committed: the window is mapped.
            facts.isMapped = true
            publish()
        }
    }

    /// Lets the content draw into the buffer. During an interactive resize
    /// with a letterboxing gravity, it draws into the kept render target,
    /// which is then placed into the buffer by the gravity.
    private func render(scene: WindowScene, state: SceneState, into buffer: Buffer) {
        let drawableSize = state.drawableSize ?? buffer.size
        let gravity = scene.drawableLayer.contentsGravity
        let letterboxing = state.effectiveGeometry.isInteractivelyResizing && gravity != .resize && drawableSize != buffer.size
        buffer.withPixels { pixels in
            guard let base = pixels.baseAddress else { return }
            if !letterboxing {
                renderTarget = nil
                draw(scene: scene, into: Drawable(pixels: UnsafeMutableRawPointer(base), size: buffer.size,
                                                   stride: buffer.stride, contentsScale: scene.drawableLayer.contentsScale))
                return
            }
            var target = renderTarget.flatMap { $0.width == drawableSize.width && $0.height == drawableSize.height ? $0 : nil }
                ?? PixelBuffer(width: drawableSize.width, height: drawableSize.height)
            let targetStride = target.rowStride * 4
            target.withUnsafeMutablePixels { targetPixels in
                guard let targetBase = targetPixels.baseAddress else { return }
                draw(scene: scene, into: Drawable(pixels: UnsafeMutableRawPointer(targetBase), size: drawableSize,
                                                   stride: targetStride, contentsScale: scene.drawableLayer.contentsScale))
            }
            renderTarget = target
            guard var canvas = try? PixelCanvas(baseAddress: UnsafeMutableRawPointer(base), width: buffer.size.width,
                                                height: buffer.size.height, strideBytes: buffer.stride) else { return }
            canvas.clear(to: PixelColor(argb: scene.drawableLayer.letterboxColor))
            let placed = gravity.destinationRect(contentSize: drawableSize.cgSize,
                                                 in: CGRect(x: 0, y: 0, width: Double(buffer.size.width), height: Double(buffer.size.height)))
            let destination = Rect(x: Int(placed.minX.rounded()), y: Int(placed.minY.rounded()),
                                   width: Int(placed.width.rounded()), height: Int(placed.height.rounded()))
            canvas.composite(target, placement: BufferPlacement(destination: destination))
        }
    }

    private func draw(scene: WindowScene, into drawable: Drawable) {
        if let content = scene.rootContent {
            content.draw(drawable, in: scene)
        } else {
            for y in 0..<drawable.size.height { drawable.row(y).update(repeating: 0xFF20_2020) }
        }
    }
}

extension SceneSurface: @preconcurrency ToplevelHandler {
    /// A configure sequence arrived: new size and states. It is answered at
    /// once with a frame (which acknowledges it).
    func toplevelConfigured(_ toplevel: Toplevel, configure: ToplevelConfigure) {
        facts.configuredSize = configure.size
        facts.isActivated = configure.states.contains(.activated)
        facts.isResizing = configure.states.contains(.resizing)
        facts.isMaximized = configure.states.contains(.maximized)
        facts.isFullscreen = configure.states.contains(.fullscreen)
        facts.isTiled = !configure.states.isDisjoint(with: [.tiledLeft, .tiledRight, .tiledTop, .tiledBottom])
        hasFirstConfigure = true
        publish()
        needsDisplay = true
        // While connecting, the frame waits for `sceneDidConnect`.
        if !isConnecting { drawFrame() }
    }

    /// The user (or a script) asked to close the window: the session is discarded.
    func toplevelCloseRequested(_ toplevel: Toplevel) {
        requestClose()
    }
}

extension SceneSurface: @preconcurrency SurfaceHandler {
    func surfaceEnteredOutput(_ surface: Surface, output: Output) { refreshFacts() }
    func surfaceLeftOutput(_ surface: Surface, output: Output) { refreshFacts() }
    func preferredBufferScaleChanged(_ surface: Surface, scale: Int) { refreshFacts() }
}

extension SceneSurface: @preconcurrency FractionalScaleHandler {
    /// The compositor prefers a (fractional) scale for this surface: render
    /// at it from the next frame, through the viewport.
    func preferredScaleChanged(_ fractionalScale: FractionalScale, scale: Scale) {
        facts.fractionalPreferred = scale
        publish()
    }
}

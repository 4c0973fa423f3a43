import DioramaClient
import DioramaLogging
import DioramaModel
import Foundation

/// One scene's Wayland objects: wl_surface, xdg_toplevel, and where offered
/// wp_viewport and wp_fractional_scale_v1; and when its frames are drawn.
///
/// Event handlers only record what the compositor said into the batch's
/// pending `CompositorFacts` (and tell the `FramePacer` what happened). At
/// the end of each dispatched batch (`eventsDispatched`, from the
/// connection's queue source) the facts are handed to the scene, which owns
/// them — one `SceneState.compute` and one round of callbacks however many
/// events the batch held — and the pacer decides whether to draw. Frames
/// commit exactly the `BufferGeometry` the state says, drawn by the
/// presenter `PresenterChoice` picks; one that turns out stale just before
/// its commit is redrawn instead (see `drawFrame`).
@MainActor
final class SceneSurface: SceneHost {
    weak var scene: WindowScene?
    let surface: Surface
    let toplevel: Toplevel
    let viewport: Viewport?
    let fractionalScale: FractionalScale?
    unowned let backend: WaylandSceneBackend
    /// The facts the batch being dispatched changed, not yet handed to the
    /// scene (which owns them); nil when there are none.
    private var pendingFacts: CompositorFacts?
    /// An output was entered, left or changed in this batch (``refreshFacts()``).
    private var outputsChanged = false
    /// The surface has been on an output at some point (``refreshFacts()``).
    private var enteredAnOutput = false
    private var pacer = FramePacer()
    /// A request from outside event dispatch (a timer, app code) is drawn at
    /// the end of this main-queue turn, coalesced, as UIKit draws at the end
    /// of the run loop's turn; requests during dispatch wait for its end.
    private var isDrawRequestQueued = false
    private var isTornDown = false
    private var hasFirstConfigure = false
    /// Which renderer draws the frames, and the fallback to software.
    private let presenters: PresenterChoice

    /// `placement` sends the toplevel's placement wish (if any) before the
    /// initial commit, the only time a compositor reads one.
    init(
        scene: WindowScene, backend: WaylandSceneBackend, appID: String, fullscreenOn output: Output?,
        placement: (Toplevel) -> Void = { _ in }
    ) throws {
        self.scene = scene
        self.backend = backend
        surface = backend.compositor.createSurface()
        // Viewport and fractional scale exist before the first commit, so the
        // preferred scale can arrive before the first configure and the first
        // frame is already at the right scale.
        viewport = backend.viewporter?.viewport(for: surface)
        fractionalScale = backend.fractionalScale?.fractionalScale(for: surface)
        presenters = try PresenterChoice(backend: backend, surface: surface)
        toplevel = backend.shell.makeToplevel(for: surface)
        surface.handler = self
        toplevel.handler = self
        fractionalScale?.handler = self
        toplevel.setAppID(appID)
        toplevel.setTitle(scene.title)
        applyRestrictionHints(scene.sizeRestrictions.value)
        if let output { toplevel.setFullscreen(on: output) }
        placement(toplevel)
        scene.trace.record(
            .toplevel(
                scene: scene.traceName, surfaceID: surface.objectID, appID: appID,
                title: scene.title, fullscreenOn: output.map { ScreenDescription($0).name }))
        editFacts { facts in
            facts.hasViewport = viewport != nil
            facts.allScreens = backend.screenDescriptions
            facts.requestedScreenName = output.map { ScreenDescription($0).name }
        }
        publishPendingFacts()
        // The initial commit carries no buffer: it asks for the first configure.
        surface.commit()
        try backend.connection.flush()
        try awaitFirstConfigure()
        // What arrived while waiting (configure, preferred scale, enter) is
        // the state `willConnectTo` reads.
        publishPendingFacts()
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
            try backend.connection.run(
                until: { hasFirstConfigure || isTornDown },
                timeout: .seconds(5), waitingFor: "the first xdg_toplevel.configure")
        } catch .timedOut {
            runtimeLog.warning("the compositor sent no configure within 5 s; the scene connects without its size")
        }
    }

    func sceneDidConnect() {
        pacer.sceneConnected()
        drawIfWanted()
    }

    func tearDown() {
        guard !isTornDown else { return }
        isTornDown = true
        presenters.tearDown()
        surface.handler = nil
        toplevel.handler = nil
        fractionalScale?.handler = nil
    }

    /// Notes that the outputs (entered and all) changed; they are read into
    /// the facts once, when the batch is published, and the scene sees them
    /// at the end of the batch.
    ///
    /// Why at the end of the batch: a compositor moving a window to another
    /// output sends wl_surface.leave for the old one before wl_surface.enter
    /// for the new one (sway does, in one batch), often with the new preferred
    /// scale and a configure. Published one by one, the pair would send the
    /// scene through the background and back — didEnterBackground, a state
    /// save, a paused timer — for what is a move, and a frame drawn between
    /// them would be at the old scale. If the surface is still on no output
    /// once the batch is done, it really left (minimised, or its outputs went
    /// away). Read once rather than at each event: a batch of many moves
    /// (leave, enter and a preferred scale each) would otherwise describe
    /// every screen again three times a move.
    func refreshFacts() {
        outputsChanged = true
        pacer.displayChanged()
        // Entering and leaving within one batch still counts as having entered.
        if !enteredAnOutput, surface.outputs.contains(where: \.isReady) { enteredAnOutput = true }
    }

    /// Reads what ``refreshFacts()`` noted into the pending facts.
    private func readOutputsIntoFacts() {
        guard outputsChanged else { return }
        outputsChanged = false
        editFacts { facts in
            facts.allScreens = backend.screenDescriptions
            facts.enteredScreens = surface.outputs.filter(\.isReady).map(ScreenDescription.init)
            if enteredAnOutput { facts.hasEnteredAnOutput = true }
            facts.preferredBufferScale = surface.preferredBufferScale
        }
    }

    /// Records what an event said into the batch's pending facts (the
    /// scene's, with the batch's changes so far).
    private func editFacts(_ edit: (inout CompositorFacts) -> Void) {
        guard var facts = pendingFacts ?? scene?.facts else { return }
        edit(&facts)
        pendingFacts = facts
    }

    /// Fires after every event of one dispatched batch has been handled (all
    /// scenes hear it, whichever objects the events were for): the scene
    /// computes its state once for the whole batch, then a frame is drawn if
    /// the pacer wants one.
    func eventsDispatched() {
        publishPendingFacts()
        drawIfWanted()
    }

    /// Hands the batch's facts to the scene (one state computation and its
    /// callbacks) when it changed any, and tells the pacer whether the
    /// buffer geometry changed.
    func publishPendingFacts() {
        readOutputsIntoFacts()
        guard let facts = pendingFacts, !isTornDown, let scene else { return }
        pendingFacts = nil
        let before = scene.state?.bufferGeometry
        scene.update(facts: facts)
        pacer.interactiveResizeChanged(keepsDrawable: facts.isResizing && facts.hasViewport)
        // A new buffer geometry (the scale or size changed) makes the frame in
        // flight obsolete: the pacer lets the new one supersede it instead of
        // waiting for that frame's callback. This keeps the reaction to a
        // display change within one event batch.
        if facts.isMapped, let after = scene.state?.bufferGeometry, after != before { pacer.geometryChanged() }
    }

    /// Draws a frame if the pacer wants one, once no other scene's frame is
    /// in progress (`WaylandSceneBackend.drawFrame(of:)`).
    private func drawIfWanted() {
        guard !isTornDown, hasFirstConfigure, pacer.shouldDraw else { return }
        backend.drawFrame(of: self) { drawFrame() }
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

    func cursorChanged(_ cursor: SceneCursor) {
        backend.inputRouter.cursorChanged(in: scene)
        try? backend.connection.flush()
    }

    func titleChanged(_ title: String) {
        toplevel.setTitle(title)
        if let scene { scene.trace.record(.title(scene: scene.traceName, title: title)) }
        try? backend.connection.flush()
    }

    /// The content (or a state change it shows) wants a frame. Inside a batch
    /// the batch's end draws it; from a frame being drawn, it is the next
    /// frame (at the next frame callback); from anywhere else, it is drawn at
    /// the end of this main-queue turn, so several requests make one frame and
    /// the scene is never re-entered from its own callbacks.
    func setNeedsDisplay() {
        pacer.drawRequested()
        guard !isDrawRequestQueued else { return }
        isDrawRequestQueued = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.isDrawRequestQueued = false
                self.drawIfWanted()
            }
        }
    }

    func requestClose() {
        guard let scene else { return }
        backend.application?.sceneClosedByUser(scene)
    }

    // MARK: Frames

    /// Draws and commits one frame for the scene's current state, with the
    /// presenter `PresenterChoice` picks: prepare, render, commit.
    ///
    /// Before the commit, the events already on the socket are read and
    /// handled: a display change that arrived while the content was drawing
    /// would otherwise be answered only after a frame at the old scale or size
    /// went out — a stale frame the compositor shows for a refresh. If they
    /// changed the buffer geometry, the frame is drawn again for the new one
    /// instead of being committed, as often as the pacer allows (a
    /// compositor changing the geometry faster than we draw must not stall
    /// us, nor keep us drawing frames nobody sees). Other scenes hear of
    /// those events only once this frame is done
    /// (`WaylandSceneBackend.drawFrame(of:)`).
    private func drawFrame() {
        for redraws in 0... {
            guard !isTornDown, let scene, let state = scene.state else { return }
            if state.activationState == .background && scene.facts.isMapped {
                // Nothing is drawn in the background; a pending configure is still acknowledged.
                if toplevel.pendingConfigureSerial != nil {
                    toplevel.commit()
                    pacer.committedWithoutFrame()
                }
                return
            }
            let frame = SceneFrame(scene: scene, state: state)
            let presenter = presenters.presenter(for: scene, bufferSize: frame.bufferSize)
            do throws(PresenterFailure) {
                try presenter.prepare(frame)
            } catch {
                if recover(from: error) { continue } else { return }
            }
            pacer.willDraw()
            do throws(PresenterFailure) {
                try presenter.render(frame)
            } catch {
                pacer.drawAbandoned()
                if recover(from: error) { continue } else { return }
            }
            backend.dispatchEventsAlreadyReceived()
            if isTornDown { return }
            if scene.state?.bufferGeometry != frame.geometry, pacer.redrawsOvertakenFrame(after: redraws) {
                pacer.drawAbandoned()
                continue
            }
            commit(frame, by: presenter, state: state, scene: scene)
            return
        }
    }

    /// What a presenter's failure means for the frame: true to draw it again
    /// (in software, after a GPU renderer failed), false to skip it (no buffer).
    private func recover(from failure: PresenterFailure) -> Bool {
        switch failure {
        case .rendererUnavailable(let reason):
            presenters.fail(reason)
            return true
        case .noBuffer(let size, let error):
            runtimeLog.warning("no buffer for a \(size) frame: \(error)")
            return false
        }
    }

    private func commit(_ frame: SceneFrame, by presenter: any ScenePresenter, state: SceneState, scene: WindowScene) {
        let geometry = frame.geometry
        surface.setBufferScale(geometry.bufferScale)
        viewport?.setDestination(geometry.viewportDestination)
        // This frame's callback, numbered as the commit below will be.
        let commitNumber = pacer.committedFrames + 1
        surface.frame { [weak self] _ in
            MainActor.assumeIsolated { self?.pacer.frameCallbackDone(ofCommit: commitNumber) }
        }
        do throws(PresenterFailure) {
            try presenter.commit(frame, to: surface)
        } catch {
            // The surface still gets its commit (the acknowledgement and
            // frame callback were sent); the next frame is drawn in software.
            _ = recover(from: error)
            surface.wlSurface.commit()
            setNeedsDisplay()
        }
        if presenter.commitsThroughAnotherLibrary { dispatchEventsReadByAnotherLibrary() }
        // Sent before the trace line is written: the time between reading the
        // socket (in `drawFrame`) and the commit reaching the compositor is
        // the only window left for a stale frame, so nothing else goes in it.
        try? backend.connection.flush()
        pacer.didCommit()
        scene.trace.record(
            .commit(
                scene: scene.traceName, bufferSize: geometry.bufferSize, bufferScale: geometry.bufferScale,
                viewport: geometry.viewportDestination, logicalSize: state.size, scale: state.resolvedScale.scale))
        if !scene.facts.isMapped {
            // The first buffer is committed: the window is mapped.
            editFacts { $0.isMapped = true }
            publishPendingFacts()
        }
    }

    /// EGL and the Vulkan driver read the socket while they present (their
    /// own queues' events); events for ours they read then wait in the
    /// queue, where the socket's readability no longer announces them.
    private func dispatchEventsReadByAnotherLibrary() {
        DispatchQueue.main.async { [weak backend] in
            MainActor.assumeIsolated { backend?.dispatchEventsAlreadyReceived() }
        }
    }
}

extension SceneSurface: @preconcurrency ToplevelHandler {
    /// A configure sequence arrived: new size and states. It is answered
    /// (acknowledged with a frame) at the end of the batch — at once, even
    /// with a frame in flight — except while connecting, when the frame waits
    /// for `sceneDidConnect`.
    func toplevelConfigured(_ toplevel: Toplevel, configure: ToplevelConfigure) {
        editFacts { facts in
            facts.configuredSize = configure.size
            facts.configureBounds = configure.bounds
            facts.isActivated = configure.states.contains(.activated)
            facts.isResizing = configure.states.contains(.resizing)
            facts.isMaximized = configure.states.contains(.maximized)
            facts.isFullscreen = configure.states.contains(.fullscreen)
            facts.isTiled = !configure.states.isDisjoint(with: [.tiledLeft, .tiledRight, .tiledTop, .tiledBottom])
        }
        hasFirstConfigure = true
        pacer.configureReceived()
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
        editFacts { $0.fractionalPreferred = scale }
        pacer.displayChanged()
    }
}

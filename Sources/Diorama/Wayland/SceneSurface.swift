import DioramaClient
import DioramaGraphics
import DioramaLogging
import DioramaModel
import Foundation

/// One scene's Wayland objects: wl_surface, xdg_toplevel, and where offered
/// wp_viewport and wp_fractional_scale_v1; plus its buffers.
///
/// Event handlers only record what the compositor said into
/// `CompositorFacts` (and tell the `FramePacer` what happened). At the end of
/// each dispatched batch (`eventsDispatched`, from the connection's queue
/// source) the facts are handed to the scene once — one `SceneState.compute`
/// and one round of callbacks however many events the batch held — and the
/// pacer decides whether to draw. Frames commit exactly the `BufferGeometry`
/// the state says; one that turns out stale just before its commit is
/// redrawn instead (see `drawFrame`).
@MainActor
final class SceneSurface: SceneHost {
    weak var scene: WindowScene?
    let surface: Surface
    let toplevel: Toplevel
    let viewport: Viewport?
    let fractionalScale: FractionalScale?
    private let bufferPool: BufferPool
    /// The `wl_shm` buffers of OpenGL ES frames presented through shared
    /// memory: xrgb8888, since GL frames are opaque, as the EGL window
    /// surface's are. Its memory stays mapped across sizes, as the software
    /// pool's does.
    private let glesBufferPool: BufferPool
    unowned let backend: WaylandSceneBackend
    private var facts = CompositorFacts()
    /// The facts changed since the scene last saw them.
    private var factsArePending = false
    private var pacer = FramePacer()
    /// A request from outside event dispatch (a timer, app code) is drawn at
    /// the end of this main-queue turn, coalesced, as UIKit draws at the end
    /// of the run loop's turn; requests during dispatch wait for its end.
    private var isDrawRequestQueued = false
    private var isTornDown = false
    private var hasFirstConfigure = false
    /// The render target kept when the drawable is not the buffer's size
    /// (a letterboxing gravity during an interactive resize, or an app-owned
    /// drawable size without a viewport): drawn at its size, then placed into
    /// the buffer by the gravity.
    private var renderTarget: PixelBuffer?
    /// The OpenGL ES target while the scene renders with `.openGLES`.
    private var glesTarget: GLESTarget?
    /// Why OpenGL ES could not be used for this scene; it then draws in
    /// software until the app asks for a renderer again.
    private var glesFailure: GLESUnavailable?
    /// The Vulkan target while the scene renders with `.vulkan`.
    private var vulkanTarget: VulkanTarget?
    /// Why Vulkan could not be used for this scene; it then draws in
    /// software until the app asks for a renderer again.
    private var vulkanFailure: VulkanUnavailable?
    /// The renderer and presentation the trace last recorded for the scene.
    private var tracedRenderer: TracedRenderer?
    private struct TracedRenderer: Equatable {
        var renderer: DrawableLayer.Renderer
        var presentation: DrawableLayer.GLESPresentation?
    }

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
        bufferPool = try BufferPool(shm: backend.shm)
        glesBufferPool = try BufferPool(shm: backend.shm, format: .xrgb8888)
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
        facts.hasViewport = viewport != nil
        facts.allScreens = backend.screenDescriptions
        facts.requestedScreenName = output.map { ScreenDescription($0).name }
        scene.update(facts: facts)
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
        // The EGL window surface and the Vulkan surface go before the
        // wl_surface they render to.
        glesTarget = nil
        vulkanTarget = nil
        surface.handler = nil
        toplevel.handler = nil
        fractionalScale?.handler = nil
    }

    /// Re-reads the outputs (entered and all) into the facts; the scene sees
    /// them at the end of the batch.
    ///
    /// Why at the end of the batch: a compositor moving a window to another
    /// output sends wl_surface.leave for the old one before wl_surface.enter
    /// for the new one (sway does, in one batch), often with the new preferred
    /// scale and a configure. Published one by one, the pair would send the
    /// scene through the background and back — didEnterBackground, a state
    /// save, a paused timer — for what is a move, and a frame drawn between
    /// them would be at the old scale. If the surface is still on no output
    /// once the batch is done, it really left (minimised, or its outputs went
    /// away).
    func refreshFacts() {
        facts.allScreens = backend.screenDescriptions
        facts.enteredScreens = surface.outputs.filter(\.isReady).map(ScreenDescription.init)
        if !facts.enteredScreens.isEmpty { facts.hasEnteredAnOutput = true }
        facts.preferredBufferScale = surface.preferredBufferScale
        factsArePending = true
    }

    /// Fires after every event of one dispatched batch has been handled (all
    /// scenes hear it, whichever objects the events were for): the scene
    /// computes its state once for the whole batch, then a frame is drawn if
    /// the pacer wants one.
    func eventsDispatched() {
        publishPendingFacts()
        drawIfWanted()
    }

    /// Hands the facts to the scene (one state computation and its callbacks)
    /// when they changed, and tells the pacer whether the buffer geometry did.
    private func publishPendingFacts() {
        guard factsArePending, !isTornDown, let scene else { return }
        factsArePending = false
        let before = scene.state?.bufferGeometry
        scene.update(facts: facts)
        pacer.interactiveResizeChanged(keepsDrawable: facts.isResizing && facts.hasViewport)
        // A new buffer geometry (the scale or size changed) makes the frame in
        // flight obsolete: the pacer lets the new one supersede it instead of
        // waiting for that frame's callback. This keeps the reaction to a
        // display change within one event batch.
        if facts.isMapped, let after = scene.state?.bufferGeometry, after != before { pacer.geometryChanged() }
    }

    private func drawIfWanted() {
        guard !isTornDown, hasFirstConfigure, pacer.shouldDraw else { return }
        drawFrame()
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

    /// How many times a frame is redrawn because events read just before its
    /// commit changed the geometry, before it is committed anyway (a
    /// compositor changing the geometry faster than we draw must not stall us).
    private static let maximumRedrawsBeforeCommit = 3

    /// Draws and commits one frame for the scene's current state.
    ///
    /// Before the commit, the events already on the socket are read and
    /// handled: a display change that arrived while the content was drawing
    /// would otherwise be answered only after a frame at the old scale or size
    /// went out — a stale frame the compositor shows for a refresh. If they
    /// changed the buffer geometry, the frame is drawn again for the new one
    /// instead of being committed.
    private func drawFrame() {
        for attempt in 0... {
            guard !isTornDown, let scene, let state = scene.state else { return }
            if state.activationState == .background && facts.isMapped {
                // Nothing is drawn in the background; a pending configure is still acknowledged.
                if toplevel.pendingConfigureSerial != nil {
                    toplevel.commit()
                    pacer.committedWithoutFrame()
                }
                return
            }
            let geometry = state.bufferGeometry
            let frame: FrameBuffer
            let gpuTarget = gpuTargetForNextFrame(scene: scene, bufferSize: geometry.bufferSize)
            let glesTarget = gpuTarget?.gles
            if case .vulkan(let vulkanTarget) = gpuTarget {
                pacer.willDraw()
                guard render(scene: scene, state: state, with: vulkanTarget, geometry: geometry) else {
                    // Vulkan failed for this scene: the frame is drawn again in software.
                    pacer.drawAbandoned()
                    continue
                }
                frame = .vulkanSwapchain(vulkanTarget)
            } else if let glesTarget, !glesTarget.presentsThroughSharedMemory {
                pacer.willDraw()
                render(scene: scene, state: state, with: glesTarget, geometry: geometry, into: nil)
                frame = .eglWindowSurface(glesTarget)
            } else {
                let buffer: Buffer
                do {
                    buffer = try (glesTarget == nil ? bufferPool : glesBufferPool).nextBuffer(size: geometry.bufferSize)
                } catch {
                    runtimeLog.warning("no buffer for a \(geometry.bufferSize) frame: \(error)")
                    return
                }
                pacer.willDraw()
                if let glesTarget {
                    render(scene: scene, state: state, with: glesTarget, geometry: geometry, into: buffer)
                } else {
                    render(scene: scene, state: state, into: buffer)
                }
                frame = .shm(buffer)
            }
            backend.dispatchEventsAlreadyReceived()
            if isTornDown { return }
            if attempt < Self.maximumRedrawsBeforeCommit, scene.state?.bufferGeometry != geometry {
                pacer.drawAbandoned()
                continue
            }
            commit(frame, geometry: geometry, state: state, scene: scene)
            return
        }
    }

    /// Where a frame's pixels are: a wl_shm buffer (software frames, and
    /// OpenGL ES frames presented through shared memory), or the EGL window
    /// surface's back buffer (attached by `eglSwapBuffers`), or a Vulkan
    /// swapchain image (attached by `vkQueuePresentKHR`).
    private enum FrameBuffer {
        case shm(Buffer)
        case eglWindowSurface(GLESTarget)
        case vulkanSwapchain(VulkanTarget)
    }

    /// What draws a frame that is not drawn in software.
    private enum GPUTarget {
        case gles(GLESTarget)
        case vulkan(VulkanTarget)

        var gles: GLESTarget? {
            if case .gles(let target) = self { target } else { nil }
        }
    }

    /// The OpenGL ES or Vulkan target for the next frame, or nil to draw it
    /// in software: when the app asks for software, or EGL or Vulkan could
    /// not initialise (reported once per process; the scene's trace says
    /// why). A GL target made for another presentation than the app now asks
    /// for is replaced. Records the renderer and presentation in the trace
    /// whenever they change.
    private func gpuTargetForNextFrame(scene: WindowScene, bufferSize: Size) -> GPUTarget? {
        let layer = scene.drawableLayer
        // The renderers the app does not ask for let go of their targets
        // (and of a failure, so asking again tries again).
        if layer.renderer != .openGLES {
            glesTarget = nil
            glesFailure = nil
        }
        if layer.renderer != .vulkan {
            vulkanTarget = nil
            vulkanFailure = nil
        }
        switch layer.renderer {
        case .software:
            break
        case .openGLES:
            if let target = glesTarget, target.askedPresentation != layer.glesPresentation { glesTarget = nil }
            if glesTarget == nil, glesFailure == nil, let wlSurface = surface.wlSurface.pointer {
                do throws(GLESUnavailable) {
                    let target = try GLESTarget(
                        connection: try backend.eglConnection().get(), wlSurface: wlSurface,
                        bufferSize: bufferSize, presentation: layer.glesPresentation)
                    if let note = target.presentationNote { runtimeLog.warning("\(note)") }
                    glesTarget = target
                } catch {
                    glesFailed(error)
                }
            }
        case .vulkan:
            if vulkanTarget == nil, vulkanFailure == nil, let wlSurface = surface.wlSurface.pointer {
                do throws(VulkanUnavailable) {
                    vulkanTarget = try VulkanTarget(
                        instance: try backend.vulkanInstance().get(), device: &backend.vulkanDevice, wlSurface: wlSurface)
                } catch {
                    vulkanFailed(error)
                }
            }
        }
        let target = glesTarget.map(GPUTarget.gles) ?? vulkanTarget.map(GPUTarget.vulkan)
        let active: DrawableLayer.Renderer =
            switch target {
            case .gles: .openGLES
            case .vulkan: .vulkan
            case nil: .software
            }
        layer.activeRenderer = active
        layer.activeGLESPresentation = glesTarget?.presentation
        let traced = TracedRenderer(renderer: active, presentation: glesTarget?.presentation)
        if tracedRenderer != traced {
            tracedRenderer = traced
            scene.trace.record(
                .renderer(
                    scene: scene.traceName, renderer: active.rawValue,
                    presentation: glesTarget?.presentation.rawValue,
                    fallbackReason: active == layer.renderer ? nil : glesFailure?.description ?? vulkanFailure?.description))
        }
        return target
    }

    /// OpenGL ES failed for this scene: it draws in software from now on
    /// (reported once per process; the trace says why at the next frame).
    private func glesFailed(_ failure: GLESUnavailable) {
        glesFailure = failure
        glesTarget = nil
        backend.reportFallback(from: .openGLES, because: failure)
    }

    /// Vulkan failed for this scene: as `glesFailed`.
    private func vulkanFailed(_ failure: VulkanUnavailable) {
        vulkanFailure = failure
        vulkanTarget = nil
        backend.reportFallback(from: .vulkan, because: failure)
    }

    private func commit(_ frame: FrameBuffer, geometry: BufferGeometry, state: SceneState, scene: WindowScene) {
        surface.setBufferScale(geometry.bufferScale)
        viewport?.setDestination(geometry.viewportDestination)
        if case .shm(let buffer) = frame {
            surface.attach(buffer)
            surface.damageAll()
        }
        // This frame's callback, numbered as the commit below will be.
        let commitNumber = pacer.committedFrames + 1
        surface.frame { [weak self] _ in
            MainActor.assumeIsolated { self?.pacer.frameCallbackDone(ofCommit: commitNumber) }
        }
        switch frame {
        case .shm:
            toplevel.commit()
        case .eglWindowSurface(let glesTarget):
            do throws(GLESUnavailable) {
                try surface.commit(performedBy: glesTarget.present)
            } catch {
                // The surface still gets its commit (the acknowledgement and
                // frame callback were sent); the next frame is drawn in software.
                glesFailed(error)
                surface.wlSurface.commit()
                setNeedsDisplay()
            }
            dispatchEventsReadByAnotherLibrary()
        case .vulkanSwapchain(let vulkanTarget):
            present(vulkanTarget, scene: scene, state: state, geometry: geometry)
            dispatchEventsReadByAnotherLibrary()
        }
        // Sent before the trace line is written: the time between reading the
        // socket (in `drawFrame`) and the commit reaching the compositor is
        // the only window left for a stale frame, so nothing else goes in it.
        try? backend.connection.flush()
        pacer.didCommit()
        scene.trace.record(
            .commit(
                scene: scene.traceName, bufferSize: geometry.bufferSize, bufferScale: geometry.bufferScale,
                viewport: geometry.viewportDestination, logicalSize: state.size, scale: state.resolvedScale.scale))
        if !facts.isMapped {
            // The first buffer is committed: the window is mapped.
            facts.isMapped = true
            factsArePending = true
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

    /// Presents the Vulkan frame drawn last; the driver's present commits
    /// the surface. A swapchain out of date at the present commits nothing:
    /// the frame is drawn again into a new swapchain and presented once
    /// more. When that fails too, or Vulkan fails, the surface still gets
    /// its commit (the acknowledgement and frame callback were sent) and
    /// the next frame is drawn in software.
    private func present(_ vulkanTarget: VulkanTarget, scene: WindowScene, state: SceneState, geometry: BufferGeometry) {
        do throws(VulkanUnavailable) {
            var presented = false
            try surface.commit { () throws(VulkanUnavailable) in presented = try vulkanTarget.present() }
            if !presented, render(scene: scene, state: state, with: vulkanTarget, geometry: geometry) {
                presented = try vulkanTarget.present()
            }
            if presented { return }
            if vulkanTarget === self.vulkanTarget {
                vulkanFailed(VulkanUnavailable(step: "vkQueuePresentKHR reported VK_ERROR_OUT_OF_DATE_KHR twice in a row"))
            }
        } catch {
            vulkanFailed(error)
        }
        surface.wlSurface.commit()
        setNeedsDisplay()
    }

    /// Lets the content record one Vulkan frame of the drawable size for the
    /// same buffer a software frame would have, into a swapchain image of
    /// the buffer size. Returns false when Vulkan failed (the scene then
    /// draws in software).
    private func render(scene: WindowScene, state: SceneState, with vulkanTarget: VulkanTarget, geometry: BufferGeometry) -> Bool {
        let layer = scene.drawableLayer
        do throws(VulkanUnavailable) {
            try vulkanTarget.render(
                bufferSize: geometry.bufferSize, drawableSize: state.drawableSize ?? geometry.bufferSize,
                contentsScale: layer.contentsScale, gravity: layer.contentsGravity, letterboxColor: layer.letterboxColor
            ) { drawable in
                if let content = scene.rootContent {
                    content.draw(in: drawable, for: scene)
                } else {
                    drawable.clearToEmptySceneColor()
                }
            }
            return true
        } catch {
            vulkanFailed(error)
            return false
        }
    }

    /// Lets the content draw into the buffer. During an interactive resize
    /// with a letterboxing gravity, it draws into the kept render target,
    /// which is then placed into the buffer by the gravity.
    private func render(scene: WindowScene, state: SceneState, into buffer: Buffer) {
        let drawableSize = state.drawableSize ?? buffer.size
        let gravity = scene.drawableLayer.contentsGravity
        let letterboxing = drawableSize != buffer.size
        buffer.withPixels { pixels in
            guard let base = pixels.baseAddress else { return }
            if !letterboxing {
                renderTarget = nil
                draw(
                    scene: scene,
                    into: Drawable(
                        pixels: UnsafeMutableRawPointer(base), size: buffer.size,
                        stride: buffer.stride, contentsScale: scene.drawableLayer.contentsScale))
                return
            }
            var target =
                renderTarget.flatMap { $0.width == drawableSize.width && $0.height == drawableSize.height ? $0 : nil }
                ?? PixelBuffer(width: drawableSize.width, height: drawableSize.height)
            let targetStride = target.rowStride * 4
            target.withUnsafeMutablePixels { targetPixels in
                guard let targetBase = targetPixels.baseAddress else { return }
                draw(
                    scene: scene,
                    into: Drawable(
                        pixels: UnsafeMutableRawPointer(targetBase), size: drawableSize,
                        stride: targetStride, contentsScale: scene.drawableLayer.contentsScale))
            }
            renderTarget = target
            guard
                var canvas = try? PixelCanvas(
                    baseAddress: UnsafeMutableRawPointer(base), width: buffer.size.width,
                    height: buffer.size.height, strideBytes: buffer.stride)
            else { return }
            canvas.clear(to: PixelColor(argb: scene.drawableLayer.letterboxColor))
            let destination = gravity.pixelDestination(contentSize: drawableSize, in: buffer.size)
            canvas.composite(target, placement: BufferPlacement(destination: destination))
        }
    }

    /// Lets the content draw one OpenGL ES frame of the drawable size for
    /// the same buffer a software frame would have: into the EGL window
    /// surface, or read into `buffer` (shared-memory presentation).
    private func render(
        scene: WindowScene, state: SceneState, with glesTarget: GLESTarget, geometry: BufferGeometry, into buffer: Buffer?
    ) {
        let layer = scene.drawableLayer
        glesTarget.render(
            bufferSize: geometry.bufferSize, drawableSize: state.drawableSize ?? geometry.bufferSize,
            contentsScale: layer.contentsScale, gravity: layer.contentsGravity,
            letterboxColor: layer.letterboxColor, into: buffer
        ) { drawable in
            if let content = scene.rootContent {
                content.draw(in: drawable, for: scene)
            } else {
                drawable.clearToEmptySceneColor()
            }
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
    /// A configure sequence arrived: new size and states. It is answered
    /// (acknowledged with a frame) at the end of the batch — at once, even
    /// with a frame in flight — except while connecting, when the frame waits
    /// for `sceneDidConnect`.
    func toplevelConfigured(_ toplevel: Toplevel, configure: ToplevelConfigure) {
        facts.configuredSize = configure.size
        facts.isActivated = configure.states.contains(.activated)
        facts.isResizing = configure.states.contains(.resizing)
        facts.isMaximized = configure.states.contains(.maximized)
        facts.isFullscreen = configure.states.contains(.fullscreen)
        facts.isTiled = !configure.states.isDisjoint(with: [.tiledLeft, .tiledRight, .tiledTop, .tiledBottom])
        factsArePending = true
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
        facts.fractionalPreferred = scale
        factsArePending = true
    }
}

import DioramaClient
import DioramaModel

/// Which presenter draws a scene's next frame: the one place the renderer
/// is chosen and the fallback to software decided.
///
/// The scene draws with the renderer the app asks for
/// (`DrawableLayer.renderer`, and for OpenGL ES its `glesPresentation`)
/// while that works, and in software from its first failure on — setting
/// up, drawing or presenting — until the app asks for something else
/// (asking again tries again). A failure is reported once per process and
/// renderer on stderr (`WaylandSceneBackend.reportFallback`), and the
/// trace's `renderer` record says why the scene draws in software.
@MainActor
final class PresenterChoice {
    /// What the app asks for; a presenter of the renderer asked for serves one request.
    private struct Request: Equatable {
        var renderer: DrawableLayer.Renderer
        /// Only for `.openGLES`.
        var glesPresentation: DrawableLayer.GLESPresentation?

        @MainActor init(_ layer: DrawableLayer) {
            renderer = layer.renderer
            glesPresentation = layer.renderer == .openGLES ? layer.glesPresentation : nil
        }
    }

    /// What the trace last recorded for the scene.
    private struct TracedRenderer: Equatable {
        var renderer: DrawableLayer.Renderer
        var presentation: DrawableLayer.GLESPresentation?
    }

    private unowned let backend: WaylandSceneBackend
    private let surface: Surface
    private let software: SoftwarePresenter
    /// The OpenGL ES, Vulkan or Cairo presenter and the request it was made for.
    private var requested: (request: Request, presenter: any ScenePresenter)?
    /// Why that renderer failed, for the request the app still makes.
    private var failure: (request: Request, reason: RendererUnavailable)?
    private var traced: TracedRenderer?

    init(backend: WaylandSceneBackend, surface: Surface) throws(ShmError) {
        self.backend = backend
        self.surface = surface
        software = try SoftwarePresenter(shm: backend.shm)
    }

    /// The presenter for the scene's next frame, made when the app asks for
    /// a renderer other than software that has none yet. Sets the layer's
    /// `activeRenderer` and `activeGLESPresentation`, and records them in
    /// the trace whenever they change.
    func presenter(for scene: WindowScene, bufferSize: Size) -> any ScenePresenter {
        let layer = scene.drawableLayer
        let request = Request(layer)
        // What the app no longer asks for lets go of its presenter, and of
        // its failure, so asking again tries again.
        if let requested, requested.request != request { self.requested = nil }
        if let failure, failure.request != request { self.failure = nil }
        if requested == nil, failure == nil, request.renderer != .software {
            do throws(RendererUnavailable) {
                requested = (request, try makePresenter(for: request, bufferSize: bufferSize))
            } catch {
                fail(error, request: request)
            }
        }
        let presenter = requested?.presenter ?? software
        layer.activeRenderer = presenter.renderer
        layer.activeGLESPresentation = presenter.glesPresentation
        let now = TracedRenderer(renderer: presenter.renderer, presentation: presenter.glesPresentation)
        if traced != now {
            traced = now
            scene.trace.record(
                .renderer(
                    scene: scene.traceName, renderer: now.renderer.rawValue, presentation: now.presentation?.rawValue,
                    fallbackReason: now.renderer == request.renderer ? nil : failure?.reason.description))
        }
        return presenter
    }

    /// The requested presenter failed while drawing or presenting: the
    /// scene draws in software from the next frame on.
    func fail(_ reason: RendererUnavailable) {
        guard let request = requested?.request else { return }
        fail(reason, request: request)
    }

    /// Lets go of the requested presenter: its EGL window surface or Vulkan
    /// surface must go before the `wl_surface` it renders to.
    func tearDown() {
        requested = nil
    }

    private func fail(_ reason: RendererUnavailable, request: Request) {
        requested = nil
        failure = (request, reason)
        backend.reportFallback(from: reason.renderer, because: reason)
    }

    private func makePresenter(for request: Request, bufferSize: Size) throws(RendererUnavailable) -> any ScenePresenter {
        guard let wlSurface = surface.wlSurface.pointer else {
            throw RendererUnavailable(request.renderer, "the scene's wl_surface is gone")
        }
        switch request.renderer {
        case .software:
            return software
        case .cairo:
            do throws(ShmError) {
                return try SoftwarePresenter(shm: backend.shm, drawsWithCairo: true)
            } catch {
                throw RendererUnavailable(.cairo, "a wl_shm pool for Cairo frames (\(error))")
            }
        case .openGLES:
            return try GLESPresenter(
                egl: try opened(.openGLES, backend.eglConnection()), wlSurface: wlSurface, shm: backend.shm,
                bufferSize: bufferSize, presentation: request.glesPresentation ?? .automatic)
        case .vulkan:
            return try VulkanPresenter(
                instance: try opened(.vulkan, backend.vulkanInstance()), device: &backend.vulkanDevice,
                wlSurface: wlSurface)
        }
    }

    /// The process's EGL display or Vulkan instance (opened once per
    /// process), or why `renderer` has none.
    private func opened<Shared, Failure: Error & CustomStringConvertible>(
        _ renderer: DrawableLayer.Renderer, _ result: Result<Shared, Failure>
    ) throws(RendererUnavailable) -> Shared {
        switch result {
        case .success(let shared): return shared
        case .failure(let failure): throw RendererUnavailable(renderer, failure)
        }
    }
}

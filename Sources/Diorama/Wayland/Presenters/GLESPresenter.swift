import DioramaClient
import DioramaLogging
import DioramaModel

/// OpenGL ES frames (`DrawableLayer.Renderer.openGLES`): the content draws
/// with the scene's context (`GLESTarget`), and the frame reaches the
/// compositor through the EGL window surface (`eglSwapBuffers` commits) or
/// is read into the presenter's own `wl_shm` buffers
/// (`DrawableLayer.GLESPresentation`).
@MainActor
final class GLESPresenter: ScenePresenter {
    let renderer = DrawableLayer.Renderer.openGLES
    let target: GLESTarget
    /// The xrgb8888 buffers frames are read into with the shared-memory
    /// presentation; nil with the window surface.
    private let sharedMemory: SharedMemoryFrames?

    /// Makes the scene's context and window surface (or offscreen
    /// framebuffers) on `wlSurface`; says on stderr when the presentation
    /// asked for cannot be had.
    init(
        egl: EGLConnection, wlSurface: OpaquePointer, shm: ShmState, bufferSize: Size,
        presentation: DrawableLayer.GLESPresentation
    ) throws(RendererUnavailable) {
        do throws(GLESUnavailable) {
            target = try GLESTarget(connection: egl, wlSurface: wlSurface, bufferSize: bufferSize, presentation: presentation)
        } catch {
            throw RendererUnavailable(.openGLES, error)
        }
        if let note = target.presentationNote { runtimeLog.warning("\(note)") }
        if target.presentsThroughSharedMemory {
            do throws(ShmError) {
                sharedMemory = try SharedMemoryFrames(shm: shm)
            } catch {
                throw RendererUnavailable(.openGLES, "a wl_shm pool for the shared-memory presentation (\(error))")
            }
        } else {
            sharedMemory = nil
        }
    }

    var glesPresentation: DrawableLayer.GLESPresentation? { target.presentation }
    var commitsThroughAnotherLibrary: Bool { sharedMemory == nil }

    func prepare(_ frame: SceneFrame) throws(PresenterFailure) {
        try sharedMemory?.prepare(size: frame.bufferSize)
    }

    func render(_ frame: SceneFrame) {
        target.render(
            bufferSize: frame.bufferSize, drawableSize: frame.drawableSize, contentsScale: frame.contentsScale,
            letterbox: frame.letterbox, into: sharedMemory?.buffer
        ) { drawable in frame.drawContent(into: drawable) }
    }

    func commit(_ frame: SceneFrame, to surface: Surface) throws(PresenterFailure) {
        if let sharedMemory {
            sharedMemory.commit(to: surface)
            return
        }
        do throws(GLESUnavailable) {
            try surface.commit(performedBy: target.present)
        } catch {
            throw .rendererUnavailable(RendererUnavailable(.openGLES, error))
        }
    }
}

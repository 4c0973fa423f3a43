import CEGL
import CGLES
import DioramaModel

/// One OpenGL ES frame (`DrawableLayer.Renderer.openGLES`): the counterpart
/// of what `MTKView` hands its delegate's `draw(in:)`. Valid only during
/// `RootContent.draw(in:for:)`, when `context` is current on the main thread.
///
/// Draw into `framebuffer` (bound when the call starts) over the whole
/// `size`; the viewport is already set to it. GL's origin is the bottom-left
/// corner. The runtime presents the frame when the call returns (never call
/// `eglSwapBuffers` yourself), with the buffer scale or viewport for
/// `contentsScale` that it also sets for software frames.
public struct GLESDrawable {
    /// The drawable's size in pixels (`DrawableLayer.drawableSize`).
    public let size: Size
    /// The scale the frame is rendered at (pixels per point).
    public let contentsScale: Double
    /// The framebuffer to draw into: 0 (the window's) when frames go
    /// through the EGL window surface and the drawable is the buffer's size;
    /// an offscreen one of `size` when they go through shared memory
    /// (`DrawableLayer.GLESPresentation.sharedMemory`), or when the runtime
    /// places the drawable into the buffer by `contentsGravity` (an
    /// app-owned size without `wp_viewporter`).
    public let framebuffer: GLuint
    /// The EGL display on the scene's Wayland connection, for apps that bring
    /// their own renderer.
    public let eglDisplay: EGLDisplay
    /// The scene's EGL window surface (on its `wl_surface`); nil
    /// (`EGL_NO_SURFACE`, the context current without a surface) when frames
    /// go through shared memory.
    public let eglSurface: EGLSurface?
    /// The scene's OpenGL ES 3 context, current during the draw.
    public let eglContext: EGLContext

    /// Clears the framebuffer to the dark grey a scene without content shows
    /// (the software renderer's 0xFF202020).
    func clearToEmptySceneColor() {
        glClearColor(0x20 / 255, 0x20 / 255, 0x20 / 255, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }
}

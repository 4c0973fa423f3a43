import CEGL
import CGLES
import CWaylandEGL
import DioramaModel
import Foundation

/// Why the OpenGL ES renderer cannot be used: the EGL call that failed and
/// its error code. The runtime then draws the scene in software.
struct GLESUnavailable: Error, CustomStringConvertible {
    /// The call that failed, e.g. `eglInitialize`.
    var step: String
    /// `eglGetError()` right after it, when EGL had one.
    var code: EGLint?

    /// Records `step` with EGL's error for it.
    static func eglFailure(_ step: String) -> GLESUnavailable {
        let code = eglGetError()
        return GLESUnavailable(step: step, code: code == EGL_SUCCESS ? nil : code)
    }

    var description: String {
        guard let code else { return "\(step) failed" }
        return "\(step) failed (EGL error 0x\(String(code, radix: 16)))"
    }
}

/// The EGL display on the runtime's Wayland connection, initialised once per
/// process and shared by every scene that renders with OpenGL ES.
final class EGLConnection {
    let display: EGLDisplay
    let config: EGLConfig

    /// Initialises EGL on the Wayland platform for `wlDisplay` and picks an
    /// opaque RGB888 window config that OpenGL ES 3 can render to.
    init(wlDisplay: OpaquePointer) throws(GLESUnavailable) {
        guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_WAYLAND_KHR), UnsafeMutableRawPointer(wlDisplay), nil) else {
            throw .eglFailure("eglGetPlatformDisplay(EGL_PLATFORM_WAYLAND_KHR)")
        }
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGL_TRUE else { throw .eglFailure("eglInitialize") }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else {
            eglTerminate(display)
            throw .eglFailure("eglBindAPI(EGL_OPENGL_ES_API)")
        }
        // No alpha: the scene is opaque, as its software frames are
        // (xrgb8888 buffers, never blended with what is behind).
        let attributes: [EGLint] = [
            EGL_SURFACE_TYPE, EGL_WINDOW_BIT,
            EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
            EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 0,
            EGL_NONE,
        ]
        var config: EGLConfig?
        var count: EGLint = 0
        guard eglChooseConfig(display, attributes, &config, 1, &count) == EGL_TRUE, count > 0, let config else {
            let failure = GLESUnavailable.eglFailure("eglChooseConfig (an OpenGL ES 3 window config, RGB888)")
            eglTerminate(display)
            throw failure
        }
        self.display = display
        self.config = config
    }

    deinit {
        eglMakeCurrent(display, nil, nil, nil)
        eglTerminate(display)
    }
}

/// One scene's OpenGL ES render target: a `wl_egl_window` on its
/// `wl_surface`, sized in buffer pixels, with an EGL window surface and an
/// OpenGL ES 3 context.
///
/// It only puts pixels into buffers: which size, buffer scale and viewport a
/// frame has is decided by the scene's state (`BufferGeometry`, the drawable
/// size), exactly as for software frames, and `SceneSurface` sends the
/// buffer scale, viewport and frame callback before `present()` commits.
@MainActor
final class GLESWindow {
    let connection: EGLConnection
    private let window: OpaquePointer
    /// Replaced when a drawn frame is abandoned at a size change (``replaceSurface()``).
    private(set) var surface: EGLSurface
    let context: EGLContext
    /// The window's buffer size in pixels (what the next swap attaches).
    private(set) var bufferSize: Size
    /// The offscreen drawable used when it is not the buffer's size; placed
    /// into the window by the gravity after the content drew.
    private var offscreen: (framebuffer: GLuint, colorBuffer: GLuint, size: Size)?
    /// A frame was drawn and not yet swapped: Mesa holds its back buffer.
    private var frameAwaitingPresent = false
    /// Set when the window surface could not be made again; the next
    /// `present()` throws it and the scene falls back to software.
    private var lostSurface: GLESUnavailable?

    init(connection: EGLConnection, wlSurface: OpaquePointer, bufferSize: Size) throws(GLESUnavailable) {
        guard let window = wl_egl_window_create(wlSurface, Int32(bufferSize.width), Int32(bufferSize.height)) else {
            throw GLESUnavailable(step: "wl_egl_window_create", code: nil)
        }
        guard let surface = eglCreateWindowSurface(connection.display, connection.config, window, nil) else {
            let failure = GLESUnavailable.eglFailure("eglCreateWindowSurface")
            wl_egl_window_destroy(window)
            throw failure
        }
        let contextAttributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE]
        guard let context = eglCreateContext(connection.display, connection.config, nil, contextAttributes) else {
            let failure = GLESUnavailable.eglFailure("eglCreateContext (OpenGL ES 3.0)")
            eglDestroySurface(connection.display, surface)
            wl_egl_window_destroy(window)
            throw failure
        }
        guard eglMakeCurrent(connection.display, surface, surface, context) == EGL_TRUE else {
            let failure = GLESUnavailable.eglFailure("eglMakeCurrent")
            eglDestroyContext(connection.display, context)
            eglDestroySurface(connection.display, surface)
            wl_egl_window_destroy(window)
            throw failure
        }
        // Swaps never wait for the compositor: frames are paced by the frame
        // callbacks the scene requests itself (FramePacer), so a swap never
        // blocks the event loop.
        eglSwapInterval(connection.display, 0)
        eglMakeCurrent(connection.display, nil, nil, nil)
        self.connection = connection
        self.window = window
        self.surface = surface
        self.context = context
        self.bufferSize = bufferSize
    }

    isolated deinit {
        makeCurrent()
        if let offscreen { deleteOffscreen(offscreen) }
        eglMakeCurrent(connection.display, nil, nil, nil)
        eglDestroyContext(connection.display, context)
        if lostSurface == nil { eglDestroySurface(connection.display, surface) }
        wl_egl_window_destroy(window)
    }

    /// Lets `draw` render one frame of `drawableSize` pixels into a buffer of
    /// `bufferSize` pixels. When the two differ (an app-owned drawable size
    /// without a viewport) the content draws offscreen and the frame is
    /// placed into the buffer by `gravity` over `letterboxColor`, as the
    /// software path does.
    func render(
        bufferSize: Size, drawableSize: Size, contentsScale: Double, gravity: ContentsGravity,
        letterboxColor: UInt32, draw: (GLESDrawable) -> Void
    ) {
        if bufferSize != self.bufferSize {
            // Before the context is made current: making it current picks
            // the frame's back buffer, and Mesa keeps that buffer's size for
            // the whole frame. Resized after it, the frame would go out at
            // the old size under the new buffer scale (a protocol error when
            // the old size is odd and the new scale is 2).
            wl_egl_window_resize(window, Int32(bufferSize.width), Int32(bufferSize.height), 0, 0)
            self.bufferSize = bufferSize
            if frameAwaitingPresent { replaceSurface() }
        }
        if lostSurface != nil { return }
        makeCurrent()
        defer { releaseCurrent() }
        let framebuffer: GLuint
        if drawableSize == bufferSize {
            if let offscreen { deleteOffscreen(offscreen) }
            offscreen = nil
            framebuffer = 0
        } else {
            framebuffer = offscreenFramebuffer(size: drawableSize)
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(drawableSize.width), GLsizei(drawableSize.height))
        draw(
            GLESDrawable(
                size: drawableSize, contentsScale: contentsScale, framebuffer: framebuffer,
                eglDisplay: connection.display, eglSurface: surface, eglContext: context))
        if framebuffer != 0 {
            place(framebuffer: framebuffer, size: drawableSize, gravity: gravity, letterboxColor: letterboxColor)
        }
        // GL queues the drawing; without waiting for it here it would run
        // inside eglSwapBuffers, after the scene's last look at the socket,
        // and a scale change arriving meanwhile would go out as a stale frame.
        glFinish()
        frameAwaitingPresent = true
    }

    /// Presents the frame drawn last: `eglSwapBuffers` attaches the buffer,
    /// damages it and commits the surface (with whatever buffer scale,
    /// viewport and frame callback were sent before it).
    func present() throws(GLESUnavailable) {
        if let lostSurface { throw lostSurface }
        makeCurrent()
        defer { releaseCurrent() }
        frameAwaitingPresent = false
        guard eglSwapBuffers(connection.display, surface) == EGL_TRUE else { throw .eglFailure("eglSwapBuffers") }
    }

    /// Lets go of an abandoned frame's back buffer: when the scale changed
    /// after a frame was drawn, the runtime draws again at the new size
    /// without presenting it, but Mesa keeps the size of a back buffer it
    /// holds until a swap, so the new frame would go out at the old size.
    /// A new window surface on the same `wl_egl_window` starts without one.
    /// Mesa destroys the old surface's `wl_buffer`s, the one on screen
    /// included; that leaves the surface's contents as they are, since the
    /// protocol allows destroying a buffer before its release as long as its
    /// storage is not written again.
    private func replaceSurface() {
        eglDestroySurface(connection.display, surface)
        frameAwaitingPresent = false
        guard let replacement = eglCreateWindowSurface(connection.display, connection.config, window, nil) else {
            lostSurface = .eglFailure("eglCreateWindowSurface (again, after a frame abandoned at a size change)")
            return
        }
        surface = replacement
        // The swap interval belongs to the surface.
        makeCurrent()
        eglSwapInterval(connection.display, 0)
        releaseCurrent()
    }

    /// Makes the context current on this thread. Why each time, and
    /// released after: the main queue is not tied to one thread (after
    /// `dispatchMain()` any worker thread may drain it), while an EGL context
    /// is current per thread and cannot be made current on a second thread
    /// while it is still current on the first.
    private func makeCurrent() {
        eglMakeCurrent(connection.display, surface, surface, context)
    }

    private func releaseCurrent() {
        eglMakeCurrent(connection.display, nil, nil, nil)
    }

    private func offscreenFramebuffer(size: Size) -> GLuint {
        if let offscreen, offscreen.size == size { return offscreen.framebuffer }
        if let offscreen { deleteOffscreen(offscreen) }
        var framebuffer: GLuint = 0, colorBuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        glGenRenderbuffers(1, &colorBuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), colorBuffer)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(size.width), GLsizei(size.height))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), colorBuffer)
        offscreen = (framebuffer, colorBuffer, size)
        return framebuffer
    }

    private func deleteOffscreen(_ target: (framebuffer: GLuint, colorBuffer: GLuint, size: Size)) {
        var framebuffer = target.framebuffer, colorBuffer = target.colorBuffer
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteRenderbuffers(1, &colorBuffer)
    }

    /// Clears the window to the letterbox colour and scales the offscreen
    /// drawable into the rectangle the gravity gives (top-left based, as for
    /// software frames; GL's rows count from the bottom).
    private func place(framebuffer: GLuint, size: Size, gravity: ContentsGravity, letterboxColor: UInt32) {
        let destination = gravity.pixelDestination(contentSize: size, in: bufferSize)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), 0)
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(bufferSize.width), GLsizei(bufferSize.height))
        glDisable(GLenum(GL_SCISSOR_TEST))
        func channel(_ shift: UInt32) -> GLfloat { GLfloat((letterboxColor >> shift) & 0xFF) / 255 }
        glClearColor(channel(16), channel(8), channel(0), 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        let bottom = bufferSize.height - destination.maxY
        glBlitFramebuffer(
            0, 0, GLint(size.width), GLint(size.height),
            GLint(destination.minX), GLint(bottom), GLint(destination.maxX), GLint(bottom + destination.height),
            GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_LINEAR))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }
}

extension ContentsGravity {
    /// Where a frame of `contentSize` pixels goes in a buffer of `bufferSize`
    /// pixels, rounded to whole pixels, top-left based: the one placement the
    /// software and OpenGL ES renderers share.
    func pixelDestination(contentSize: Size, in bufferSize: Size) -> Rect {
        let placed = destinationRect(
            contentSize: contentSize.cgSize,
            in: CGRect(x: 0, y: 0, width: Double(bufferSize.width), height: Double(bufferSize.height)))
        return Rect(
            x: Int(placed.minX.rounded()), y: Int(placed.minY.rounded()),
            width: Int(placed.width.rounded()), height: Int(placed.height.rounded()))
    }
}

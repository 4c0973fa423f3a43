import CEGL
import CGLES
import CWaylandEGL
import DioramaClient
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
        var depth: EGLint = 0, stencil: EGLint = 0
        eglGetConfigAttrib(display, config, EGL_DEPTH_SIZE, &depth)
        eglGetConfigAttrib(display, config, EGL_STENCIL_SIZE, &stencil)
        configHasDepthOrStencil = depth > 0 || stencil > 0
        let extensions = eglQueryString(display, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
        supportsSurfacelessContext = extensions.split(separator: " ").contains("EGL_KHR_surfaceless_context")
    }

    /// Whether the window config has a depth or stencil buffer: offscreen
    /// framebuffers get one too, so a frame draws the same either way.
    let configHasDepthOrStencil: Bool
    /// Whether a context can be current without a surface (the
    /// shared-memory presentation renders only into framebuffer objects).
    let supportsSurfacelessContext: Bool
    /// What the first context said about the GL implementation.
    private(set) var capabilities: GLESCapabilities?

    /// Reads the GL implementation's name and extensions, once, with
    /// `context` current (they are the same for every context of the display).
    func readCapabilities() -> GLESCapabilities {
        if let capabilities { return capabilities }
        func string(_ name: GLenum) -> String { glGetString(name).map { String(cString: $0) } ?? "" }
        let read = GLESCapabilities(
            renderer: string(GLenum(GL_RENDERER)),
            extensions: Set(string(GLenum(GL_EXTENSIONS)).split(separator: " ").map(String.init)),
            surfacelessContext: supportsSurfacelessContext)
        capabilities = read
        return read
    }

    deinit {
        eglMakeCurrent(display, nil, nil, nil)
        eglTerminate(display)
    }
}

/// What a GL implementation offers that decides how its frames are presented.
struct GLESCapabilities: Equatable {
    /// `GL_RENDERER`, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    var renderer: String
    /// `GL_EXTENSIONS`.
    var extensions: Set<String>
    /// `EGL_KHR_surfaceless_context` on the display.
    var surfacelessContext: Bool

    /// Mesa's CPU rasterizers: their Wayland frames go through `wl_shm`
    /// whichever presentation is chosen.
    var rasterizesOnCPU: Bool {
        let name = renderer.lowercased()
        return ["llvmpipe", "softpipe", "swrast"].contains { name.contains($0) }
    }

    /// Frames render into BGRA textures and are read as BGRA: the byte order
    /// of `wl_shm`'s xrgb8888, so reading them is a plain copy.
    var readsBGRA: Bool {
        extensions.contains("GL_EXT_texture_format_BGRA8888") && extensions.contains("GL_EXT_read_format_bgra")
    }

    /// `glReadPixels` can hand rows over top row first, as `wl_shm` lays them out.
    var readsTopRowFirst: Bool { extensions.contains("GL_ANGLE_pack_reverse_row_order") }

    /// What is missing for the shared-memory presentation, nil when nothing is.
    var sharedMemoryObstacle: String? {
        if !surfacelessContext { return "EGL_KHR_surfaceless_context is not offered" }
        if !readsBGRA { return "GL_EXT_texture_format_BGRA8888 or GL_EXT_read_format_bgra is not offered" }
        return nil
    }

    /// The presentation a scene gets when it asks for `asked`, and why it
    /// differs when it does.
    func resolve(_ asked: DrawableLayer.GLESPresentation) -> (DrawableLayer.GLESPresentation, note: String?) {
        switch asked {
        case .windowSurface:
            return (.windowSurface, nil)
        case .sharedMemory:
            if let obstacle = sharedMemoryObstacle {
                return (.windowSurface, "the shared-memory presentation is unavailable (\(obstacle)); frames go through the EGL window surface")
            }
            return (.sharedMemory, nil)
        case .automatic:
            return (rasterizesOnCPU && sharedMemoryObstacle == nil ? .sharedMemory : .windowSurface, nil)
        }
    }
}

/// One scene's OpenGL ES context and where its frames go: an EGL window
/// surface on the scene's `wl_surface` (`eglSwapBuffers` presents), or
/// offscreen framebuffers read into the scene's `wl_shm` buffers
/// (`DrawableLayer.GLESPresentation`).
///
/// It only puts pixels into buffers: which size, buffer scale and viewport a
/// frame has is decided by the scene's state (`SceneFrame`), exactly as for
/// software frames; `GLESPresenter` drives it, and `SceneSurface` sends the
/// buffer scale, viewport and frame callback before the commit.
@MainActor
final class GLESTarget {
    let connection: EGLConnection
    let context: EGLContext
    /// What the app asked for (`DrawableLayer.glesPresentation`).
    let askedPresentation: DrawableLayer.GLESPresentation
    /// What it got: `.windowSurface` or `.sharedMemory`.
    let presentation: DrawableLayer.GLESPresentation
    /// Why `presentation` is not what was asked, when it is not.
    let presentationNote: String?
    private let capabilities: GLESCapabilities
    /// The EGL window surface (`.windowSurface` only).
    private let window: EGLWindowSurface?
    /// Drawable-size targets: every frame's with `.sharedMemory`, the
    /// letterboxing one with `.windowSurface`.
    private var framebuffers: OffscreenFramebuffers

    init(
        connection: EGLConnection, wlSurface: OpaquePointer, bufferSize: Size, presentation asked: DrawableLayer.GLESPresentation
    ) throws(GLESUnavailable) {
        let contextAttributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE]
        guard let context = eglCreateContext(connection.display, connection.config, nil, contextAttributes) else {
            throw .eglFailure("eglCreateContext (OpenGL ES 3.0)")
        }
        // Without a surfaceless context the capabilities are read on the
        // window surface; only the window surface can present then anyway.
        var window: EGLWindowSurface?
        if !connection.supportsSurfacelessContext || asked == .windowSurface {
            do {
                window = try EGLWindowSurface(connection: connection, wlSurface: wlSurface, bufferSize: bufferSize)
            } catch {
                eglDestroyContext(connection.display, context)
                throw error
            }
        }
        guard eglMakeCurrent(connection.display, window?.surface, window?.surface, context) == EGL_TRUE else {
            let failure = GLESUnavailable.eglFailure("eglMakeCurrent")
            eglDestroyContext(connection.display, context)
            throw failure
        }
        capabilities = connection.readCapabilities()
        (presentation, presentationNote) = capabilities.resolve(asked)
        if presentation == .windowSurface, window == nil {
            do {
                window = try EGLWindowSurface(connection: connection, wlSurface: wlSurface, bufferSize: bufferSize)
            } catch {
                eglMakeCurrent(connection.display, nil, nil, nil)
                eglDestroyContext(connection.display, context)
                throw error
            }
        }
        if let window {
            // Swaps never wait for the compositor: frames are paced by the
            // frame callbacks the scene requests itself (FramePacer), so a
            // swap never blocks the event loop. The interval belongs to the
            // surface current with the context.
            eglMakeCurrent(connection.display, window.surface, window.surface, context)
            eglSwapInterval(connection.display, 0)
        }
        eglMakeCurrent(connection.display, nil, nil, nil)
        self.connection = connection
        self.context = context
        self.askedPresentation = asked
        self.window = window
        framebuffers = OffscreenFramebuffers(
            bgra: capabilities.readsBGRA, depthStencil: connection.configHasDepthOrStencil,
            capacity: presentation == .sharedMemory ? 4 : 1)
    }

    isolated deinit {
        makeCurrent()
        framebuffers.removeAll()
        eglMakeCurrent(connection.display, nil, nil, nil)
        eglDestroyContext(connection.display, context)
        window?.destroy()
    }

    /// Whether frames are read into `wl_shm` buffers (`render` needs one).
    var presentsThroughSharedMemory: Bool { presentation == .sharedMemory }

    /// Lets `draw` render one frame of `drawableSize` pixels for a buffer of
    /// `bufferSize` pixels. When the two differ (`letterbox` says where the
    /// drawable goes) the content draws offscreen and the frame is placed
    /// into the buffer as every presenter places it.
    ///
    /// With the window surface the frame waits in its back buffer for
    /// `present()`; with shared memory it is read into `buffer`, which the
    /// scene then commits as it commits software frames.
    func render(
        bufferSize: Size, drawableSize: Size, contentsScale: Double, letterbox: LetterboxPlacement?,
        into buffer: Buffer?, draw: (GLESDrawable) -> Void
    ) {
        if let window {
            // Before the context is made current: making it current picks
            // the frame's back buffer, and Mesa keeps that buffer's size for
            // the whole frame.
            window.resize(to: bufferSize)
            if window.lostSurface != nil { return }
        }
        precondition(window != nil || buffer?.size == bufferSize, "a shared-memory frame needs a buffer of its size")
        makeCurrent()
        defer { releaseCurrent() }
        if let window, window.needsSwapInterval {
            eglSwapInterval(connection.display, 0)
            window.needsSwapInterval = false
        }
        let drawsIntoWindow = window != nil && drawableSize == bufferSize
        if drawsIntoWindow { framebuffers.removeAll() }
        let framebuffer = drawsIntoWindow ? 0 : framebuffers.framebuffer(size: drawableSize)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(drawableSize.width), GLsizei(drawableSize.height))
        draw(
            GLESDrawable(
                size: drawableSize, contentsScale: contentsScale, framebuffer: framebuffer,
                eglDisplay: connection.display, eglSurface: window?.surface, eglContext: context))
        var frame = framebuffer
        if let letterbox {
            frame = window == nil ? framebuffers.framebuffer(size: bufferSize) : 0
            place(framebuffer, size: drawableSize, into: frame, letterbox)
        }
        if let buffer {
            read(frame, into: buffer)
        } else {
            // GL queues the drawing; without waiting for it here it would
            // run inside eglSwapBuffers, after the scene's last look at the
            // socket, and a scale change arriving meanwhile would go out as
            // a stale frame.
            glFinish()
            window?.frameAwaitingPresent = true
        }
    }

    /// Presents the frame drawn last on the window surface: `eglSwapBuffers`
    /// attaches the buffer, damages it and commits the surface (with
    /// whatever buffer scale, viewport and frame callback were sent before it).
    func present() throws(GLESUnavailable) {
        guard let window else { preconditionFailure("present() is for the window-surface presentation") }
        if let lostSurface = window.lostSurface { throw lostSurface }
        makeCurrent()
        defer { releaseCurrent() }
        window.frameAwaitingPresent = false
        guard eglSwapBuffers(connection.display, window.surface) == EGL_TRUE else { throw .eglFailure("eglSwapBuffers") }
    }

    /// Makes the context current on this thread (on the window surface, or
    /// on none). Why each time, and released after: the runtime drains the
    /// main queue on the main thread, but main-queue code is not promised a
    /// thread (after `dispatchMain()` any worker thread may drain it), while
    /// an EGL context is current per thread and cannot be made current on a
    /// second thread while it is still current on the first.
    private func makeCurrent() {
        eglMakeCurrent(connection.display, window?.surface, window?.surface, context)
    }

    private func releaseCurrent() {
        eglMakeCurrent(connection.display, nil, nil, nil)
    }

    /// Reads the finished frame in `framebuffer` into `buffer`, top row
    /// first, as BGRA: xrgb8888's bytes, so Mesa copies rows as they are.
    /// `glReadPixels` waits for the drawing to finish.
    private func read(_ framebuffer: GLuint, into buffer: Buffer) {
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
        // The app may have left pack state behind; the read depends on all of it.
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), GLint(buffer.stride / 4))
        glPixelStorei(GLenum(GL_PACK_SKIP_ROWS), 0)
        glPixelStorei(GLenum(GL_PACK_SKIP_PIXELS), 0)
        let topRowFirst = capabilities.readsTopRowFirst
        if topRowFirst { glPixelStorei(GLenum(GL_PACK_REVERSE_ROW_ORDER_ANGLE), 1) }
        buffer.withPixels { pixels in
            glReadPixels(
                0, 0, GLsizei(buffer.size.width), GLsizei(buffer.size.height), GLenum(GL_BGRA_EXT),
                GLenum(GL_UNSIGNED_BYTE), pixels.baseAddress)
            if !topRowFirst { Self.flipRows(pixels, rowLength: buffer.stride / 4, rows: buffer.size.height) }
        }
        // Left as GL's defaults for the app's own reads in the next frame.
        if topRowFirst { glPixelStorei(GLenum(GL_PACK_REVERSE_ROW_ORDER_ANGLE), 0) }
        glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0)
    }

    /// Turns rows read bottom row first into top row first.
    nonisolated static func flipRows(_ pixels: UnsafeMutableBufferPointer<UInt32>, rowLength: Int, rows: Int) {
        guard let base = pixels.baseAddress else { return }
        var top = 0, bottom = rows - 1
        while top < bottom {
            swapRanges(base + top * rowLength, base + bottom * rowLength, count: rowLength)
            top += 1
            bottom -= 1
        }
    }

    nonisolated private static func swapRanges(_ a: UnsafeMutablePointer<UInt32>, _ b: UnsafeMutablePointer<UInt32>, count: Int) {
        for index in 0..<count { swap(&a[index], &b[index]) }
    }

    /// Clears `destination` (a buffer-size framebuffer, 0 for the window) to
    /// the letterbox colour and scales `source` into the drawable's place
    /// (GL's rows count from the bottom).
    private func place(_ source: GLuint, size: Size, into destination: GLuint, _ letterbox: LetterboxPlacement) {
        let bufferSize = letterbox.bufferSize
        let placed = letterbox.destinationFromBottom
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), destination)
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), source)
        glViewport(0, 0, GLsizei(bufferSize.width), GLsizei(bufferSize.height))
        glDisable(GLenum(GL_SCISSOR_TEST))
        let color = letterbox.colorComponents
        glClearColor(color.red, color.green, color.blue, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glBlitFramebuffer(
            0, 0, GLint(size.width), GLint(size.height),
            GLint(placed.minX), GLint(placed.minY), GLint(placed.maxX), GLint(placed.maxY),
            GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_LINEAR))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), destination)
    }
}

/// The window-surface presentation's objects: a `wl_egl_window` on the
/// scene's `wl_surface`, sized in buffer pixels, and the EGL window surface
/// on it.
@MainActor
private final class EGLWindowSurface {
    let connection: EGLConnection
    let window: OpaquePointer
    /// Replaced when a drawn frame is abandoned at a size change (``replaceSurface()``).
    private(set) var surface: EGLSurface
    /// The window's buffer size in pixels (what the next swap attaches).
    private(set) var bufferSize: Size
    /// A frame was drawn and not yet swapped: Mesa holds its back buffer.
    var frameAwaitingPresent = false
    /// Set when the window surface could not be made again; the next
    /// `present()` throws it and the scene falls back to software.
    private(set) var lostSurface: GLESUnavailable?

    init(connection: EGLConnection, wlSurface: OpaquePointer, bufferSize: Size) throws(GLESUnavailable) {
        guard let window = wl_egl_window_create(wlSurface, Int32(bufferSize.width), Int32(bufferSize.height)) else {
            throw GLESUnavailable(step: "wl_egl_window_create", code: nil)
        }
        guard let surface = eglCreateWindowSurface(connection.display, connection.config, window, nil) else {
            let failure = GLESUnavailable.eglFailure("eglCreateWindowSurface")
            wl_egl_window_destroy(window)
            throw failure
        }
        self.connection = connection
        self.window = window
        self.surface = surface
        self.bufferSize = bufferSize
    }

    /// Destroys the surface and the window, with no context current on it.
    func destroy() {
        if lostSurface == nil { eglDestroySurface(connection.display, surface) }
        wl_egl_window_destroy(window)
    }

    /// Sizes the next frame's buffer. Resized after the context was made
    /// current, the frame would go out at the old size under the new buffer
    /// scale (a protocol error when the old size is odd and the new scale is 2).
    func resize(to size: Size) {
        guard size != bufferSize else { return }
        wl_egl_window_resize(window, Int32(size.width), Int32(size.height), 0, 0)
        bufferSize = size
        if frameAwaitingPresent { replaceSurface() }
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
        needsSwapInterval = true
    }

    /// The replacement surface still needs `eglSwapInterval(0)` (the
    /// interval belongs to the surface): set when a context is next current
    /// on it.
    var needsSwapInterval = false
}

/// Framebuffer objects with one colour texture each (BGRA where the
/// implementation offers it), kept per size; the least recently used ones
/// are deleted when more than `capacity` sizes, or more than
/// `maximumBytes` of pixels, would be kept (the most recently used one is
/// always kept: a letterboxed frame draws from it into the next). Used with
/// the context current.
struct OffscreenFramebuffers {
    let bgra: Bool
    let depthStencil: Bool
    let capacity: Int
    /// Enough for a 1280×800-point window at 1×, 1.5× and 2× and a
    /// 5K-display-sized one, not for four of those: a scene on a 5K
    /// display (59 MB per frame) keeps fewer sizes.
    static let maximumBytes = 128 << 20
    private var entries: [(size: Size, framebuffer: GLuint, texture: GLuint, depthStencil: GLuint)] = []

    init(bgra: Bool, depthStencil: Bool, capacity: Int) {
        self.bgra = bgra
        self.depthStencil = depthStencil
        self.capacity = capacity
    }

    /// How many of the least recently used `kept` sizes (oldest first) go
    /// before a framebuffer of `size` is made.
    static func evictions(keeping kept: [Size], adding size: Size, capacity: Int, maximumBytes: Int, bytesPerPixel: Int) -> Int {
        var remaining = kept[...]
        func bytes(_ size: Size) -> Int { size.width * size.height * bytesPerPixel }
        while remaining.count >= capacity
            || (remaining.count > 1 && remaining.reduce(bytes(size), { $0 + bytes($1) }) > maximumBytes)
        {
            remaining = remaining.dropFirst()
        }
        return kept.count - remaining.count
    }

    /// The framebuffer of `size`, made if there is none; it becomes the
    /// most recently used.
    mutating func framebuffer(size: Size) -> GLuint {
        if let index = entries.firstIndex(where: { $0.size == size }) {
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.framebuffer
        }
        let evicted = Self.evictions(
            keeping: entries.map(\.size), adding: size, capacity: capacity, maximumBytes: Self.maximumBytes,
            bytesPerPixel: depthStencil ? 8 : 4)
        for _ in 0..<evicted { delete(entries.removeFirst()) }
        var framebuffer: GLuint = 0, texture: GLuint = 0, depthBuffer: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        let format = bgra ? GLenum(GL_BGRA_EXT) : GLenum(GL_RGBA)
        glTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, GLint(bgra ? GL_BGRA_EXT : GL_RGBA8), GLsizei(size.width), GLsizei(size.height), 0,
            format, GLenum(GL_UNSIGNED_BYTE), nil)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        if depthStencil {
            glGenRenderbuffers(1, &depthBuffer)
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), depthBuffer)
            glRenderbufferStorage(
                GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH24_STENCIL8), GLsizei(size.width), GLsizei(size.height))
            glFramebufferRenderbuffer(
                GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_STENCIL_ATTACHMENT), GLenum(GL_RENDERBUFFER), depthBuffer)
        }
        entries.append((size, framebuffer, texture, depthBuffer))
        return framebuffer
    }

    mutating func removeAll() {
        for entry in entries { delete(entry) }
        entries.removeAll()
    }

    private func delete(_ entry: (size: Size, framebuffer: GLuint, texture: GLuint, depthStencil: GLuint)) {
        var framebuffer = entry.framebuffer, texture = entry.texture, depthBuffer = entry.depthStencil
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteTextures(1, &texture)
        if depthBuffer != 0 { glDeleteRenderbuffers(1, &depthBuffer) }
    }
}

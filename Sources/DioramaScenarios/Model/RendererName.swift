/// The renderer a Diorama scene draws with, as its trace names it
/// (`DrawableLayer.Renderer`): `renderer openGLES` in an expectation.
package enum RendererName: String, Hashable, Sendable, Codable, CaseIterable {
    /// Shared-memory buffers drawn by the CPU.
    case software
    /// OpenGL ES through EGL.
    case openGLES
    /// Vulkan on the scene's surface (a swapchain; no presentation to choose).
    case vulkan
    /// Cairo and Pango on shared-memory buffers, in points.
    case cairo
}

/// How a scene's OpenGL ES frames reach the compositor, as its trace names
/// it (`DrawableLayer.GLESPresentation`, what `.automatic` resolved to):
/// `renderer openGLES via sharedMemory` in an expectation.
package enum GLESPresentationName: String, Hashable, Sendable, Codable, CaseIterable {
    /// An EGL window surface: `eglSwapBuffers` attaches buffers EGL allocates.
    case windowSurface
    /// An offscreen framebuffer read into the scene's own `wl_shm` buffers.
    case sharedMemory
}

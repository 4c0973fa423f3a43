/// The renderer a Diorama scene draws with, as its trace names it
/// (`DrawableLayer.Renderer`): `renderer openGLES` in an expectation.
public enum RendererName: String, Hashable, Sendable, Codable, CaseIterable {
    /// Shared-memory buffers drawn by the CPU.
    case software
    /// OpenGL ES through EGL.
    case openGLES
}

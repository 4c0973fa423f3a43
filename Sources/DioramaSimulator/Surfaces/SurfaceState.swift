import DioramaModel

/// What a `wl_surface.attach` left pending.
enum PendingAttach {
    /// `attach(NULL)`: the commit removes the content and unmaps the surface.
    case null
    case buffer(ShmBuffer)
}

/// Double-buffered surface state the client has requested since the last
/// commit. `wl_surface.commit` applies it atomically.
struct PendingSurfaceState {
    /// nil when no attach happened since the last commit (the current buffer stays).
    var attach: PendingAttach?
    var bufferScale: Int?
    var bufferTransform: OutputTransform?
    var damageRects = 0

    /// Whether a non-null buffer was attached since the last commit.
    var attachesBuffer: Bool {
        if case .buffer? = attach { return true }
        return false
    }
}

/// The state the last commit applied: what the surface shows.
struct CommittedSurfaceState {
    var buffer: ShmBuffer?
    var bufferScale = 1
    var bufferTransform = OutputTransform.normal
    var viewportSource: ViewportSource?
    var viewportDestination: Size?
    /// The surface's size in logical points (0x0 without a buffer).
    var size = Size.zero

    /// The buffer's size after the buffer transform (width and height swap
    /// for 90° and 270°), in pixels.
    var transformedBufferSize: Size? {
        guard let buffer else { return nil }
        return bufferTransform.swapsAxes ? buffer.size.transposed : buffer.size
    }
}

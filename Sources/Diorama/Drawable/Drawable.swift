import DioramaModel

/// The pixels of one frame: a wl_shm buffer mapped in memory, ARGB8888
/// premultiplied, `stride` bytes per row. Valid only during `draw`.
public struct Drawable {
    public let pixels: UnsafeMutableRawPointer
    public let size: Size
    public let stride: Int
    /// The scale the frame is rendered at (pixels per point).
    public let contentsScale: Double

    public init(pixels: UnsafeMutableRawPointer, size: Size, stride: Int, contentsScale: Double) {
        self.pixels = pixels
        self.size = size
        self.stride = stride
        self.contentsScale = contentsScale
    }

    /// Row `y` as 32-bit pixels.
    public func row(_ y: Int) -> UnsafeMutableBufferPointer<UInt32> {
        precondition(y >= 0 && y < size.height, "row \(y) is outside the drawable (height \(size.height))")
        return UnsafeMutableBufferPointer(start: (pixels + y * stride).assumingMemoryBound(to: UInt32.self), count: size.width)
    }
}

/// The render target's description (CAMetalLayer / MTKView counterpart).
///
/// `contentsScale` follows the scene's display scale; `drawableSize` is the
/// bounds times the scale in whole pixels, except during an interactive
/// resize, when it keeps its size and the compositor scales the frames
/// through the viewport, placed by `contentsGravity` (TN3192's advice for
/// games, the default here).
@MainActor
public final class DrawableLayer {
    public internal(set) var contentsScale: Double = 1
    public internal(set) var drawableSize: Size = .zero
    /// How a frame that does not match the bounds is placed while resizing.
    public var contentsGravity: ContentsGravity = .resize
    /// Black bars for `resizeAspect`; ARGB8888.
    public var letterboxColor: UInt32 = 0xFF00_0000

    init() {}
}

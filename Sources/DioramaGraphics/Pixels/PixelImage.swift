import DioramaModel

/// Read access to a grid of ARGB8888 pixels: an owned ``PixelBuffer`` or a
/// ``PixelCanvas`` over someone else's memory (an mmapped `wl_shm` pool).
///
/// Pixel `(x, y)` lives at index `y * rowStride + x` of the storage; `x` grows to the
/// right and `y` downwards, as in Wayland buffers. Everything that reads pixels in
/// bulk (blitting, compositing, PNG encoding) goes through ``withUnsafePixels(_:)``
/// once and then walks raw memory, so no per-pixel call or allocation is involved.
public protocol PixelImage {
    /// Width in pixels, zero or more.
    var width: Int { get }
    /// Height in pixels, zero or more.
    var height: Int { get }
    /// Pixels from the start of one row to the start of the next, at least ``width``.
    var rowStride: Int { get }
    /// How to read the stored words (``PixelFormat/xrgb8888`` pixels are opaque).
    var format: PixelFormat { get }
    /// Calls `body` with the storage: at least `rowStride * (height - 1) + width`
    /// words when the image is not empty.
    func withUnsafePixels<Result>(_ body: (UnsafeBufferPointer<UInt32>) throws -> Result) rethrows -> Result
}

/// A ``PixelImage`` that can be drawn into. The drawing operations (fill, stroke,
/// lines, blit, text, compositing) are extensions on this protocol, so an owned
/// buffer and a view of a shared-memory buffer draw the same way.
public protocol MutablePixelImage: PixelImage {
    /// Calls `body` with writable storage laid out as in
    /// ``PixelImage/withUnsafePixels(_:)``.
    mutating func withUnsafeMutablePixels<Result>(_ body: (UnsafeMutableBufferPointer<UInt32>) throws -> Result) rethrows -> Result
}

extension PixelImage {
    /// The image's rectangle, at the origin.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The image's size in pixels.
    public var size: Size { Size(width: width, height: height) }

    /// The pixel at `(x, y)` as ARGB8888 (alpha forced to opaque for
    /// ``PixelFormat/xrgb8888``).
    ///
    /// - Precondition: the point is inside ``bounds``. For reading many pixels use
    ///   ``withUnsafePixels(_:)``.
    public func pixel(x: Int, y: Int) -> PixelColor {
        precondition(
            x >= 0 && x < width && y >= 0 && y < height,
            "pixel (\(x), \(y)) is outside a \(width)x\(height) image")
        let mask = format.opaqueMask
        return withUnsafePixels { PixelColor(argb: $0[y * rowStride + x] | mask) }
    }

    /// A tightly packed ARGB8888 copy of the part of the image inside `rect`
    /// (clipped to ``bounds``; empty when they do not overlap).
    public func cropped(to rect: Rect) -> PixelBuffer {
        guard let area = rect.intersection(bounds) else { return PixelBuffer(width: 0, height: 0) }
        var copy = PixelBuffer(width: area.width, height: area.height)
        copy.blit(self, from: area, to: .zero, blendMode: .copy)
        return copy
    }
}

extension MutablePixelImage {
    /// Sets one pixel, replacing what was there. Does nothing outside ``PixelImage/bounds``.
    public mutating func setPixel(x: Int, y: Int, to color: PixelColor) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        let stride = rowStride
        withUnsafeMutablePixels { $0[y * stride + x] = color.argb }
    }
}

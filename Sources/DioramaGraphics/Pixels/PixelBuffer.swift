/// An owned ARGB8888 image (premultiplied, `0xAARRGGBB` words) with value semantics:
/// copies are independent, and storage is shared until one of them is written.
///
/// The scene runtime's sample apps draw into one and copy it into a `wl_shm`
/// buffer; the simulator composites into one per display and encodes it with
/// `PNG`. Two buffers are equal when they have the same size and the same visible
/// pixels; padding at the end of rows does not count.
public struct PixelBuffer: MutablePixelImage, Equatable, Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    public let rowStride: Int
    /// Always ``PixelFormat/argb8888``: an owned buffer keeps real alpha.
    public var format: PixelFormat { .argb8888 }

    /// The stored words, row after row, `rowStride * height` of them.
    public private(set) var pixels: [UInt32]

    /// A buffer of `width` x `height` pixels, every one set to `color`.
    ///
    /// - Parameters:
    ///   - width: pixels per row.
    ///   - height: rows.
    ///   - color: the colour every pixel starts with.
    ///   - rowStride: pixels per row in storage; `nil` packs rows tightly.
    /// - Precondition: sizes are not negative, and `rowStride` is at least `width`.
    public init(width: Int, height: Int, rowStride: Int? = nil, filledWith color: PixelColor = .clear) {
        precondition(width >= 0 && height >= 0, "a pixel buffer cannot be \(width)x\(height)")
        let stride = rowStride ?? width
        precondition(stride >= width, "row stride \(stride) is less than the width \(width)")
        self.width = width
        self.height = height
        self.rowStride = stride
        pixels = Array(repeating: color.argb, count: stride * height)
    }

    /// A buffer over existing words, `rowStride * height` of them.
    ///
    /// - Precondition: `pixels.count == rowStride * height` and `rowStride >= width`.
    public init(width: Int, height: Int, rowStride: Int? = nil, pixels: [UInt32]) {
        let stride = rowStride ?? width
        precondition(
            width >= 0 && height >= 0 && stride >= width,
            "a pixel buffer cannot be \(width)x\(height) with row stride \(stride)")
        precondition(
            pixels.count == stride * height,
            "\(pixels.count) pixels given for \(height) rows of \(stride)")
        self.width = width
        self.height = height
        self.rowStride = stride
        self.pixels = pixels
    }

    /// A tightly packed ARGB8888 copy of `image`; ``PixelFormat/xrgb8888`` pixels
    /// become opaque.
    public init(_ image: some PixelImage) {
        self.init(width: image.width, height: image.height)
        blit(image, to: .zero, blendMode: .copy)
    }

    /// The pixel at `(x, y)`.
    ///
    /// - Precondition: the point is inside the buffer.
    public subscript(x: Int, y: Int) -> PixelColor {
        get {
            precondition(
                x >= 0 && x < width && y >= 0 && y < height,
                "pixel (\(x), \(y)) is outside a \(width)x\(height) buffer")
            return PixelColor(argb: pixels[y * rowStride + x])
        }
        set {
            precondition(
                x >= 0 && x < width && y >= 0 && y < height,
                "pixel (\(x), \(y)) is outside a \(width)x\(height) buffer")
            pixels[y * rowStride + x] = newValue.argb
        }
    }

    public func withUnsafePixels<Result>(_ body: (UnsafeBufferPointer<UInt32>) throws -> Result) rethrows -> Result {
        try pixels.withUnsafeBufferPointer(body)
    }

    public mutating func withUnsafeMutablePixels<Result>(_ body: (UnsafeMutableBufferPointer<UInt32>) throws -> Result) rethrows -> Result {
        try pixels.withUnsafeMutableBufferPointer { try body($0) }
    }

    public static func == (lhs: PixelBuffer, rhs: PixelBuffer) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height else { return false }
        if lhs.rowStride == rhs.rowStride && lhs.rowStride == lhs.width { return lhs.pixels == rhs.pixels }
        for y in 0..<lhs.height {
            let left = lhs.pixels[(y * lhs.rowStride)..<(y * lhs.rowStride + lhs.width)]
            let right = rhs.pixels[(y * rhs.rowStride)..<(y * rhs.rowStride + rhs.width)]
            if left != right { return false }
        }
        return true
    }

    /// `PixelBuffer(WIDTHxHEIGHT)`.
    public var description: String { "PixelBuffer(\(width)x\(height))" }
}

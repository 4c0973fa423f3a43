/// A drawable view of ARGB8888 or XRGB8888 pixels in memory someone else owns,
/// such as an mmapped `wl_shm` pool: a base address, a size, and a stride in bytes.
///
/// The canvas does not copy, retain or free the memory: the owner keeps the mapping
/// alive and unchanged in size while the canvas is used. That is why it is not
/// `Sendable` and why the initialisers check every number a Wayland client could get
/// wrong (stride, alignment, pool size) and throw ``PixelCanvasError`` instead of
/// trusting them.
public struct PixelCanvas: MutablePixelImage {
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next, as `wl_shm_pool.create_buffer` gives it.
    public let strideBytes: Int
    public let format: PixelFormat
    public var rowStride: Int { strideBytes / 4 }
    private let base: UnsafeMutablePointer<UInt32>

    /// A canvas over `height` rows of `strideBytes` bytes starting at `baseAddress`.
    ///
    /// Throws when the size is negative, the stride is not a multiple of 4 or is
    /// shorter than a row of `width` pixels, or the address is not 4-byte aligned
    /// (a pool offset that is not a multiple of 4).
    public init(
        baseAddress: UnsafeMutableRawPointer, width: Int, height: Int, strideBytes: Int,
        format: PixelFormat = .argb8888
    ) throws(PixelCanvasError) {
        guard width >= 0, height >= 0 else { throw .negativeSize(width: width, height: height) }
        guard strideBytes % 4 == 0, width <= strideBytes / 4 else {
            throw .invalidStride(strideBytes: strideBytes, width: width)
        }
        guard Int(bitPattern: baseAddress) % 4 == 0 else { throw .misaligned(address: UInt(bitPattern: baseAddress)) }
        self.width = width
        self.height = height
        self.strideBytes = strideBytes
        self.format = format
        base = baseAddress.assumingMemoryBound(to: UInt32.self)
    }

    /// A canvas over the start of `bytes`, checking first that `height` rows of
    /// `strideBytes` fit in it, as `wl_shm_pool.create_buffer` requires of
    /// `offset + stride * height`.
    public init(
        bytes: UnsafeMutableRawBufferPointer, width: Int, height: Int, strideBytes: Int,
        format: PixelFormat = .argb8888
    ) throws(PixelCanvasError) {
        guard let base = bytes.baseAddress else {
            throw .tooSmall(needed: max(0, strideBytes) * max(0, height), available: 0)
        }
        let (needed, overflow) = max(0, strideBytes).multipliedReportingOverflow(by: max(0, height))
        guard !overflow, needed <= bytes.count else {
            throw .tooSmall(needed: overflow ? Int.max : needed, available: bytes.count)
        }
        try self.init(baseAddress: base, width: width, height: height, strideBytes: strideBytes, format: format)
    }

    private var wordCount: Int { height == 0 ? 0 : rowStride * (height - 1) + width }

    public func withUnsafePixels<Result>(_ body: (UnsafeBufferPointer<UInt32>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: wordCount))
    }

    public mutating func withUnsafeMutablePixels<Result>(_ body: (UnsafeMutableBufferPointer<UInt32>) throws -> Result) rethrows -> Result {
        try body(UnsafeMutableBufferPointer(start: base, count: wordCount))
    }
}

/// Why memory cannot be viewed as a ``PixelCanvas``. The simulator turns these into
/// the `wl_shm` protocol errors (`invalid_stride`, `invalid_fd`) the client earned.
public enum PixelCanvasError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A width or height below zero.
    case negativeSize(width: Int, height: Int)
    /// The stride is not a multiple of 4 or is shorter than one row of pixels.
    case invalidStride(strideBytes: Int, width: Int)
    /// The first pixel is not on a 4-byte boundary.
    case misaligned(address: UInt)
    /// `stride * height` bytes do not fit in the memory given.
    case tooSmall(needed: Int, available: Int)

    public var description: String {
        switch self {
        case let .negativeSize(width, height):
            return "a buffer of \(width)x\(height) pixels has a negative side; use sizes of zero or more"
        case let .invalidStride(stride, width):
            return "stride \(stride) bytes does not hold \(width) pixels of 4 bytes; use a multiple of 4 of at least \(width * 4)"
        case let .misaligned(address):
            return "pixel data at 0x\(String(address, radix: 16)) is not 4-byte aligned; use an offset that is a multiple of 4"
        case let .tooSmall(needed, available):
            return "the buffer needs \(needed) bytes but only \(available) are mapped; make the pool larger or the buffer smaller"
        }
    }
}

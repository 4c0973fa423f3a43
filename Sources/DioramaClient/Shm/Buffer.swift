import DioramaModel
import WaylandClient

/// A `wl_buffer` in a `BufferPool`'s shared memory, with pixel access.
///
/// Busy/free: a buffer is busy from the moment it is attached to a surface
/// until the compositor sends `wl_buffer.release` (it may read the memory
/// until then, so drawing into it would tear). The pool only hands out free
/// buffers.
public final class Buffer {
    public let wlBuffer: WlBuffer
    /// Size in pixels.
    public let size: Size
    /// Bytes from one row to the next.
    public let stride: Int
    public let format: WlShm.Format
    /// Where the pixels start in the pool.
    public let offset: Int
    /// Attached and not yet released by the compositor.
    public private(set) var isBusy = false

    private let pool: ShmPool
    /// Run when the compositor releases the buffer (the pool's bookkeeping).
    var released: ((Buffer) -> Void)?

    init(pool: ShmPool, offset: Int, size: Size, stride: Int, format: WlShm.Format) {
        self.pool = pool
        self.offset = offset
        self.size = size
        self.stride = stride
        self.format = format
        wlBuffer = pool.createBuffer(offset: offset, width: size.width, height: size.height, stride: stride, format: format)
        wlBuffer.onEvent = { [weak self] event in
            // Fires when the compositor no longer reads the buffer: after it
            // copied it (shm renderers) or replaced it with a newer one.
            guard case .release = event, let self else { return }
            isBusy = false
            released?(self)
        }
    }

    /// The number of bytes the pixels occupy.
    public var byteCount: Int { stride * size.height }

    func markBusy() {
        isBusy = true
    }

    func destroy() {
        released = nil
        wlBuffer.onEvent = nil
        if wlBuffer.isAlive { wlBuffer.destroy() }
    }

    /// The pixels as 32-bit values, row after row (`stride / 4` values per
    /// row). For ARGB8888/XRGB8888 each value is 0xAARRGGBB in native
    /// (little-endian) order, which is what wl_shm means by those formats.
    public func withPixels<Result>(_ body: (UnsafeMutableBufferPointer<UInt32>) throws -> Result) rethrows -> Result {
        let bytes = pool.bytes(offset: offset, count: byteCount)
        return try body(bytes.bindMemory(to: UInt32.self))
    }

    /// Fills every pixel with one 0xAARRGGBB value.
    public func fill(_ pixel: UInt32) {
        withPixels { $0.update(repeating: pixel) }
    }
}

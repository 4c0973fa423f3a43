import DioramaModel
import WaylandClient

/// A `wl_buffer` in a `BufferPool`'s shared memory, with pixel access.
///
/// Busy/free: a buffer is busy from the moment it is attached to a surface
/// until the compositor sends `wl_buffer.release` (it may read the memory
/// until then, so drawing into it would tear). The pool only hands out free
/// buffers.
package final class Buffer {
    package let wlBuffer: WlBuffer
    /// Size in pixels.
    package let size: Size
    /// Bytes from one row to the next.
    package let stride: Int
    package let format: WlShm.Format
    /// Where the pixels start in the pool.
    package let offset: Int
    /// Attached and not yet released by the compositor.
    package private(set) var isBusy = false

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
    package var byteCount: Int { stride * size.height }

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
    package func withPixels<Result>(_ body: (UnsafeMutableBufferPointer<UInt32>) throws -> Result) rethrows -> Result {
        let bytes = pool.bytes(offset: offset, count: byteCount)
        return try body(bytes.bindMemory(to: UInt32.self))
    }

    /// Fills every pixel with one 0xAARRGGBB value.
    package func fill(_ pixel: UInt32) {
        withPixels { $0.update(repeating: pixel) }
    }
}

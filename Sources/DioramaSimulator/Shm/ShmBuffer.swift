import DioramaGraphics
import DioramaModel
import WaylandServer

/// A `wl_buffer` made from a shm pool: where its pixels are and how they are laid out.
///
/// The simulator keeps the model after the client destroys the wl_buffer
/// while it is still the surface's current content, as a real compositor
/// keeps the last frame on screen.
public final class ShmBuffer {
    let resource: WlBuffer
    let pool: ShmPool
    let offset: Int
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from one row to the next.
    public let stride: Int
    let format: WlShm.Format
    /// The pixels as the last commit that attached the buffer left them,
    /// when the profile copies buffers at commit
    /// (``BufferReleaseTiming/copiedAtCommit``): the client may draw into
    /// the released memory while the copy stays on screen.
    private var copiedBytes: [UInt8]?

    init(resource: WlBuffer, pool: ShmPool, offset: Int, width: Int, height: Int, stride: Int, format: WlShm.Format) {
        self.resource = resource
        self.pool = pool
        self.offset = offset
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
    }

    /// The buffer's size in pixels.
    public var size: Size { Size(width: width, height: height) }

    /// The wl_shm format code (0 argb8888, 1 xrgb8888).
    public var formatCode: UInt32 { format.rawValue }

    /// Runs `body` with the buffer's bytes (stride × height, read-only), or
    /// returns nil when the pool's memory is gone. If the client shrank its
    /// file underneath, `body` reads zeros and the client is disconnected
    /// (``ShmPool/read(offset:count:_:)``).
    public func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result? {
        if let copiedBytes { return try copiedBytes.withUnsafeBytes(body) }
        return try pool.read(offset: offset, count: stride * height, body)
    }

    /// Copies the pixels now (a commit attached the buffer) and releases
    /// it: the client may reuse it at once, as on a compositor that uploads
    /// shm buffers into its own textures at commit.
    func copyAndRelease() {
        copiedBytes = pool.read(offset: offset, count: stride * height) { Array($0) }
        release()
    }

    /// Runs `body` with the buffer's pixels as an image, or returns nil when
    /// the pool's memory is gone, the format is not a pixel format the
    /// simulator draws, or the stride is not whole pixels: what screenshots
    /// composite and crispness judgements compare.
    public func withPixels<Result>(_ body: (PixelCanvas) throws -> Result) rethrows -> Result? {
        guard let pixelFormat = PixelFormat(rawValue: formatCode) else { return nil }
        let result = try withBytes { bytes -> Result? in
            guard let base = bytes.baseAddress,
                let canvas = try? PixelCanvas(
                    baseAddress: UnsafeMutableRawPointer(mutating: base), width: width, height: height,
                    strideBytes: stride, format: pixelFormat)
            else { return nil }
            return try body(canvas)
        }
        return result ?? nil
    }

    /// Tells the client the simulator no longer reads the buffer.
    func release() {
        if resource.isAlive { resource.sendRelease() }
    }
}

import DioramaModel
import WaylandClient

/// Hands out shared-memory buffers of one pixel format, reusing released
/// ones, so a client that draws frame after frame at the same size creates no
/// new buffers and no new memory after the first two or three.
///
/// Sizes: asking for a new size retires the old buffers — free ones at once,
/// busy ones when the compositor releases them — and lays new ones out in
/// memory no busy buffer still uses, growing the pool when there is no room.
package final class BufferPool {
    package let shm: ShmState
    package let format: WlShm.Format
    /// How many `wl_buffer`s this pool has created (for tests and statistics).
    package private(set) var buffersCreated = 0
    /// How many times the shared memory had to grow.
    package private(set) var poolGrowths = 0

    private var pool: ShmPool?
    private var buffers: [Buffer] = []
    private var currentSize: Size?

    /// - Throws: `ShmError.unsupportedFormat` for formats that are not 32-bit.
    package init(shm: ShmState, format: WlShm.Format = .argb8888) throws(ShmError) {
        guard format == .argb8888 || format == .xrgb8888 else { throw .unsupportedFormat(format.rawValue) }
        self.shm = shm
        self.format = format
    }

    deinit {
        for buffer in buffers { buffer.destroy() }
    }

    /// How many bytes of the pool's memory are allocated: the buffers placed
    /// in it so far, not the room it keeps for a second buffer or a growth.
    package var residentBytes: Int { pool?.residentBytes ?? 0 }

    /// How many pages the pool's memory has had allocated and mapped for
    /// the buffers placed in it (``ShmPool/pagesPopulated``).
    package var pagesPopulated: Int { pool?.pagesPopulated ?? 0 }

    /// The buffers alive now (free and busy).
    package var liveBuffers: Int { buffers.count }

    /// A free buffer of `size` pixels: a released one if there is one, else a new one.
    package func nextBuffer(size: Size) throws(ShmError) -> Buffer {
        precondition(size.width > 0 && size.height > 0, "BufferPool.nextBuffer: empty size \(size)")
        if size != currentSize {
            currentSize = size
            retire { $0.size != size && !$0.isBusy }
        }
        if let free = buffers.first(where: { $0.size == size && !$0.isBusy }) {
            return free
        }
        let stride = size.width * 4
        let (byteCount, overflow) = stride.multipliedReportingOverflow(by: size.height)
        guard !overflow, byteCount <= Int(Int32.max) else { throw .tooLarge(bytes: overflow ? Int.max : byteCount) }
        let offset = try place(byteCount: byteCount)
        pool!.populate(offset: offset, count: byteCount)
        let buffer = Buffer(pool: pool!, offset: offset, size: size, stride: stride, format: format)
        buffer.released = { [weak self] buffer in self?.bufferReleased(buffer) }
        buffers.append(buffer)
        buffersCreated += 1
        return buffer
    }

    /// Fires when the compositor releases a buffer: one of an old size is
    /// not needed any more.
    private func bufferReleased(_ buffer: Buffer) {
        if buffer.size != currentSize {
            retire { $0 === buffer }
        }
    }

    private func retire(where shouldRetire: (Buffer) -> Bool) {
        buffers.removeAll { buffer in
            guard shouldRetire(buffer) else { return false }
            buffer.destroy()
            return true
        }
    }

    /// First fit among the live buffers' byte ranges; grows the pool
    /// (at least doubling it, to keep growth rare) when nothing fits.
    private func place(byteCount: Int) throws(ShmError) -> Int {
        let used = buffers.map { $0.offset..<($0.offset + $0.byteCount) }.sorted { $0.lowerBound < $1.lowerBound }
        var candidate = 0
        for range in used {
            if candidate + byteCount <= range.lowerBound { break }
            candidate = max(candidate, range.upperBound)
        }
        let needed = candidate + byteCount
        if let pool {
            if needed > pool.size {
                try pool.grow(to: min(max(needed, pool.size * 2), Int(Int32.max)))
                poolGrowths += 1
            }
        } else {
            // Room for two buffers at first: one on screen, one being drawn.
            pool = try ShmPool(shm: shm, size: min(max(needed, byteCount * 2), Int(Int32.max)))
        }
        return candidate
    }
}

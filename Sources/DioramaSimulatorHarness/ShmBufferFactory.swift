import CDioramaShim
import Glibc
import WaylandClient

/// Makes wl_shm buffers for test clients: one memfd per buffer, pool
/// destroyed right after (the buffer keeps the memory).
public enum ShmBufferFactory {
    /// A buffer of `width` × `height` pixels filled with `pixel`.
    public static func makeBuffer(
        shm: WlShm, width: Int, height: Int, pixel: UInt32 = 0xFF80_8080,
        format: WlShm.Format = .xrgb8888, stride: Int? = nil
    ) -> WlBuffer {
        // Every pixel the same word: rows are filled whole, not pixel by pixel.
        closingFile(
            makeBufferKeepingFile(shm: shm, width: width, height: height, format: format, stride: stride, uniform: pixel) { _, _ in pixel })
    }

    /// A buffer of `width` × `height` pixels whose pixel `(x, y)` is
    /// `pixel(x, y)` (a `0xAARRGGBB` word), for tests that check what the
    /// simulator shows pixel by pixel. Row padding (a `stride` wider than
    /// the row) is filled with zeros.
    public static func makeBuffer(
        shm: WlShm, width: Int, height: Int, format: WlShm.Format = .xrgb8888,
        stride: Int? = nil, pixel: (_ x: Int, _ y: Int) -> UInt32
    ) -> WlBuffer {
        closingFile(makeBufferKeepingFile(shm: shm, width: width, height: height, format: format, stride: stride, pixel: pixel))
    }

    /// The buffer of `made`, its file descriptor closed: libwayland sent the
    /// compositor a duplicate.
    private static func closingFile(_ made: (buffer: WlBuffer, file: Int32)) -> WlBuffer {
        close(made.file)
        return made.buffer
    }

    /// Like ``makeBuffer(shm:width:height:format:stride:pixel:)``, but hands
    /// back the client's descriptor of the pool's file (the caller closes it),
    /// for tests of a client that changes the file afterwards, e.g. shrinks it.
    public static func makeBufferKeepingFile(
        shm: WlShm, width: Int, height: Int, format: WlShm.Format = .xrgb8888,
        stride: Int? = nil,
        pixel: (_ x: Int, _ y: Int) -> UInt32 = { _, _ in 0xFF80_8080 }
    ) -> (buffer: WlBuffer, file: Int32) {
        makeBufferKeepingFile(shm: shm, width: width, height: height, format: format, stride: stride, uniform: nil, pixel: pixel)
    }

    /// The buffer, filled with `uniform` when every pixel is that word, else
    /// pixel by pixel with `pixel`.
    private static func makeBufferKeepingFile(
        shm: WlShm, width: Int, height: Int, format: WlShm.Format, stride: Int?, uniform: UInt32?,
        pixel: (_ x: Int, _ y: Int) -> UInt32
    ) -> (buffer: WlBuffer, file: Int32) {
        let rowBytes = stride ?? width * 4
        let size = max(1, rowBytes * height)
        let descriptor = CDioramaShim_memfd_create("diorama-test-buffer", CDioramaShim_MFD_CLOEXEC())
        precondition(descriptor >= 0, "memfd_create failed: \(String(cString: strerror(errno)))")
        precondition(ftruncate(descriptor, off_t(size)) == 0, "ftruncate failed")
        if let mapping = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), mapping != MAP_FAILED {
            let words = mapping.bindMemory(to: UInt32.self, capacity: size / 4)
            let rowWords = rowBytes / 4
            for y in 0..<height {
                let row = words + y * rowWords
                if let uniform {
                    row.update(repeating: uniform, count: min(width, rowWords))
                } else {
                    for x in 0..<min(width, rowWords) { row[x] = pixel(x, y) }
                }
                if rowWords > width { (row + width).update(repeating: 0, count: rowWords - width) }
            }
            munmap(mapping, size)
        }
        let pool = shm.createPool(fd: descriptor, size: Int32(size))
        let buffer = pool.createBuffer(offset: 0, width: Int32(width), height: Int32(height), stride: Int32(rowBytes), format: format)
        pool.destroy()
        return (buffer, descriptor)
    }
}

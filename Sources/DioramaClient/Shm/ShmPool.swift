import CDioramaShim
import Foundation
import WaylandClient

#if canImport(Glibc)
    import Glibc
#endif

/// One block of shared memory (an anonymous memfd) mapped by both the client
/// and the compositor, through a `wl_shm_pool`. Buffers are windows into it.
///
/// It can only grow (`wl_shm_pool.resize` cannot shrink). Growing remaps the
/// client's side, so the memory's address changes: code must not keep
/// pointers into it across `grow` (`Buffer.withPixels` re-derives them).
package final class ShmPool {
    package let wlShmPool: WlShmPool
    /// Held so the connection outlives the pool: `deinit` still sends a request.
    package let shm: ShmState
    /// The pool's size in bytes.
    package private(set) var size: Int
    private let fd: Int32
    private var base: UnsafeMutableRawPointer

    /// Creates a pool of `size` bytes.
    package init(shm: ShmState, size: Int) throws(ShmError) {
        guard size > 0, size <= Int(Int32.max) else { throw .tooLarge(bytes: size) }
        let fd = CDioramaShim_memfd_create("diorama-shm", CDioramaShim_MFD_CLOEXEC())
        guard fd >= 0 else { throw .createFailed(errno: errno) }
        guard ftruncate(fd, off_t(size)) == 0 else {
            let code = errno
            close(fd)
            throw .resizeFailed(size: size, errno: code)
        }
        guard let base = Self.map(fd: fd, size: size) else {
            let code = errno
            close(fd)
            throw .mapFailed(size: size, errno: code)
        }
        self.shm = shm
        self.fd = fd
        self.base = base
        self.size = size
        // libwayland duplicates the fd into the message; ours stays open for growing.
        wlShmPool = shm.wlShm.createPool(fd: fd, size: Int32(size))
    }

    deinit {
        // Buffers made from the pool keep the compositor's mapping alive.
        wlShmPool.destroy()
        munmap(base, size)
        close(fd)
    }

    /// Grows the pool to `newSize` bytes (no-op when already that large).
    /// The mapping grows in place or moves whole (`mremap`), keeping the
    /// pages of the buffers already in it mapped; the new bytes are mapped
    /// when a buffer placed there is populated.
    package func grow(to newSize: Int) throws(ShmError) {
        guard newSize > size else { return }
        guard newSize <= Int(Int32.max) else { throw .tooLarge(bytes: newSize) }
        guard ftruncate(fd, off_t(newSize)) == 0 else { throw .resizeFailed(size: newSize, errno: errno) }
        guard let newBase = CDioramaShim_mremap_grow(base, size, newSize) else { throw .mapFailed(size: newSize, errno: errno) }
        base = newBase
        size = newSize
        wlShmPool.resize(size: Int32(newSize))
    }

    /// Allocates and maps the pages of `count` bytes from `offset` at once:
    /// called for a new buffer, which is about to be drawn whole, so every
    /// page would be touched anyway. One call instead of a page fault each cut
    /// TimerApp's CPU in `diorama check --explore`'s runs by 8 % when the
    /// whole pool was populated at each map (`MAP_POPULATE`); populating only
    /// the buffers placed leaves alone the room a pool keeps for later
    /// (a second buffer, a doubled size), which a short-lived client may
    /// never draw. The pages are allocated in the memfd first (`fallocate`),
    /// then mapped: cheaper than allocating each in its own write fault.
    ///
    /// Pages populated before are skipped: they stay allocated and mapped
    /// for the pool's life (a growth moves the mapping whole), and a buffer
    /// placed where a retired one was — a window moving back and forth
    /// between displays of two scales — would otherwise walk every page of
    /// it again: a third of TimerApp's CPU while the control socket moved
    /// it between a 1× and a 2× display (Docs/performance.md, session 31). On a
    /// kernel without `MADV_POPULATE_WRITE` (before 5.14) the pages fault in
    /// on first touch instead.
    package func populate(offset: Int, count: Int) {
        precondition(offset >= 0 && count >= 0 && offset + count <= size, "ShmPool.populate: range outside the pool")
        let wanted = (offset / Self.pageSize)..<((offset + count + Self.pageSize - 1) / Self.pageSize)
        for gap in Self.pages(wanted, outside: populatedPages) {
            let start = gap.lowerBound * Self.pageSize
            // The pool's last page may be partly past its size: fallocate must not grow the file.
            let bytes = min(gap.upperBound * Self.pageSize, size) - start
            _ = CDioramaShim_allocate_file_range(fd, Int64(start), Int64(bytes))
            _ = CDioramaShim_populate_write(base + start, bytes)
            pagesPopulated += gap.count
        }
        populatedPages.insert(integersIn: wanted)
    }

    /// How many pages ``populate(offset:count:)`` has allocated and mapped
    /// (each page once, however many buffers were placed on it).
    package private(set) var pagesPopulated = 0

    /// The indices of the pages populated so far.
    private var populatedPages = IndexSet()

    /// The runs of pages of `wanted` that are not in `populated`.
    package static func pages(_ wanted: Range<Int>, outside populated: IndexSet) -> [Range<Int>] {
        Array(IndexSet(integersIn: wanted).subtracting(populated).rangeView)
    }

    /// How many bytes of the pool have memory behind them now (`mincore`):
    /// the pages populated or written so far.
    package var residentBytes: Int {
        var pages = [UInt8](repeating: 0, count: (size + Self.pageSize - 1) / Self.pageSize)
        guard mincore(base, size, &pages) == 0 else { return 0 }
        return pages.reduce(0) { $0 + Int($1 & 1) } * Self.pageSize
    }

    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// A `wl_buffer` over `height * stride` bytes from `offset`.
    package func createBuffer(offset: Int, width: Int, height: Int, stride: Int, format: WlShm.Format) -> WlBuffer {
        precondition(
            offset >= 0 && offset + height * stride <= size,
            "ShmPool.createBuffer: bytes \(offset)..<\(offset + height * stride) are outside the \(size)-byte pool")
        return wlShmPool.createBuffer(
            offset: Int32(offset), width: Int32(width), height: Int32(height),
            stride: Int32(stride), format: format)
    }

    /// The pool's memory from `offset` for `count` bytes.
    package func bytes(offset: Int, count: Int) -> UnsafeMutableRawBufferPointer {
        precondition(offset >= 0 && offset + count <= size, "ShmPool.bytes: range outside the pool")
        return UnsafeMutableRawBufferPointer(start: base + offset, count: count)
    }

    /// mmap, shared and read-write; nil on failure (errno set). `MAP_FAILED`
    /// is a macro Swift does not import: it is the address -1. Pages are
    /// mapped as buffers are placed (``populate(offset:count:)``).
    private static func map(fd: Int32, size: Int) -> UnsafeMutableRawPointer? {
        let address = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        return address
    }
}

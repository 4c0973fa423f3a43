import CDioramaServerShim
import Glibc

/// The shared memory behind a `wl_shm_pool`: the client's file, mapped
/// read-only into the simulator.
///
/// The pool outlives its protocol object while buffers made from it exist
/// (the spec lets a client destroy the pool right after creating buffers), so
/// buffers hold a strong reference. The descriptor stays open so `resize`
/// can map the grown file again.
final class ShmPool {
    private let descriptor: Int32
    private(set) var size: Int
    private(set) var mapping: UnsafeMutableRawPointer?
    /// Whether a read found the file shorter than the pool (the client
    /// truncated it after creating the pool). The mapping then reads as zeros.
    private(set) var fileShrank = false
    /// Fires once, after the read that found the file shrunk: the protocol
    /// side tells the client it broke its pool.
    var onFileShrank: (() -> Void)?

    /// Why a pool could not be mapped.
    enum MappingError: Error {
        case notMappable(String)
        case fileTooSmall(fileSize: Int)
    }

    /// Takes ownership of `descriptor` (closed on failure too).
    init(descriptor: Int32, size: Int) throws(MappingError) {
        self.descriptor = descriptor
        self.size = size
        do {
            mapping = try Self.map(descriptor, size: size)
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Maps `size` bytes of the file. A regular file (memfd, shm_open) shorter
    /// than the pool is refused up front: reading past its end would raise
    /// SIGBUS in the simulator, not in the client.
    private static func map(_ descriptor: Int32, size: Int) throws(MappingError) -> UnsafeMutableRawPointer {
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) < size {
            throw .fileTooSmall(fileSize: Int(info.st_size))
        }
        guard let pointer = mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0), pointer != MAP_FAILED else {
            throw .notMappable(String(cString: strerror(errno)))
        }
        return pointer
    }

    /// Runs `body` over `count` bytes from `offset`, or returns nil when they
    /// are not inside the pool.
    ///
    /// The client owns the file and may truncate it at any time; touching a
    /// page past its new end raises SIGBUS in the simulator. The read is
    /// therefore guarded (CDioramaServerShim): such a fault maps zero pages
    /// over the pool, `body` finishes reading zeros, and ``onFileShrank``
    /// fires so the client is disconnected. The simulator keeps serving the others.
    func read<Result>(offset: Int, count: Int, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result? {
        guard let mapping, offset >= 0, count >= 0, offset + count <= size else { return nil }
        CDioramaServerShim_begin_guarded_read(mapping, size)
        let result: Result
        do {
            result = try body(UnsafeRawBufferPointer(start: mapping + offset, count: count))
        } catch {
            noteGuardedReadEnded()
            throw error
        }
        noteGuardedReadEnded()
        return result
    }

    private func noteGuardedReadEnded() {
        guard CDioramaServerShim_end_guarded_read(), !fileShrank else { return }
        fileShrank = true
        onFileShrank?()
    }

    /// `wl_shm_pool.resize`: maps the grown file in place of the old mapping.
    func resize(to newSize: Int) throws(MappingError) {
        let grown = try Self.map(descriptor, size: newSize)
        if let mapping { munmap(mapping, size) }
        mapping = grown
        size = newSize
    }

    deinit {
        if let mapping { munmap(mapping, size) }
        close(descriptor)
    }
}

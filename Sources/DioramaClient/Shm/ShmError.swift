import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Shared memory for buffers could not be set up.
package enum ShmError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// `memfd_create` failed (errno).
    case createFailed(errno: Int32)
    /// `ftruncate` to `size` bytes failed (errno; ENOSPC/ENOMEM: out of memory).
    case resizeFailed(size: Int, errno: Int32)
    /// `mmap` of `size` bytes failed (errno).
    case mapFailed(size: Int, errno: Int32)
    /// The pool would exceed what `wl_shm_pool` can address (Int32 bytes).
    case tooLarge(bytes: Int)
    /// The format is not one Diorama can address as 32-bit pixels.
    case unsupportedFormat(UInt32)

    package var description: String {
        switch self {
        case let .createFailed(code):
            return "could not create shared memory for buffers (memfd_create: \(String(cString: strerror(code))))"
        case let .resizeFailed(size, code):
            return "could not size the buffer memory to \(size) bytes (ftruncate: \(String(cString: strerror(code))))"
        case let .mapFailed(size, code):
            return "could not map \(size) bytes of buffer memory (mmap: \(String(cString: strerror(code))))"
        case let .tooLarge(bytes):
            return "a buffer pool of \(bytes) bytes is larger than wl_shm allows (2 GiB); use smaller buffers"
        case let .unsupportedFormat(format):
            return "wl_shm format \(format) is not a 32-bit format Diorama can draw into (use argb8888 or xrgb8888)"
        }
    }

    package var errorDescription: String? { description }
}

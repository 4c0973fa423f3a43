#if canImport(Glibc)
    import Glibc
#endif

/// A Unix socket path checked against what `sockaddr_un` holds: a path that
/// does not fit is refused with ``SocketPathError``, never cut short (a
/// truncated path would name another file, and a connect would then reach
/// the wrong socket or fail with a misleading message).
package struct UnixSocketAddress: Sendable {
    /// The longest path `sun_path` holds, without its terminating NUL byte.
    package static let maximumPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    package let path: String
    private let storage: sockaddr_un

    package init(path: String) throws(SocketPathError) {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty else { throw SocketPathError(path: path, problem: .empty) }
        guard !bytes.contains(0) else { throw SocketPathError(path: path, problem: .containsNUL) }
        guard bytes.count <= Self.maximumPathLength else {
            throw SocketPathError(path: path, problem: .tooLong(bytes: bytes.count))
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        self.path = path
        storage = address
    }

    /// Calls `body` with the address as the `sockaddr` that bind and connect take.
    func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        withUnsafePointer(to: storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }
}

/// A path that cannot be a Unix socket address.
package struct SocketPathError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Problem: Sendable, Equatable {
        case empty
        case containsNUL
        /// Longer than ``UnixSocketAddress/maximumPathLength``; `bytes` is its UTF-8 length.
        case tooLong(bytes: Int)
    }

    package var path: String
    package var problem: Problem

    /// What is wrong, without the path.
    package var explanation: String {
        switch problem {
        case .empty:
            return "the socket path is empty; give the path of a socket file"
        case .containsNUL:
            return "a socket path cannot contain a NUL byte"
        case let .tooLong(bytes):
            return
                "the socket path is \(bytes) bytes, longer than the \(UnixSocketAddress.maximumPathLength) bytes a Unix socket address holds (sun_path); use a shorter directory or name"
        }
    }

    package var description: String { path.isEmpty ? explanation : "\(path): \(explanation)" }
}

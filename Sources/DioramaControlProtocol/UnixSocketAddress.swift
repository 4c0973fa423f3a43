import Glibc

/// A `sockaddr_un` for a path, with the bind and connect calls that need it:
/// the control endpoint binds one, `diorama ctl` connects to one.
package struct UnixSocketAddress {
    private var address = sockaddr_un()

    /// - Precondition: `path` fits (at most 107 bytes).
    package init(path: String) {
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
    }

    package mutating func bind(_ descriptor: Int32) -> Int32 {
        withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }

    package mutating func connect(_ descriptor: Int32) -> Int32 {
        withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Opens the UNIX stream socket a compositor listens on.
enum UnixSocketConnector {
    /// Connects to `path`; the descriptor is close-on-exec so child processes
    /// (test helpers, spawned clients) do not inherit the connection.
    /// - Returns: the descriptor, or the errno of the step that failed.
    static func connect(path: String) -> Result<Int32, SystemErrno> {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            return .failure(SystemErrno(ENAMETOOLONG))
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return .failure(SystemErrno(errno)) }
        while true {
            let result = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            if result == 0 { return .success(fd) }
            if errno == EINTR { continue }
            let code = errno
            close(fd)
            return .failure(SystemErrno(code))
        }
    }
}

/// An errno value as an `Error`, for `Result`.
struct SystemErrno: Error {
    var code: Int32
    init(_ code: Int32) { self.code = code }
}

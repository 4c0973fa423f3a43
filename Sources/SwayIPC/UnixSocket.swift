import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Errors of the raw UNIX-socket layer under `SwayIPC`.
public enum UnixSocketError: Error, Sendable, CustomStringConvertible {
    case pathTooLong(String)
    case systemCall(String, errno: Int32, path: String)
    case timedOut(String, path: String)
    case closedByPeer(path: String)

    public var description: String {
        switch self {
        case let .pathTooLong(path):
            return "socket path is longer than sun_path allows: \(path)"
        case let .systemCall(call, code, path):
            return "\(call) on \(path) failed: \(String(cString: strerror(code)))"
        case let .timedOut(what, path):
            return "timed out while \(what) on \(path)"
        case let .closedByPeer(path):
            return "\(path): connection closed by the other side"
        }
    }
}

/// Blocking-with-deadline I/O on a non-blocking UNIX stream socket, built on
/// `poll(2)` so that every wait is bounded and partial reads and writes are
/// continued rather than treated as messages. Package-wide: HeadlessCompositors
/// probes whether a compositor's socket accepts connections with it.
package enum UnixSocket {
    /// Connects to `path`; the descriptor is close-on-exec (so compositors and
    /// clients we spawn later do not inherit it) and non-blocking.
    package static func connect(path: String) throws -> Int32 {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: addr.sun_path)
        guard bytes.count < capacity else { throw UnixSocketError.pathTooLong(path) }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw UnixSocketError.systemCall("socket", errno: errno, path: path) }
        let result = withUnsafePointer(to: &addr) { ptr in
            ptr.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw UnixSocketError.systemCall("connect", errno: code, path: path)
        }
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        return fd
    }

    /// Waits until `fd` is ready for `events` or the deadline passes.
    static func wait(_ fd: Int32, events: Int32, until deadline: Date, what: String, path: String) throws {
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw UnixSocketError.timedOut(what, path: path) }
            var pfd = pollfd(fd: fd, events: Int16(events), revents: 0)
            let ms = Int32(min(remaining * 1000, Double(Int32.max)).rounded(.up))
            let n = Glibc.poll(&pfd, 1, ms)
            if n > 0 { return }  // ready, or error/hang-up: the next read/write reports it
            if n == 0 { throw UnixSocketError.timedOut(what, path: path) }
            if errno == EINTR { continue }
            throw UnixSocketError.systemCall("poll", errno: errno, path: path)
        }
    }

    /// Writes all of `bytes`, continuing after partial writes.
    /// `MSG_NOSIGNAL`: a peer that went away must not kill the test process with SIGPIPE.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], until deadline: Date, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if n > 0 { offset += n; continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                try wait(fd, events: Int32(POLLOUT), until: deadline, what: "writing", path: path)
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EPIPE { throw UnixSocketError.closedByPeer(path: path) }
            throw UnixSocketError.systemCall("send", errno: errno, path: path)
        }
    }

    /// Reads exactly `count` bytes, continuing after partial reads.
    static func readExactly(_ fd: Int32, _ count: Int, until deadline: Date, path: String) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            let n = buffer.withUnsafeMutableBytes { raw in
                recv(fd, raw.baseAddress! + offset, count - offset, 0)
            }
            if n > 0 { offset += n; continue }
            if n == 0 { throw UnixSocketError.closedByPeer(path: path) }
            if errno == EAGAIN || errno == EWOULDBLOCK {
                try wait(fd, events: Int32(POLLIN), until: deadline, what: "reading", path: path)
                continue
            }
            if errno == EINTR { continue }
            if errno == ECONNRESET { throw UnixSocketError.closedByPeer(path: path) }
            throw UnixSocketError.systemCall("recv", errno: errno, path: path)
        }
        return buffer
    }
}

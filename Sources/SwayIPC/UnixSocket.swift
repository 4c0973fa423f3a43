import DioramaPOSIX
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Errors of the raw UNIX-socket layer under `SwayIPC`.
package enum UnixSocketError: Error, Sendable, CustomStringConvertible {
    case pathTooLong(String)
    case systemCall(String, errno: Int32, path: String)
    case timedOut(String, path: String)
    case closedByPeer(path: String)

    package var description: String {
        switch self {
        case let .pathTooLong(path):
            return
                "\(path): the socket path is \(path.utf8.count) bytes, longer than the \(UnixSocketAddress.maximumPathLength) bytes a Unix socket address holds (sun_path); use a shorter directory"
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
    /// Connects to `path` (DioramaPOSIX's checked address: a path too long
    /// is an error, never truncated); the descriptor is close-on-exec (so
    /// compositors and clients we spawn later do not inherit it) and non-blocking.
    package static func connect(path: String) throws(UnixSocketError) -> Int32 {
        do {
            return try DioramaPOSIX.UnixSocket.connect(to: path, nonBlocking: true)
        } catch let error as SystemCallError {
            throw .systemCall(error.call, errno: error.code, path: path)
        } catch {
            throw .pathTooLong(path)
        }
    }

    /// Waits until `fd` is ready for `events` or the deadline passes.
    static func wait(_ fd: Int32, events: Int32, until deadline: Date, what: String, path: String) throws(UnixSocketError) {
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { throw .timedOut(what, path: path) }
        let ready: Bool
        do {
            ready = try DioramaPOSIX.UnixSocket.wait(fd, for: Int16(events), timeout: .milliseconds(Int64((remaining * 1000).rounded(.up))))
        } catch {
            throw .systemCall(error.call, errno: error.code, path: path)
        }
        guard ready else { throw .timedOut(what, path: path) }
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
                // Looked for first without sleeping, as the control socket's
                // reader does: the bench compares the two like for like.
                var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if ReadableWait.spin(for: ReadableWait.spinBeforeSleeping, until: { poll(&entry, 1, 0) > 0 }) { continue }
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

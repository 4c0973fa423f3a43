import CDioramaShim

#if canImport(Glibc)
    import Glibc
#endif

/// Unix stream sockets: connecting, listening, accepting, and waiting on a
/// descriptor with a bound. Every descriptor made here is close-on-exec, so
/// the processes started later (compositors, apps) never inherit a
/// connection or a listening socket.
package enum UnixSocket {
    /// Connects to the socket at `path` and returns the connected descriptor.
    ///
    /// - Parameter nonBlocking: make the descriptor non-blocking once
    ///   connected (for callers that wait with ``wait(_:for:timeout:)``).
    /// - Throws: ``SocketPathError`` for a path that cannot be a socket
    ///   address; ``SystemCallError`` with the errno of `socket` or
    ///   `connect` (ENOENT: no such file; ECONNREFUSED: nobody listens).
    package static func connect(to path: String, nonBlocking: Bool = false) throws -> Int32 {
        let address = try UnixSocketAddress(path: path)
        let descriptor = try makeSocket(for: path)
        while true {
            let result = address.withSocketAddress { Glibc.connect(descriptor, $0, $1) }
            if result == 0 { break }
            if errno == EINTR { continue }
            let failure = SystemCallError("connect", subject: path)
            close(descriptor)
            throw failure
        }
        if nonBlocking {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        return descriptor
    }

    /// Binds a new socket at `path` and listens on it. A file already at
    /// `path` makes bind fail with EADDRINUSE: removing a stale one is the
    /// caller's decision.
    /// - Throws: ``SocketPathError`` or ``SystemCallError`` (`socket`, `bind`, `listen`).
    package static func listen(at path: String, backlog: Int32) throws -> Int32 {
        let address = try UnixSocketAddress(path: path)
        let descriptor = try makeSocket(for: path)
        guard address.withSocketAddress({ Glibc.bind(descriptor, $0, $1) }) == 0 else {
            let failure = SystemCallError("bind", subject: path)
            close(descriptor)
            throw failure
        }
        guard Glibc.listen(descriptor, backlog) == 0 else {
            let failure = SystemCallError("listen", subject: path)
            close(descriptor)
            unlink(path)
            throw failure
        }
        return descriptor
    }

    /// Accepts one pending connection on `listening`; the new descriptor is
    /// close-on-exec.
    /// - Throws: ``SystemCallError`` with accept's errno (EINTR and
    ///   ECONNABORTED included: the caller decides whether to try again).
    package static func accept(_ listening: Int32, path: String) throws(SystemCallError) -> Int32 {
        let descriptor = CDioramaShim_accept_cloexec(listening)
        guard descriptor >= 0 else { throw SystemCallError("accept", subject: path) }
        return descriptor
    }

    /// Waits until `descriptor` is ready for `events` (`POLLIN`, `POLLOUT`)
    /// or `timeout` passes; an interrupted wait goes on for the time left.
    ///
    /// - Returns: true when ready (an error or hang-up counts: the next read
    ///   or write reports it), false when the time ran out.
    package static func wait(_ descriptor: Int32, for events: Int16, timeout: Duration) throws(SystemCallError) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            let remaining = clock.now.duration(to: deadline)
            let milliseconds = max(
                0,
                remaining.components.seconds * 1000
                    + (remaining.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let result = Glibc.poll(&entry, 1, Int32(clamping: milliseconds))
            if result > 0 { return true }
            if result == 0 {
                if clock.now >= deadline { return false }
                continue  // woke a moment early
            }
            if errno == EINTR { continue }
            throw SystemCallError("poll", subject: "descriptor \(descriptor)")
        }
    }

    private static func makeSocket(for path: String) throws(SystemCallError) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SystemCallError("socket", subject: path) }
        return descriptor
    }
}

import CWaylandClient
import DioramaPOSIX
import Foundation
import WaylandClient

#if canImport(Glibc)
    import Glibc
#endif

/// A connection to a Wayland compositor and the loop that moves its messages.
///
/// Connecting: `Connection()` follows libwayland's rules (`WAYLAND_DISPLAY`, a
/// name inside `XDG_RUNTIME_DIR` or an absolute path, default `wayland-0`);
/// `Connection(display:)` takes an explicit name or path instead. When nothing
/// is there the error says what was looked for and how to start a compositor.
///
/// Moving messages: requests are buffered by libwayland until `flush()`;
/// events are read and delivered (to the `onEvent` closures of the proxies,
/// and from there to the protocol-area states and their handlers) by
/// `dispatch(timeout:)`, `dispatchPending()`, `roundtrip()` and
/// `run(until:timeout:)` — or, for an app built around a `DispatchQueue` (the
/// main queue), by `attach(to:)`, which dispatches whenever the socket is
/// readable. Every wait is bounded.
///
/// Threading: a connection and every object made from it belong to one
/// thread or serial queue at a time — the one that dispatches. Handlers run
/// there, inside the dispatch call.
///
/// Lifetime: every object that sends requests (states, surfaces, pools)
/// holds what it was made from, and so, at the end of the chain, the
/// connection; the socket closes (`wl_display_disconnect`) only after the last
/// of them is gone, so no deinit ever talks to a closed display.
///
/// Failure is sticky: after a protocol error or a disconnect every call
/// throws the same `ConnectionError`, and requests sent meanwhile are dropped
/// by libwayland, so no code path crashes on a dead connection.
package final class Connection {
    /// The `wl_display` proxy (requests `sync`, `get_registry`).
    package let display: WlDisplay
    /// The socket the connection was made to; nil when adopted from a file descriptor.
    package let socketPath: String?
    /// How long `roundtrip()` and `flush()` wait when no timeout is given.
    package var defaultTimeout: Duration = .seconds(5)
    /// When (``MonotonicTime`` nanoseconds) ``dispatchAvailable()`` last
    /// looked at the socket and found nothing more: every event the
    /// compositor had sent by then was read, and delivered by the time that
    /// call returned. Nil before the first call. A handler that runs long
    /// (or a thread the machine preempts) after that look can miss events
    /// sent meanwhile, so "handled what was sent before T" takes this time,
    /// not the time the handling ended.
    package private(set) var socketFoundEmptyNanoseconds: UInt64?

    let displayPointer: OpaquePointer
    private var failure: ConnectionError?

    /// Connects to the compositor the environment names: `WAYLAND_DISPLAY`
    /// (default `wayland-0`) inside `XDG_RUNTIME_DIR`, or an absolute path.
    ///
    /// - Throws: `ConnectionError.noCompositor` describing what was looked for.
    package convenience init(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ConnectionError) {
        try self.init(display: nil, environment: environment)
    }

    /// Connects to `display` — a socket name inside `XDG_RUNTIME_DIR`, or an
    /// absolute path — or, when nil, to the one the environment names.
    ///
    /// The socket is connected here rather than by `wl_display_connect`, which
    /// would silently prefer an inherited `WAYLAND_SOCKET` and report failures
    /// only as "no such file"; doing it here lets the error tell a missing
    /// socket from a stale one.
    ///
    /// - Parameter displayOption: the option the program's user names a
    ///   display with (e.g. `--display`), for the no-compositor hint; nil for a
    ///   program that has none (an app).
    package convenience init(
        display: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        displayOption: String? = nil
    ) throws(ConnectionError) {
        var search = CompositorSearch.resolve(display: display, environment: environment)
        search.displayOption = displayOption
        guard let path = search.resolvedPath, search.isSocket else { throw .noCompositor(search) }
        let fd: Int32
        do {
            fd = try UnixSocket.connect(to: path)
        } catch {
            search.connectErrno = (error as? SystemCallError)?.code ?? ENAMETOOLONG
            throw .noCompositor(search)
        }
        try self.init(adoptingSocket: fd, socketPath: path)
    }

    /// Wraps an already connected socket (for example one inherited through
    /// `WAYLAND_SOCKET`, or one end of a `socketpair` in tests). The
    /// connection owns `fd` from now on, also when this throws.
    package convenience init(adoptingSocket fd: Int32) throws(ConnectionError) {
        try self.init(adoptingSocket: fd, socketPath: nil)
    }

    private init(adoptingSocket fd: Int32, socketPath: String?) throws(ConnectionError) {
        ProtocolErrorLog.shared.install()
        guard let pointer = wl_display_connect_to_fd(fd) else {
            let code = errno
            close(fd)
            throw .disconnected(errno: code)
        }
        displayPointer = pointer
        display = WlDisplay(adopting: pointer, version: 1)
        self.socketPath = socketPath
    }

    deinit {
        wl_display_disconnect(displayPointer)
    }

    /// The socket's file descriptor, for a caller's own poll loop.
    package var fileDescriptor: Int32 { wl_display_get_fd(displayPointer) }

    /// The error that ended the connection, if it has ended.
    package var error: ConnectionError? { failure }

    // MARK: Sending

    /// Writes every buffered request to the socket, waiting (at most
    /// `timeout`, default `defaultTimeout`) while the socket's buffer is full.
    package func flush(timeout: Duration? = nil) throws(ConnectionError) {
        try throwIfFailed()
        let deadline = Deadline(timeout ?? defaultTimeout)
        while true {
            if wl_display_flush(displayPointer) >= 0 { return }
            let code = errno
            guard code == EAGAIN else { throw fail(afterSystemError: code) }
            guard try waitForSocket(events: Int16(POLLOUT), deadline: deadline) else {
                throw .timedOut(waitingFor: "the compositor to accept our requests", seconds: deadline.seconds)
            }
        }
    }

    // MARK: Receiving

    /// Delivers the events already read from the socket, without reading.
    /// - Returns: how many events were delivered.
    @discardableResult
    package func dispatchPending() throws(ConnectionError) -> Int {
        try throwIfFailed()
        let count = wl_display_dispatch_pending(displayPointer)
        if count < 0 { throw fail(afterSystemError: errno) }
        return Int(count)
    }

    /// Flushes, waits up to `timeout` for events (nil: forever; `.zero`: just
    /// look), reads them and delivers them.
    ///
    /// This is libwayland's read protocol, which lets several threads or
    /// libraries share one display without losing events: `prepare_read`
    /// announces the intention to read and fails while events are still
    /// queued (deliver those first, then try again); after it succeeds every
    /// path must end in exactly one of `read_events` or `cancel_read`. The
    /// flush happens in between, so requests the handlers just sent reach the
    /// compositor before we sleep.
    ///
    /// - Returns: how many events were delivered (0 when the wait timed out).
    @discardableResult
    package func dispatch(timeout: Duration?) throws(ConnectionError) -> Int {
        try throwIfFailed()
        var delivered = 0
        while wl_display_prepare_read(displayPointer) != 0 {
            let count = wl_display_dispatch_pending(displayPointer)
            if count < 0 { throw fail(afterSystemError: errno) }
            delivered += Int(count)
        }
        if delivered > 0 {
            // Events were waiting: deliver them now rather than sleep.
            wl_display_cancel_read(displayPointer)
            return delivered
        }
        let readable: Bool
        do {
            readable = try waitUntilReadable(deadline: timeout.map(Deadline.init))
        } catch {
            wl_display_cancel_read(displayPointer)
            throw error
        }
        if readable {
            if wl_display_read_events(displayPointer) < 0 { throw fail(afterSystemError: errno) }
        } else {
            wl_display_cancel_read(displayPointer)
        }
        let count = wl_display_dispatch_pending(displayPointer)
        if count < 0 { throw fail(afterSystemError: errno) }
        return Int(count)
    }

    /// Reads and delivers everything the socket holds now, without waiting:
    /// `dispatch(timeout: .zero)` until a call delivers nothing.
    ///
    /// Why until nothing: one `dispatch` call may only deliver events that
    /// were already queued, without reading the socket. Callers use this to
    /// see everything the compositor has sent so far — the queue source on a
    /// wakeup (libdispatch may watch the fd edge-triggered, so data left
    /// unread now may never wake it again), and a client about to commit a
    /// frame that must not be stale already.
    ///
    /// Sets ``socketFoundEmptyNanoseconds`` when it returns.
    ///
    /// - Returns: how many events were delivered.
    @discardableResult
    package func dispatchAvailable() throws(ConnectionError) -> Int {
        var delivered = 0
        while true {
            let lookedAt = MonotonicTime.nanoseconds()
            let count = try dispatch(timeout: .zero)
            if count == 0 {
                socketFoundEmptyNanoseconds = lookedAt
                return delivered
            }
            delivered += count
        }
    }

    /// Sends `wl_display.sync` and dispatches until its `done` arrives: every
    /// request sent before has been processed by the compositor and every
    /// event it sent in reply has been delivered.
    package func roundtrip(timeout: Duration? = nil) throws(ConnectionError) {
        try throwIfFailed()
        var done = false
        let callback = display.sync()
        callback.onEvent = { _ in done = true }
        do {
            try run(until: { done }, timeout: timeout ?? defaultTimeout, waitingFor: "a roundtrip (wl_display.sync)")
        } catch {
            // Forget the callback; a late `done` goes to a zombie proxy, which libwayland drops.
            callback.onEvent = nil
            callback.destroyLocally()
            throw error
        }
    }

    /// Dispatches until `condition()` is true (checked before each wait and
    /// after each delivery) or `timeout` passes.
    ///
    /// - Throws: `.timedOut(waitingFor:)` naming `waitingFor`, or the connection's error.
    package func run(
        until condition: () -> Bool, timeout: Duration,
        waitingFor what: String = "a condition"
    ) throws(ConnectionError) {
        let deadline = Deadline(timeout)
        while !condition() {
            try flush(timeout: max(deadline.remaining, .milliseconds(1)))
            if deadline.isPast {
                throw .timedOut(waitingFor: what, seconds: deadline.seconds)
            }
            try dispatch(timeout: deadline.remaining)
        }
    }

    // MARK: Errors

    private func throwIfFailed() throws(ConnectionError) {
        if let failure { throw failure }
        let code = wl_display_get_error(displayPointer)
        if code != 0 { throw fail(afterSystemError: code) }
    }

    /// Records and returns the connection's error after a libwayland call
    /// failed with `systemError`. A broken pipe while writing may hide a
    /// protocol error the compositor sent just before closing, so the
    /// events still in the socket are read first.
    @discardableResult
    func fail(afterSystemError systemError: Int32) -> ConnectionError {
        if let failure { return failure }
        if wl_display_get_error(displayPointer) == 0 && (systemError == EPIPE || systemError == ECONNRESET) {
            drainAfterHangUp()
        }
        let error = describeDisplayError(fallback: systemError)
        failure = error
        return error
    }

    private func drainAfterHangUp() {
        while wl_display_prepare_read(displayPointer) != 0 {
            if wl_display_dispatch_pending(displayPointer) < 0 { return }
        }
        if wl_display_read_events(displayPointer) < 0 { return }
        _ = wl_display_dispatch_pending(displayPointer)
    }

    /// A `wl_display.error` from the compositor sets libwayland's error to
    /// EPROTO, except an error about wl_display itself: invalid_object and
    /// invalid_method become EINVAL, no_memory ENOMEM, other codes EFAULT
    /// (libwayland-server posts those when a request names an unknown object).
    /// Every one of them records the interface, object and code, which a
    /// plain I/O failure never does, so that is what tells them apart.
    private func describeDisplayError(fallback: Int32) -> ConnectionError {
        let code = wl_display_get_error(displayPointer)
        var interface: UnsafePointer<wl_interface>? = nil
        var objectID: UInt32 = 0
        let protocolCode = wl_display_get_protocol_error(displayPointer, &interface, &objectID)
        guard code == EPROTO || (code != 0 && interface != nil) else { return .disconnected(errno: code != 0 ? code : fallback) }
        let name = interface?.pointee.name.map { String(cString: $0) }
        let message = ProtocolErrorLog.shared.takeMessage(interface: name, objectID: objectID, code: protocolCode)
        return .protocolError(interface: name ?? "?", objectID: objectID, code: protocolCode, message: message)
    }

    // MARK: Waiting on the socket

    /// Waits until the socket is readable (true) or the deadline passes
    /// (false). Keeps flushing while the socket's send buffer is full, so a
    /// compositor that is itself waiting for our requests cannot deadlock us.
    private func waitUntilReadable(deadline: Deadline?) throws(ConnectionError) -> Bool {
        var needsFlush = false
        while true {
            if wl_display_flush(displayPointer) < 0 {
                let code = errno
                guard code == EAGAIN else { throw fail(afterSystemError: code) }
                needsFlush = true
            } else {
                needsFlush = false
            }
            let events = Int16(POLLIN) | (needsFlush ? Int16(POLLOUT) : 0)
            var descriptor = pollfd(fd: fileDescriptor, events: events, revents: 0)
            let result = Glibc.poll(&descriptor, 1, deadline?.pollMilliseconds ?? -1)
            if result < 0 {
                if errno == EINTR { continue }
                throw fail(afterSystemError: errno)
            }
            if result == 0 { return false }
            // POLLHUP/POLLERR count as readable: read_events then reports the cause.
            if descriptor.revents & (Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)) != 0 { return true }
            // Only POLLOUT: flush again and keep waiting.
        }
    }

    /// Polls for `events`; false when the deadline passed first.
    private func waitForSocket(events: Int16, deadline: Deadline) throws(ConnectionError) -> Bool {
        while true {
            var descriptor = pollfd(fd: fileDescriptor, events: events, revents: 0)
            let result = Glibc.poll(&descriptor, 1, deadline.pollMilliseconds)
            if result > 0 { return true }
            if result == 0 { return false }
            if errno == EINTR { continue }
            throw fail(afterSystemError: errno)
        }
    }
}

/// A point in time a wait must not pass.
struct Deadline {
    let end: ContinuousClock.Instant
    let timeout: Duration

    init(_ timeout: Duration) {
        self.timeout = timeout
        end = ContinuousClock.now.advanced(by: timeout)
    }

    var remaining: Duration { max(.zero, ContinuousClock.now.duration(to: end)) }
    var isPast: Bool { ContinuousClock.now >= end }
    var seconds: Double { timeout.seconds }

    /// The remaining time in whole milliseconds, rounded up, for poll(2).
    var pollMilliseconds: Int32 {
        let milliseconds = (remaining.seconds * 1000).rounded(.up)
        return Int32(min(milliseconds, Double(Int32.max)))
    }
}

extension Duration {
    /// The duration in seconds, as a Double.
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}

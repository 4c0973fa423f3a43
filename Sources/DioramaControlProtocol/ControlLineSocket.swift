import DioramaPOSIX
import Glibc

/// One connected Unix stream socket carrying lines of text (the control
/// protocol's framing: one JSON object per line, `\n`-terminated). Both the
/// endpoint and `diorama ctl` use it.
///
/// Reads block, after looking for the peer's line for a few microseconds
/// without sleeping (``ReadableWait/spin(for:until:)``: a request's answer,
/// or a script's next request, usually comes that soon); writes never raise
/// SIGPIPE (a peer that went away is an error, not a dead process).
///
/// Sendable by hand: one thread reads and writes it; the only call from
/// another thread is ``shutDown()``, a single system call on a descriptor
/// the owner has not closed yet (`ControlServer` (DioramaSimulator) guarantees that).
package final class ControlLineSocket: @unchecked Sendable {
    package let descriptor: Int32
    /// A line longer than this is refused (a peer that sends no newline
    /// cannot make the other side allocate without bound). The endpoint
    /// passes `SimulatorLimits.maximumControlLineBytes`; `ctl` reading
    /// responses keeps the default.
    package let maximumLineBytes: Int
    /// Bytes read and not yet returned start at `lineStart`; those before
    /// `scanned` are known to hold no newline, so each byte is searched once.
    private var buffered: [UInt8] = []
    private var lineStart = 0
    private var scanned = 0
    private var chunk = [UInt8](repeating: 0, count: 65536)
    private var isClosed = false

    package static let defaultMaximumLineBytes = 16 << 20

    package init(descriptor: Int32, maximumLineBytes: Int = ControlLineSocket.defaultMaximumLineBytes) {
        self.descriptor = descriptor
        self.maximumLineBytes = maximumLineBytes
    }

    deinit { close() }

    /// The next line without its newline, or nil at end of stream. Linear in
    /// the bytes read: only new bytes are searched for the newline, and the
    /// consumed lines are dropped at most once per read.
    ///
    /// - Throws: ``ControlTransportError`` when reading fails, or with
    ///   ``ControlTransportError/exceededLineLimit`` set when a line is longer
    ///   than ``maximumLineBytes`` (the rest of the stream is then unusable).
    ///
    /// - Parameters:
    ///   - timeout: how long the whole line may take to arrive; nil waits as
    ///     long as it takes. When it passes, throws with
    ///     ``ControlTransportError/timedOut`` set.
    ///   - beforeSleeping: runs each time no line came within the short spin
    ///     and the thread is about to sleep in the kernel for the rest (the
    ///     simulator's endpoint sends the events it held back).
    package func readLine(within timeout: Duration? = nil, beforeSleeping: () -> Void = {}) throws(ControlTransportError) -> String? {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            if let line = try bufferedLine() { return line }
            // What arrives while spinning is buffered and looked at again; the
            // end of the stream or a failure stops the spin and is reported
            // by the read below.
            var ended = false
            let arrived = ReadableWait.spin(for: ReadableWait.spinBeforeSleeping) {
                let count = readWithoutWaiting()
                ended = count < 0
                return count != 0
            }
            if arrived && !ended { continue }
            beforeSleeping()
            if let timeout, let deadline { try waitUntilReadable(before: deadline, timeout: timeout) }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ControlTransportError("read failed: \(String(cString: strerror(errno)))")
            }
            if count == 0 {
                guard !buffered.isEmpty else { return nil }
                let line = String(decoding: buffered, as: UTF8.self)
                buffered.removeAll()
                scanned = 0
                return line
            }
            buffered.append(contentsOf: chunk[..<count])
        }
    }

    /// The next line if it is here already: read before, or in the kernel's
    /// queue now (one read that does not wait). Nil when getting a line would
    /// mean waiting; the end of the stream and read failures are left for
    /// ``readLine(within:)`` to report. The endpoint uses it to take the
    /// requests a client sent without waiting for answers (pipelined)
    /// together.
    package func lineWithoutWaiting() throws(ControlTransportError) -> String? {
        if let line = try bufferedLine() { return line }
        guard readWithoutWaiting() > 0 else { return nil }
        return try bufferedLine()
    }

    /// One read that does not wait, its bytes buffered. Returns how many
    /// bytes came, 0 when none were there yet, -1 at the end of the stream or
    /// on a failure (which a blocking read then reports).
    private func readWithoutWaiting() -> Int {
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        if count > 0 {
            buffered.append(contentsOf: chunk[..<count])
            return count
        }
        return count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) ? -1 : 0
    }

    /// A complete line from the bytes already read, or nil (having dropped
    /// the consumed lines, so the buffer holds only the unfinished one).
    private func bufferedLine() throws(ControlTransportError) -> String? {
        if let newline = buffered[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
            guard newline - lineStart <= maximumLineBytes else { throw .lineTooLong(limit: maximumLineBytes) }
            let line = String(decoding: buffered[lineStart..<newline], as: UTF8.self)
            lineStart = newline + 1
            scanned = lineStart
            return line
        }
        scanned = buffered.count
        guard buffered.count - lineStart <= maximumLineBytes else { throw .lineTooLong(limit: maximumLineBytes) }
        if lineStart > 0 {
            buffered.removeSubrange(..<lineStart)
            scanned -= lineStart
            lineStart = 0
        }
        return nil
    }

    /// Waits until a read would not block, or throws a timeout once
    /// `deadline` passes (`timeout` is for the message).
    private func waitUntilReadable(before deadline: ContinuousClock.Instant, timeout: Duration) throws(ControlTransportError) {
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { throw .timedOut(after: timeout) }
            let milliseconds = remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let result = poll(&entry, 1, Int32(clamping: milliseconds))
            if result > 0 { return }
            if result < 0 && errno != EINTR { throw ControlTransportError("poll failed: \(String(cString: strerror(errno)))") }
        }
    }

    /// Writes `line` and a newline, all of it.
    package func writeLine(_ line: String) throws(ControlTransportError) {
        try writeLines(CollectionOfOne(line))
    }

    /// Writes each of `lines` followed by a newline, all of it, in one
    /// system call when the socket takes it whole (answers to pipelined
    /// requests, a pipelined client's requests).
    package func writeLines(_ lines: some Sequence<String>) throws(ControlTransportError) {
        var bytes: [UInt8] = []
        for line in lines {
            bytes += line.utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw ControlTransportError("write failed: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    /// Wakes a thread blocked reading this socket (it sees end of stream).
    package func shutDown() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    package func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(descriptor)
    }
}

/// The control connection broke (the peer went away, a read failed).
public struct ControlTransportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, naming the socket.
    public var message: String
    /// Set when the peer sent a line longer than this many bytes.
    public var exceededLineLimit: Int?
    /// Set when no complete line arrived within this time.
    public var timedOut: Duration?
    package init(_ message: String) { self.message = message }

    package static func timedOut(after timeout: Duration) -> ControlTransportError {
        var error = ControlTransportError("no complete line arrived within \(timeout)")
        error.timedOut = timeout
        return error
    }

    package static func lineTooLong(limit: Int) -> ControlTransportError {
        var error = ControlTransportError("a line longer than \(limit) bytes arrived; the control protocol's lines are at most \(limit) bytes")
        error.exceededLineLimit = limit
        return error
    }
    public var description: String { message }
}

import Glibc

/// One connected Unix stream socket carrying lines of text (the control
/// protocol's framing: one JSON object per line, `\n`-terminated). Both the
/// endpoint and `diorama ctl` use it.
///
/// Reads block; writes never raise SIGPIPE (a peer that went away is an
/// error, not a dead process).
///
/// Sendable by hand: one thread reads and writes it; the only call from
/// another thread is ``shutDown()``, a single system call on a descriptor
/// the owner has not closed yet (``ControlServer`` guarantees that).
final class ControlLineSocket: @unchecked Sendable {
    let descriptor: Int32
    private var buffered: [UInt8] = []
    private var isClosed = false
    /// A line longer than this is refused (a peer that sends no newline
    /// cannot make the other side allocate without bound).
    static let maximumLineBytes = 16 << 20

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close() }

    /// The next line without its newline, or nil at end of stream.
    func readLine() throws(ControlTransportError) -> String? {
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                return line
            }
            guard buffered.count <= Self.maximumLineBytes else {
                throw ControlTransportError("a line longer than \(Self.maximumLineBytes) bytes arrived")
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ControlTransportError("read failed: \(String(cString: strerror(errno)))")
            }
            if count == 0 {
                guard !buffered.isEmpty else { return nil }
                let line = String(decoding: buffered, as: UTF8.self)
                buffered.removeAll()
                return line
            }
            buffered.append(contentsOf: chunk[..<count])
        }
    }

    /// Writes `line` and a newline, all of it.
    func writeLine(_ line: String) throws(ControlTransportError) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
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
    func shutDown() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(descriptor)
    }
}

/// The control connection broke (the peer went away, a read failed).
public struct ControlTransportError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    init(_ message: String) { self.message = message }
    public var description: String { message }
}

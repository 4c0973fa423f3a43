import DioramaPOSIX
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Errors from `SwayIPC`.
package enum SwayIPCError: Error, Sendable, CustomStringConvertible {
    /// The socket layer failed (connect, timeout, peer closed).
    case transport(UnixSocketError)
    /// The reply was not a valid i3-ipc message.
    case protocolViolation(String)
    /// A reply did not decode as expected.
    case decoding(what: String, detail: String, payload: String)
    /// sway ran the command list and at least one command failed.
    case commandFailed(command: String, errors: [String], results: [SwayCommandResult])
    /// `waitForWindow` gave up.
    case windowNotFound(appID: String, seconds: Double)

    package var description: String {
        switch self {
        case let .transport(error):
            return "sway IPC: \(error)"
        case let .protocolViolation(detail):
            return "sway IPC: protocol violation: \(detail)"
        case let .decoding(what, detail, payload):
            return "sway IPC: could not decode \(what): \(detail); payload starts: \(payload.prefix(300))"
        case let .commandFailed(command, errors, _):
            return "sway rejected command '\(command)': \(errors.joined(separator: "; "))"
        case let .windowNotFound(appID, seconds):
            return "no window with app_id '\(appID)' appeared in sway's tree within \(String(format: "%.1f", seconds)) s"
        }
    }
}

/// A client for sway's i3-compatible IPC protocol.
///
/// Wire format, both directions: the 6 bytes `i3-ipc`, a 32-bit payload length,
/// a 32-bit message type (both in native byte order), then the JSON payload.
///
/// One connection, opened in `init` and reopened after a transport error. It is
/// a final class shared across tasks: the descriptor lives in a `Mutex`, which
/// serialises requests so replies cannot interleave. Every request is bounded by `timeout`.
package final class SwayIPC: Sendable {
    /// i3-ipc message types (requests; replies carry the same number).
    package enum MessageType: UInt32, Sendable {
        case runCommand = 0
        case getWorkspaces = 1
        case subscribe = 2
        case getOutputs = 3
        case getTree = 4
        case getMarks = 5
        case getBarConfig = 6
        case getVersion = 7
        case getBindingModes = 8
        case getConfig = 9
        case sendTick = 10
        case sync = 11
        case getBindingState = 12
        case getInputs = 100
        case getSeats = 101
    }

    static let magic: [UInt8] = Array("i3-ipc".utf8)
    static let headerSize = 14
    /// Replies larger than this are treated as corrupt (a tree is a few KiB).
    static let maxPayload = 64 * 1024 * 1024

    package let socketPath: String
    package let timeout: TimeInterval
    /// The connection's descriptor, -1 while closed; held for a whole request.
    private let connection: Mutex<Int32>

    /// Connects to the IPC socket at `socketPath` (sway's `SWAYSOCK`).
    /// - Parameter timeout: bound on each request (write + reply).
    package init(socketPath: String, timeout: TimeInterval = 5) throws {
        self.socketPath = socketPath
        self.timeout = timeout
        do {
            connection = Mutex(try UnixSocket.connect(path: socketPath))
        } catch {
            throw SwayIPCError.transport(error)
        }
    }

    deinit {
        connection.withLock { fd in if fd >= 0 { Glibc.close(fd) } }
    }

    /// Closes the connection; a later request reconnects.
    package func close() {
        connection.withLock { fd in if fd >= 0 { Glibc.close(fd); fd = -1 } }
    }

    // MARK: Requests

    /// Sends one message and returns the reply's JSON payload.
    package func request(_ type: MessageType, payload: String = "") throws -> Data {
        try exchange { fd in
            let deadline = Date().addingTimeInterval(timeout)
            try UnixSocket.writeAll(fd, Self.encode(type: type.rawValue, payload: Array(payload.utf8)), until: deadline, path: socketPath)
            return try reply(to: type, on: fd, until: deadline)
        }
    }

    /// Sends one message per payload without waiting for the replies before
    /// it (at most `depth` unanswered at once: ``PipelinedExchange``) and
    /// returns the replies' payloads in order. sway reads a connection's
    /// messages in order and answers each. Each reply must come within
    /// ``timeout`` of the one before it.
    package func pipelinedRequests(_ type: MessageType, payloads: [String], depth: Int) throws -> [Data] {
        try exchange { fd in
            try PipelinedExchange.exchange(
                count: payloads.count, depth: depth,
                write: { indices in
                    let messages = indices.flatMap { Self.encode(type: type.rawValue, payload: Array(payloads[$0].utf8)) }
                    try UnixSocket.writeAll(fd, messages, until: Date().addingTimeInterval(timeout), path: socketPath)
                },
                read: { _ in try reply(to: type, on: fd, until: Date().addingTimeInterval(timeout)) })
        }
    }

    /// Runs `body` with the connection (opened again if a failure closed
    /// it), holding it for the whole exchange so replies cannot interleave.
    /// A failure closes it: the stream may be mid-message.
    private func exchange<Value: Sendable>(_ body: (Int32) throws -> Value) throws -> Value {
        try connection.withLock { fd throws -> Value in
            do {
                if fd < 0 { fd = try UnixSocket.connect(path: socketPath) }
                return try body(fd)
            } catch let error as UnixSocketError {
                if fd >= 0 { Glibc.close(fd); fd = -1 }
                throw SwayIPCError.transport(error)
            } catch {
                if fd >= 0 { Glibc.close(fd); fd = -1 }
                throw error
            }
        }
    }

    /// The payload of the next reply on `fd`, which must answer `type`.
    private func reply(to type: MessageType, on fd: Int32, until deadline: Date) throws -> Data {
        while true {
            let header = try UnixSocket.readExactly(fd, Self.headerSize, until: deadline, path: socketPath)
            let (length, replyType) = try Self.decodeHeader(header)
            let body = try UnixSocket.readExactly(fd, length, until: deadline, path: socketPath)
            // Events (high bit set) only arrive after `subscribe`; skip them.
            if replyType & 0x8000_0000 != 0 { continue }
            guard replyType == type.rawValue else {
                throw SwayIPCError.protocolViolation("asked for type \(type.rawValue), got reply type \(replyType)")
            }
            return Data(body)
        }
    }

    /// Runs sway commands (one, or several separated by `;` or `,`) and returns
    /// one result per command. Throws `SwayIPCError.commandFailed` with sway's
    /// messages if any command failed.
    @discardableResult
    package func command(_ command: String) throws -> [SwayCommandResult] {
        try commandResults(command, request(.runCommand, payload: command))
    }

    /// A `run_command` reply's results; throws when one of them failed.
    private func commandResults(_ command: String, _ reply: Data) throws -> [SwayCommandResult] {
        let results: [SwayCommandResult] = try decode([SwayCommandResult].self, what: "command reply", from: reply)
        let failures = results.filter { !$0.success }
        if !failures.isEmpty {
            throw SwayIPCError.commandFailed(
                command: command,
                errors: failures.map { $0.error ?? "unknown error" },
                results: results)
        }
        return results
    }

    /// Runs each of `commands` as its own `run_command` message, pipelined
    /// (``pipelinedRequests(_:payloads:depth:)``), and returns each one's
    /// results in order. Throws `SwayIPCError.commandFailed` for the first
    /// command with a failure, as ``command(_:)`` does.
    @discardableResult
    package func pipelinedCommands(_ commands: [String], depth: Int) throws -> [[SwayCommandResult]] {
        let replies = try pipelinedRequests(.runCommand, payloads: commands, depth: depth)
        return try zip(commands, replies).map { command, reply in try commandResults(command, reply) }
    }

    /// The outputs sway knows, in its order (`get_outputs`).
    package func outputs() throws -> [SwayOutput] {
        try decode([SwayOutput].self, what: "outputs", from: request(.getOutputs))
    }

    /// The whole layout tree (`get_tree`): root → outputs → workspaces → containers.
    package func tree() throws -> SwayNode {
        try decode(SwayNode.self, what: "tree", from: request(.getTree))
    }

    /// The workspaces (`get_workspaces`).
    package func workspaces() throws -> [SwayWorkspace] {
        try decode([SwayWorkspace].self, what: "workspaces", from: request(.getWorkspaces))
    }

    /// sway's version (`get_version`).
    package func version() throws -> SwayVersion {
        try decode(SwayVersion.self, what: "version", from: request(.getVersion))
    }

    /// The first window with this `app_id`, with its output and workspace, or nil.
    package func window(appID: String) throws -> SwayWindowPlacement? {
        try tree().findWindow(appID: appID)
    }

    /// Polls the tree until a window with this `app_id` appears (for example
    /// after launching a client), bounded by `timeout`.
    package func waitForWindow(appID: String, timeout: TimeInterval = 10) throws -> SwayWindowPlacement {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let placement = try window(appID: appID) { return placement }
            if Date() >= deadline { throw SwayIPCError.windowNotFound(appID: appID, seconds: timeout) }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    // MARK: Wire format (internal for tests)

    static func encode(type: UInt32, payload: [UInt8]) -> [UInt8] {
        var bytes = magic
        withUnsafeBytes(of: UInt32(payload.count)) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: type) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: payload)
        return bytes
    }

    /// Returns (payload length, message type) from a 14-byte header.
    static func decodeHeader(_ header: [UInt8]) throws -> (length: Int, type: UInt32) {
        guard header.count == headerSize, Array(header[0..<6]) == magic else {
            throw SwayIPCError.protocolViolation("bad magic in reply header \(header)")
        }
        var length: UInt32 = 0
        var type: UInt32 = 0
        withUnsafeMutableBytes(of: &length) { $0.copyBytes(from: header[6..<10]) }
        withUnsafeMutableBytes(of: &type) { $0.copyBytes(from: header[10..<14]) }
        guard Int(length) <= maxPayload else {
            throw SwayIPCError.protocolViolation("reply length \(length) exceeds \(maxPayload)")
        }
        return (Int(length), type)
    }

    private func decode<T: Decodable>(_ type: T.Type, what: String, from data: Data) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw SwayIPCError.decoding(
                what: what, detail: "\(error)",
                payload: String(decoding: data.prefix(300), as: UTF8.self))
        }
    }
}

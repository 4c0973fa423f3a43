import DioramaControlProtocol
import DioramaPOSIX
import Foundation
import Glibc

/// The other end of a `ControlServer` (DioramaSimulator): what `diorama ctl` uses to talk to a
/// running simulator. One request (or one batch line, ``send(batch:)``) at a
/// time, each waiting for its answer, or many written without waiting
/// (``send(pipelined:depth:)``).
package final class ControlClient {
    package let path: String
    private let socket: ControlLineSocket

    /// The environment variable `diorama sim` prints with the socket's path.
    package static let environmentVariable = "DIORAMA_CONTROL"

    /// How long the opening exchange may take by default: ample for a
    /// loaded simulator, whose connection thread answers it without waiting
    /// for the compositor.
    package static let handshakeTimeout: Duration = .seconds(10)

    /// Connects to the endpoint at `path` and checks that a control endpoint
    /// answers there (``handshake(within:)``).
    package init(path: String, handshakeTimeout: Duration = ControlClient.handshakeTimeout) throws(ControlClientError) {
        let descriptor: Int32
        do {
            descriptor = try UnixSocket.connect(to: path)
        } catch let error as SystemCallError {
            let reason =
                error.code == ENOENT
                ? "no such file"
                : error.code == ECONNREFUSED
                    ? "nothing is listening (a simulator that stopped?)"
                    : error.reason
            throw .cannotConnect(path: path, reason: reason)
        } catch let error as SocketPathError {
            throw .unusablePath(path: path, reason: error.explanation)
        } catch {
            throw .cannotConnect(path: path, reason: "\(error)")
        }
        self.path = path
        socket = ControlLineSocket(descriptor: descriptor)
        try handshake(within: handshakeTimeout)
    }

    /// Sends an empty batch (`[]`), which the endpoint answers `[]` from the
    /// connection's own thread, at once. Anything else listening at the path
    /// is found out here instead of hanging later: a Wayland socket waits
    /// for the rest of a message and never answers (a timeout naming the
    /// path), and an endpoint at its connection limit answers `busy` and
    /// closes (``ControlClientError/refused(_:)``).
    private func handshake(within timeout: Duration) throws(ControlClientError) {
        // A refused connection may be closed before the request goes out; the
        // endpoint's answer is still there to read, so the write's failure waits.
        let writeFailure: ControlTransportError?
        do {
            try socket.writeLine("[]")
            writeFailure = nil
        } catch {
            writeFailure = error
        }
        let line: String?
        do {
            line = try socket.readLine(within: timeout)
        } catch {
            if error.timedOut != nil { throw .notAControlSocket(path: path, waited: timeout) }
            throw .connectionLost((writeFailure ?? error).message)
        }
        guard let line else {
            throw .connectionLost(writeFailure?.message ?? "the simulator closed the connection without answering")
        }
        if line == "[]" { return }
        if let failure = try? Self.response(line).failure { throw .refused(failure) }
        throw .notAControlSocket(path: path, waited: nil)
    }

    /// The endpoint to use: `explicit` (`--control`), else `$DIORAMA_CONTROL`.
    ///
    /// - Throws: ``ControlClientError/noEndpoint`` saying how to start one.
    package static func endpointPath(
        explicit: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ControlClientError) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let value = environment[environmentVariable], !value.isEmpty { return value }
        throw .noEndpoint
    }

    /// Sends `request` and returns the simulator's response (which may report
    /// a failure: see `ControlResponse.failure`).
    package func send(_ request: ControlRequest) throws(ControlClientError) -> ControlResponse {
        try writeRequest(request)
        return try readResponse()
    }

    /// Sends `requests` as one batch line and returns their responses, in
    /// order: one trip for all of them (`trace` cannot be batched).
    package func send(batch requests: [ControlRequest]) throws(ControlClientError) -> [ControlResponse] {
        try write(CollectionOfOne("[" + requests.map { ControlRequestWire($0).jsonLine }.joined(separator: ",") + "]"))
        let line = try readLine()
        // Most batches of changes succeed whole: no need for the decoder then.
        if line.utf8.count == 12 * requests.count + 1, line == "[" + Array(repeating: #"{"ok":true}"#, count: requests.count).joined(separator: ",") + "]" {
            return Array(repeating: ControlResponse(), count: requests.count)
        }
        if let responses = try? JSONDecoder().decode([ControlResponse].self, from: Data(line.utf8)) {
            guard responses.count == requests.count else {
                throw .badResponse("\(responses.count) answers to a batch of \(requests.count): \(line.prefix(200))")
            }
            return responses
        }
        // The batch as a whole was refused: one failure for all of it.
        return Array(repeating: try Self.response(line), count: requests.count)
    }

    /// How many requests ``send(pipelined:depth:)`` keeps unanswered by default.
    package static let pipelineDepth = 64

    /// Sends `requests` one line each without waiting for an answer before
    /// writing the next (at most `depth` unanswered at once), and returns
    /// their responses in order: each request is carried out and answered as
    /// if sent alone, one after another, but the round trips overlap. Unlike
    /// a batch line, each request stays its own line, so a script can stream
    /// them. `trace` answers with several lines and cannot be pipelined.
    package func send(pipelined requests: [ControlRequest], depth: Int = ControlClient.pipelineDepth) throws(ControlClientError)
        -> [ControlResponse]
    {
        precondition(
            !requests.contains { if case .trace = $0 { true } else { false } },
            "a trace request answers with several lines; send it with trace(since:follow:line:), not pipelined")
        return try PipelinedExchange.exchange(
            count: requests.count, depth: depth,
            write: { (indices: Range<Int>) throws(ControlClientError) in
                try write(requests[indices].lazy.map { ControlRequestWire($0).jsonLine })
            },
            read: { (_: Int) throws(ControlClientError) in try readResponse() })
    }

    /// Asks for the trace after `since` and hands each record line (one JSON
    /// object, `Docs/trace-format.md`) to `line`; with `follow`, keeps
    /// reading new records until the simulator stops or `line` returns false.
    ///
    /// - Returns: the header: how many records there were, the last sequence
    ///   number, how many were lost to the ring's capacity, or the failure.
    @discardableResult
    package func trace(since: UInt64, follow: Bool, line: (String) -> Bool) throws(ControlClientError) -> ControlResponse {
        try writeRequest(.trace(since: since, follow: follow))
        let header = try readResponse()
        guard header.ok else { return header }
        var remaining = header.records ?? 0
        while follow || remaining > 0 {
            let next: String?
            do {
                next = try socket.readLine()
            } catch {
                throw .connectionLost(error.message)
            }
            guard let next else {
                if follow { return header }  // the simulator stopped
                throw .connectionLost("the trace ended after \((header.records ?? 0) - remaining) of \(header.records ?? 0) records")
            }
            remaining -= 1
            if !line(next) { return header }
        }
        return header
    }

    private func writeRequest(_ request: ControlRequest) throws(ControlClientError) {
        try write(CollectionOfOne(ControlRequestWire(request).jsonLine))
    }

    /// Writes `lines`, one system call for all of them when the socket takes it.
    private func write(_ lines: some Sequence<String>) throws(ControlClientError) {
        do {
            try socket.writeLines(lines)
        } catch {
            throw .connectionLost(error.message)
        }
    }

    private func readResponse() throws(ControlClientError) -> ControlResponse {
        try Self.response(readLine())
    }

    private func readLine() throws(ControlClientError) -> String {
        let line: String?
        do {
            line = try socket.readLine()
        } catch {
            throw .connectionLost(error.message)
        }
        guard let line else { throw .connectionLost("the simulator closed the connection without answering") }
        return line
    }

    private static func response(_ line: String) throws(ControlClientError) -> ControlResponse {
        // Most answers are a plain success: no need for the decoder then.
        if line == #"{"ok":true}"# { return ControlResponse() }
        do {
            return try JSONDecoder().decode(ControlResponse.self, from: Data(line.utf8))
        } catch {
            throw .badResponse(String(line.prefix(200)))
        }
    }
}

/// Why `diorama ctl` could not talk to a simulator at all.
package enum ControlClientError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Neither `--control` nor `DIORAMA_CONTROL` names an endpoint.
    case noEndpoint
    case cannotConnect(path: String, reason: String)
    /// The path cannot name a Unix socket at all (too long, empty).
    case unusablePath(path: String, reason: String)
    case connectionLost(String)
    /// The answer was not a control-protocol response.
    case badResponse(String)
    /// Whatever listens at `path` did not answer the opening exchange as a
    /// control endpoint does: within `waited` (nil: it answered something else).
    case notAControlSocket(path: String, waited: Duration?)
    /// The endpoint refused the connection (`busy`: it serves as many as it may).
    case refused(ControlFailure)

    package var description: String {
        switch self {
        case .noEndpoint:
            "no simulator to talk to: DIORAMA_CONTROL is unset and --control was not given; start one with "
                + "`diorama sim > /tmp/sim.env &` and load what it prints with `. /tmp/sim.env` (it sets DIORAMA_CONTROL), "
                + "or pass --control PATH"
        case .cannotConnect(let path, let reason):
            "cannot connect to the simulator's control socket \(path): \(reason); is `diorama sim` running?"
        case .unusablePath(let path, let reason): "\(path): \(reason) (--control or DIORAMA_CONTROL)"
        case .connectionLost(let reason): "the connection to the simulator broke: \(reason)"
        case .badResponse(let line): "the simulator answered something that is not a control response: \(line)"
        case .notAControlSocket(let path, let waited):
            (waited.map { "\(path) did not answer within \($0.secondsText) s" } ?? "\(path) answered")
                + " as a simulator's control socket does; is it a Wayland socket? The control socket is the one `diorama sim` prints as DIORAMA_CONTROL (NAME.control beside the Wayland socket NAME)"
        case .refused(let failure): failure.message
        }
    }
}

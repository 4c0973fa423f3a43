import DioramaModel
import Foundation
import Glibc

/// One control client: reads request lines, has the simulator carry them out
/// (through its ``RemoteControl``), writes one response line each. Runs on
/// the connection's own thread until the client disconnects.
struct ControlConnection {
    let socket: ControlLineSocket
    let remote: RemoteControl

    /// How often a followed trace or a waited-for window is looked at again.
    static let pollInterval: Duration = .milliseconds(20)

    func serve() {
        while let line = nextLine() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            let response: ControlResponse
            do {
                let request = try Self.decode(line)
                switch request {
                case .trace(let since, let follow):
                    guard sendTrace(since: since, follow: follow) else { return }
                    continue
                case .screenshot(let display, let path, let scale):
                    response = try screenshot(display: display, path: path, scale: scale)
                case .waitSettled(let selector, let timeout):
                    response = try waitSettled(selector, timeoutMilliseconds: timeout)
                default:
                    response = try perform { try $0.handleControlRequest(request) }
                }
            } catch {
                response = ControlResponse(error)
            }
            guard (try? socket.writeLine(Self.encode(response))) != nil else { return }
        }
    }

    /// The next request line; nil when the client is gone or sent a line
    /// over the limit (answered `bad_request` naming the limit: with no
    /// newline in sight the rest of the stream cannot be framed, so the
    /// connection ends).
    private func nextLine() -> String? {
        do {
            return try socket.readLine()
        } catch {
            if let limit = error.exceededLineLimit {
                let failure = ControlFailure.badRequest("the request line is longer than \(limit) bytes (SimulatorLimits.maximumControlLineBytes); send one JSON object per line")
                _ = try? socket.writeLine(Self.encode(ControlResponse(failure)))
            }
            return nil
        }
    }

    /// The request a line spells.
    static func decode(_ line: String) throws(ControlFailure) -> ControlRequest {
        let wire: ControlRequestWire
        do {
            wire = try JSONDecoder().decode(ControlRequestWire.self, from: Data(line.utf8))
        } catch {
            throw .badRequest("the request is not a JSON object of the control protocol (\(Self.reason(error))); see Docs/control-protocol.md")
        }
        return try wire.request()
    }

    static func encode(_ response: ControlResponse) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(response)) ?? Data(#"{"ok":false,"kind":"failed","error":"the response could not be encoded"}"#.utf8), as: UTF8.self)
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type"
        case DecodingError.dataCorrupted: "malformed JSON"
        default: "\(error)"
        }
    }

    /// Runs `body` on the simulator's thread; its failure, or the simulator
    /// having stopped, becomes a ``ControlFailure``.
    private func perform<Result: Sendable>(_ body: @escaping @Sendable (Simulator) throws -> Result) throws(ControlFailure) -> Result {
        do {
            return try remote.perform(body)
        } catch let failure as ControlFailure {
            throw failure
        } catch {
            throw .failed("\(error)")
        }
    }

    /// Composites on the simulator's thread, encodes the PNG here (so the
    /// compositor is not held up by the encoder).
    private func screenshot(display: String?, path: String, scale: Scale?) throws(ControlFailure) -> ControlResponse {
        let shot = try perform { simulator throws(ControlFailure) in try simulator.controlScreenshot(display: display, scale: scale) }
        do {
            try shot.writePNG(to: path)
        } catch {
            throw .failed("\(error)")
        }
        var response = ControlResponse()
        response.screenshot = path
        return response
    }

    /// Polls until the window is settled or the time is up.
    private func waitSettled(_ selector: WindowSelector, timeoutMilliseconds: Int) throws(ControlFailure) -> ControlResponse {
        let deadline = ContinuousClock.now + .milliseconds(timeoutMilliseconds)
        while true {
            let answer = try perform { try $0.handleControlRequest(.waitSettled(selector, timeoutMilliseconds: timeoutMilliseconds)) }
            if answer.settled == true { return answer }
            guard ContinuousClock.now < deadline else {
                throw .failed("\(selector) did not settle within \(timeoutMilliseconds) ms: it has not acknowledged and committed every configure sent to it")
            }
            Thread.sleep(forTimeInterval: Double(Self.pollInterval.components.attoseconds) / 1e18)
        }
    }

    /// Writes the header and the records after `since`; when following, then
    /// every new record until the client hangs up. Returns false when the
    /// connection is finished (a followed trace ends the connection).
    private func sendTrace(since: UInt64, follow: Bool) -> Bool {
        let batch: TraceBatch
        do {
            batch = try perform { TraceBatch(trace: $0.trace, after: since) }
        } catch {
            return (try? socket.writeLine(Self.encode(ControlResponse(error)))) != nil
        }
        var header = ControlResponse()
        header.records = batch.lines.count
        header.lastSequence = batch.lastSequence
        header.dropped = batch.dropped
        guard (try? socket.writeLine(Self.encode(header))) != nil else { return false }
        for line in batch.lines {
            guard (try? socket.writeLine(line)) != nil else { return false }
        }
        guard follow else { return true }
        var last = batch.lastSequence
        while !peerHungUp() {
            let after = last
            guard let next = try? perform({ TraceBatch(trace: $0.trace, after: after) }) else { return false }
            for line in next.lines {
                guard (try? socket.writeLine(line)) != nil else { return false }
            }
            last = next.lastSequence
        }
        return false
    }

    /// Waits one poll interval for the client to hang up; true when it did
    /// (the socket became readable and a peek finds the end of the stream).
    private func peerHungUp() -> Bool {
        var descriptor = pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(Self.pollInterval.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return false }
        if descriptor.revents & (Int16(POLLHUP) | Int16(POLLERR)) != 0 { return true }
        var byte: UInt8 = 0
        return recv(socket.descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0
    }
}

/// Trace records after a sequence number, already encoded, taken on the
/// simulator's thread.
struct TraceBatch: Sendable {
    var lines: [String]
    var lastSequence: UInt64
    /// Records after `since` the ring no longer holds.
    var dropped: UInt64

    init(trace: Trace, after since: UInt64) {
        let records = trace.records(after: since)
        lines = records.map(TraceJSON.encode)
        lastSequence = trace.lastSequence
        let firstKept = trace.firstKeptSequence
        // Written so that no `since` (up to UInt64.max) can overflow it.
        dropped = firstKept > since ? firstKept - since - 1 : 0
    }
}

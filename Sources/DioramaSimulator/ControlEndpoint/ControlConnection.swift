import DioramaControlProtocol
import DioramaModel
import Foundation
import Glibc

/// One control client: reads request lines, has the simulator carry them out
/// (through its ``RemoteControl``), writes one response line each. Runs on
/// the connection's own thread until the client disconnects.
struct ControlConnection {
    let socket: ControlLineSocket
    let remote: RemoteControl
    /// How long the client may take to send its next request line
    /// (``SimulatorLimits/controlIdleTimeout``).
    let idleTimeout: Duration

    /// How long a request's answer waits at most for clients to read the
    /// events it sent them (see ``ClientBacklog``).
    static let backlogPatience: Duration = .seconds(2)

    /// How many lines already sent are taken together at most (answered in
    /// one write): a client that writes without ever reading its answers
    /// then blocks on its full socket instead of growing this side's memory.
    static let pipelinedLineLimit = 256

    /// Set while this connection's requests may have left events queued
    /// (``ControlEventHold``) that it has not sent yet; touched only on the
    /// connection's thread. A connection that held nothing does not take
    /// the loop lock to send before each sleep.
    private let holdsEvents = HeldEventsMark()

    func serve() {
        // Events held for a next request that never came go out now.
        defer { sendHeldEvents() }
        while let line = nextLine() {
            // Lines the client sent without waiting for answers (pipelined)
            // are here already: taken together, they share trips to the
            // simulator's thread and one write of their answers.
            var lines = [line]
            while lines.count < Self.pipelinedLineLimit, let next = try? socket.lineWithoutWaiting() { lines.append(next) }
            guard answer(lines) else { return }
        }
    }

    /// Answers `lines` in order, each with its own line (a `trace` with its
    /// records). Consecutive single requests that complete at once are
    /// carried out together, as a batch line's are, and their answers go
    /// out in one write; a batch line, a trace, a wait or a screenshot is
    /// answered on its own, after the answers of the lines before it are
    /// written. Returns false once the connection is finished.
    private func answer(_ lines: [String]) -> Bool {
        var run: [Result<ControlRequest, ControlFailure>] = []
        func writeRun() -> Bool {
            guard !run.isEmpty else { return true }
            defer { run.removeAll() }
            return (try? socket.writeLines(answers(run).map(Self.encode))) != nil
        }
        for line in lines {
            guard let first = line.first(where: { !$0.isWhitespace }) else { continue }
            if first == "[" {
                guard writeRun(), (try? socket.writeLine(answerBatch(line))) != nil else { return false }
                continue
            }
            let request = Result { () throws(ControlFailure) in try Self.decode(line) }
            guard case .success(let single) = request, !single.completesAtOnce else {
                run.append(request)
                continue
            }
            guard writeRun() else { return false }
            if case .trace(let since, let follow) = single {
                guard sendTrace(since: since, follow: follow) else { return false }
            } else {
                guard (try? socket.writeLine(Self.encode(answers([request])[0]))) != nil else { return false }
            }
        }
        return writeRun()
    }

    /// A batch line: a JSON array of requests, answered by one line holding
    /// the array of their answers, in order. An element that is not a request
    /// is answered `bad_request` in its place; `trace` cannot be batched (its
    /// answer is several lines).
    private func answerBatch(_ line: String) -> String {
        let elements: [BatchElement]
        do {
            elements =
                try ControlRequestScanner.batch(line)?.map(BatchElement.init)
                ?? JSONDecoder().decode([BatchElement].self, from: Data(line.utf8))
        } catch {
            return Self.encode(
                ControlResponse(
                    ControlFailure.badRequest(
                        "the batch is not a JSON array of control requests (\(ControlFailure.decodingProblem(error))); see Docs/control-protocol.md")))
        }
        let requests = elements.map { element in
            element.request.flatMap { request -> Result<ControlRequest, ControlFailure> in
                if case .trace = request { return .failure(.badRequest("\"trace\" cannot be part of a batch; send it on its own line")) }
                return .success(request)
            }
        }
        return Self.encode(answers(requests))
    }

    /// The answers to `requests`, in order. Requests that complete at once
    /// go to the simulator's thread together, in as few trips as its slices
    /// allow (``ControlRequestHandler/sliceRequests``); screenshots and waits are
    /// carried out one by one.
    private func answers(_ requests: [Result<ControlRequest, ControlFailure>]) -> [ControlResponse] {
        var responses: [ControlResponse] = []
        var index = 0
        while index < requests.count {
            var quick: [ControlRequest] = []
            while index < requests.count, case .success(let request) = requests[index], request.completesAtOnce {
                quick.append(request)
                index += 1
            }
            if !quick.isEmpty {
                responses += carryOut(quick)
                continue
            }
            do {
                switch try requests[index].get() {
                case .screenshot(let display, let path, let scale):
                    responses.append(try screenshot(display: display, path: path, scale: scale))
                case .wait(let condition, let timeout):
                    responses.append(try wait(for: condition, timeoutMilliseconds: timeout))
                case let request:
                    preconditionFailure("\(request) completes at once; it is carried out with the others")
                }
            } catch {
                responses.append(ControlResponse(error))
            }
            index += 1
        }
        return responses
    }

    /// Carries out requests that complete at once on the simulator's thread.
    /// After each one the simulator sends the events and looks whether a
    /// client is behind on reading them; if so, the rest wait (here, on the
    /// connection's thread: the simulator keeps serving every client) until
    /// it caught up or ``backlogPatience`` passed.
    private func carryOut(_ requests: [ControlRequest]) -> [ControlResponse] {
        var responses: [ControlResponse] = []
        while responses.count < requests.count {
            let remaining = Array(requests[responses.count...])
            let progress: ControlProgress
            do {
                // Its events may wait for this connection's next request
                // (ControlEventHold); `nextLine` sends them before it sleeps.
                holdsEvents.isSet = true
                progress = try perform { simulator in
                    simulator.controlEventHold.holdThisTurn()
                    return simulator.controlRequests.handle(remaining)
                }
            } catch {
                // The simulator stopped: nothing more will be carried out.
                return responses + remaining.map { _ in ControlResponse(error) }
            }
            responses += progress.responses
            if !progress.backlog.isEmpty, let warning = waitUntilRead(progress.backlog) {
                responses[responses.count - 1].warning = warning
            }
        }
        return responses
    }

    /// Waits until the clients in `backlog` have read enough of their events,
    /// or ``backlogPatience`` passed. Returns a warning for the answer when
    /// they did not catch up in time (the request was carried out all the
    /// same; later requests stop waiting for those clients until they do).
    /// The simulator looks again when a backlogged client's socket drains
    /// (``Simulator/caughtUp(_:)``), not on a timer.
    private func waitUntilRead(_ backlog: [ClientBacklog]) -> String? {
        let clients = Set(backlog.map(\.client))
        let caughtUp: Bool?
        do {
            caughtUp = try remote.wait(for: { $0.caughtUp(clients) }, timeout: Self.backlogPatience)
        } catch {
            return nil  // the simulator stopped
        }
        guard caughtUp == nil else { return nil }
        guard
            let behind = try? remote.perform({ simulator in
                let behind = simulator.flushAndFindBackloggedClients(only: clients)
                simulator.clientBacklog.stopWaiting(for: behind)
                return behind
            }), !behind.isEmpty
        else { return nil }
        return "carried out, but " + behind.map(\.description).joined(separator: "; ")
            + " after \(Self.backlogPatience); later requests no longer wait for it until it reads them"
            + " (libwayland disconnects a client whose buffer overflows)"
    }

    /// The next request line; nil when the client is gone, sent no complete
    /// line within ``idleTimeout`` (the connection is closed without an
    /// answer, freeing its place under the connection limit), or sent a line
    /// over the limit (answered `bad_request` naming the limit: with no
    /// newline in sight the rest of the stream cannot be framed, so the
    /// connection ends).
    private func nextLine() -> String? {
        do {
            return try socket.readLine(within: idleTimeout, beforeSleeping: sendHeldEvents)
        } catch {
            if let limit = error.exceededLineLimit {
                let failure = ControlFailure.badRequest(
                    "the request line is longer than \(limit) bytes (SimulatorLimits.maximumControlLineBytes); send one JSON object per line")
                _ = try? socket.writeLine(Self.encode(ControlResponse(failure)))
            }
            return nil
        }
    }

    /// Sends the events this connection's requests left queued
    /// (``ControlEventHold``): it found no next request to carry them with.
    private func sendHeldEvents() {
        guard holdsEvents.isSet else { return }
        holdsEvents.isSet = false
        _ = try? remote.perform { $0.sendHeldControlEvents() }
    }

    /// The request a line spells.
    static func decode(_ line: String) throws(ControlFailure) -> ControlRequest {
        try ControlRequest(line: line)
    }

    /// A batch's answers as one line.
    static func encode(_ responses: [ControlResponse]) -> String {
        "[" + responses.map(encode).joined(separator: ",") + "]"
    }

    /// One response as one line. The plain `{"ok":true}` most requests get is
    /// written without the encoder (which cost a seventh of a batched move).
    static func encode(_ response: ControlResponse) -> String {
        response == ControlResponse() ? #"{"ok":true}"# : encodeWithEncoder(response)
    }

    private static func encodeWithEncoder(_ response: ControlResponse) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(
            decoding: (try? encoder.encode(response)) ?? Data(#"{"ok":false,"kind":"failed","error":"the response could not be encoded"}"#.utf8), as: UTF8.self)
    }

    /// Runs `body` on the simulator's thread; its failure, or the simulator
    /// having stopped, becomes a ``ControlFailure``.
    private func perform<Result: Sendable>(_ body: @escaping @Sendable (Simulator) throws -> Result) throws(ControlFailure) -> Result {
        try asControlFailure { try remote.perform(body) }
    }

    /// What `body` returns; what it throws as a ``ControlFailure``.
    private func asControlFailure<Result>(_ body: () throws -> Result) throws(ControlFailure) -> Result {
        do {
            return try body()
        } catch let failure as ControlFailure {
            throw failure
        } catch {
            throw .failed("\(error)")
        }
    }

    /// Composites on the simulator's thread, encodes the PNG here (so the
    /// compositor is not held up by the encoder). While the screenshots in
    /// flight fill the simulator's screenshot budget, waits here for one to
    /// be written first.
    private func screenshot(display: String?, path: String, scale: Scale?) throws(ControlFailure) -> ControlResponse {
        while true {
            switch try perform({ simulator throws(ControlFailure) in try simulator.controlRequests.screenshot(display: display, scale: scale) }) {
            case .waitForRoom(let budget, let releasesSoFar):
                budget.waitForRelease(after: releasesSoFar)
            case .taken(let shot, let reservation):
                defer { reservation.release() }
                do {
                    try shot.writePNG(to: path)
                } catch {
                    throw .failed("\(error)")
                }
                var response = ControlResponse()
                response.screenshot = path
                return response
            }
        }
    }

    /// Answers once `condition` holds, or fails when the time is up. The
    /// simulator looks at it when something that can change it happens
    /// (``RemoteControl/wait(for:timeout:)``), never on a timer.
    private func wait(for condition: ControlWaitCondition, timeoutMilliseconds: Int) throws(ControlFailure) -> ControlResponse {
        var since: UInt64 = 0
        if case .traceRecord(_, _, let after) = condition { since = after }
        let cursor = TraceWaitCursor(since: since)
        let answer = try asControlFailure {
            try remote.wait(for: { try $0.controlRequests.waitAnswer(condition, cursor: cursor) }, timeout: .milliseconds(timeoutMilliseconds))
        }
        guard let answer else {
            let within = "within \(timeoutMilliseconds) ms"
            switch condition {
            case .settled(let selector):
                throw .failed("\(selector) did not settle \(within): it has not acknowledged and committed every configure sent to it")
            case .drawnForScale(let selector):
                throw .failed("\(selector) did not commit a buffer drawn for its display's scale \(within)")
            case .traceRecord(let type, let selector, let since):
                throw .failed("no \(type) record\(selector.map { " about \($0)" } ?? "") after seq \(since) \(within)")
            }
        }
        return answer
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
        return followTrace(after: batch.lastSequence)
    }

    /// Sends every record after `since` as it is traced, until the client
    /// hangs up (which ends the connection: returns false). Waits for the
    /// simulator's events, never on a timer: a record is news to the
    /// simulator's waiters, and so is the hang-up, which a watch on the
    /// simulator's event loop reports.
    private func followTrace(after since: UInt64) -> Bool {
        let hangUp = FollowerHangUp()
        let descriptor = socket.descriptor
        guard
            (try? perform { simulator in
                hangUp.watch = DescriptorWatch(duplicating: descriptor, events: 0, eventLoop: simulator.eventLoop) {
                    hangUp.happened = true
                    simulator.wakeWaiters()
                }
                return hangUp.watch != nil
            }) == true
        else { return false }
        defer { _ = try? perform { _ in hangUp.watch = nil } }
        var last = since
        while true {
            let after = last
            let news: FollowedTraceNews?
            do {
                news = try remote.wait(
                    for: { simulator -> FollowedTraceNews? in
                        if hangUp.happened { return .hangUp }
                        guard simulator.trace.lastSequence > after else { return nil }
                        return .records(TraceBatch(trace: simulator.trace, after: after))
                    }, timeout: Self.followWaitLimit)
            } catch {
                return false  // the simulator stopped
            }
            switch news {
            case nil:
                continue  // the wait's bound passed with no news
            case .hangUp:
                return false
            case .records(let batch):
                for line in batch.lines {
                    guard (try? socket.writeLine(line)) != nil else { return false }
                }
                last = batch.lastSequence
            }
        }
    }

    /// How long one wait of a followed trace lasts before it is made again;
    /// records and the hang-up end it sooner. Only a bound, not a poll.
    static let followWaitLimit: Duration = .seconds(3600)
}

/// Whether a control connection has events left queued to send
/// (``ControlConnection``'s `holdsEvents`).
private final class HeldEventsMark {
    var isSet = false
}

/// What ends one wait of a followed trace: new records, or the client's
/// hang-up (which ends the connection).
private enum FollowedTraceNews: Sendable {
    case records(TraceBatch)
    case hangUp
}

/// The hang-up of a connection following the trace, as its watch on the
/// simulator's event loop saw it. Touched only under the simulator's loop lock.
private final class FollowerHangUp: @unchecked Sendable {
    var watch: DescriptorWatch?
    var happened = false
}

/// One element of a batch line: a request, or why it is not one (answered
/// in its place, so one bad element does not spoil the others).
private struct BatchElement: Decodable {
    var request: Result<ControlRequest, ControlFailure>

    init(_ wire: ControlRequestWire) {
        request = Result { () throws(ControlFailure) in try wire.request() }
    }

    init(from decoder: any Decoder) {
        do {
            let wire = try ControlRequestWire(from: decoder)
            request = Result { () throws(ControlFailure) in try wire.request() }
        } catch {
            request = .failure(.notARequest(error))
        }
    }
}

extension ControlRequest {
    /// Whether the simulator carries it out in one step (everything but
    /// screenshots, which are encoded on the connection's thread, waits and
    /// traces).
    var completesAtOnce: Bool {
        switch self {
        case .screenshot, .wait, .trace: false
        default: true
        }
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

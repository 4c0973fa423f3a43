import DioramaControlProtocol

/// Where a `trace` wait has looked up to, so that each check reads only the
/// records added since the last one. Touched on the simulator's thread only.
final class TraceWaitCursor: @unchecked Sendable {
    var since: UInt64
    init(since: UInt64) { self.since = since }
}

extension ControlRequestHandler {
    /// A `wait` request's answer once its condition holds, nil while it does
    /// not. Runs on the simulator's thread, when the request arrives and
    /// after every event that could change the answer (``SimulatorWaiters``).
    ///
    /// - Throws: ``ControlFailure`` for an unknown window (the wait ends).
    func waitAnswer(_ condition: ControlWaitCondition, cursor: TraceWaitCursor) throws(ControlFailure) -> ControlResponse? {
        let trace = simulator.trace
        var response = ControlResponse()
        do {
            switch condition {
            case .settled(let selector):
                guard try simulator.isSettled(selector) else { return nil }
                response.settled = true
            case .drawnForScale(let selector):
                guard try simulator.window(selector).isDrawnForScaleInEffect else { return nil }
            case .traceRecord(let type, let selector, _):
                let windowID = try selector.map { selector throws(SimulatorControlError) in try simulator.window(selector).id }
                let found = trace.records(after: cursor.since).first { record in
                    TraceJSON.typeName(record.event) == type
                        && (windowID == nil || trace.owningWindow(of: record.event) == windowID)
                }
                cursor.since = trace.lastSequence
                guard let found else { return nil }
                response.lastSequence = found.sequence
            }
        } catch {
            throw failure(error)
        }
        return response
    }
}

import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing

/// A control job (a move from the control endpoint or the bench) runs after
/// the client requests that reached the simulator before it, so the trace
/// shows what a client could have known.
@Suite struct RemoteControlOrderTests {
    /// The move is queued first, then the client commits a 1x frame on DP-1;
    /// both are waiting when the simulator dispatches once. The commit was
    /// sent before the simulator told the client anything about DP-2, so it
    /// is applied first and is not a stale frame of the move.
    @Test func aCommitWaitingOnTheSocketIsAppliedBeforeAQueuedMove() throws {
        let harness = try Simulator.Harness(layout: TestLayouts.dual)
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, size: (400, 300))
        let simulator = harness.simulator
        let id = try simulator.window(.appID("org.diorama.test")).id
        let surface = try #require(
            simulator.trace.records.lazy.compactMap { record -> UInt32? in
                if case .windowCreated(id, _, let surface) = record.event { return surface }
                return nil
            }.first, "the window's main surface")
        let before = simulator.trace.lastSequence

        // One dispatch with nothing to read, so the client's socket is no
        // longer on the event loop's ready list from the roundtrip: the job's
        // wake-up is then reported before the commit, the order in which the
        // old simulator ran the move first.
        simulator.dispatch(timeout: .zero)
        simulator.remoteControl.enqueue { simulator in
            try? simulator.moveWindow(.id(id), toDisplay: "DP-2")
        }
        window.commitBuffer(width: 400, height: 300, scale: 1)
        client.connection.flush()
        simulator.dispatch(timeout: .zero)
        try harness.roundtrip(client.connection)

        let records = simulator.trace.records.filter { $0.sequence > before }
        let commit = try #require(
            records.first { record in
                if case .commit(let fact) = record.event { return fact.surface == surface && fact.bufferSize != nil }
                return false
            }, "the client's commit was traced")
        let entered = try #require(
            records.first { record in
                if case .enter(surface, _, "DP-2") = record.event { return true }
                return false
            }, "the move entered DP-2")
        #expect(commit.sequence < entered.sequence, "the commit sent first is applied first")
        let response = ScaleResponse.measure(
            simulator.trace.records, window: id, after: before, display: "DP-2",
            scale: Scale(integer: 2)!)
        #expect(response.toldNanoseconds != nil)
        #expect(response.staleCommits == 0, "a frame committed before the move is not stale")
    }
}

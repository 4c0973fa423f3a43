import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing

/// A window's first frame, the commit that maps it, is judged against the
/// scale in effect on the displays the window lands on (the trace's
/// `first_frame_stale`): a client told nothing, or told another display's
/// scale, before its window was anywhere shows a wrong first frame there
/// (issue 23, bug 4: a 2x first frame on a 1x TV passed `no stale frames`).
@Suite struct FirstFrameStaleTests {
    /// Maps a 400x300-point window whose first buffer is drawn at buffer
    /// scale `scale`, on `display` of the `studio` layout (DP-1 1x, DP-2 2x,
    /// HDMI-A-1 1.5x), and returns the trace records about it.
    private func mapWindow(on display: String, fractional: Bool, firstFrameScale scale: Int32) throws -> (Window, [TraceRecord]) {
        let harness = try Simulator.Harness.shipped("studio.json")
        try harness.simulator.setDefaultDisplay(display)
        let client = try WindowingClient(harness: harness)
        let window = client.makeWindow(fractional: fractional)
        window.preferredSize = (400, 300)
        window.bufferScale = scale
        try harness.roundtrip(client.connection)
        window.ackAndCommit()
        try harness.roundtrip(client.connection)
        let simulated = try harness.simulator.window(.appID("org.diorama.test"))
        #expect(simulated.isMapped)
        return (simulated, harness.simulator.trace.events(window: simulated.id))
    }

    private func firstFrameStale(in records: [TraceRecord]) -> [Int] {
        records.compactMap { record in
            if case .firstFrameStale(_, _, let scale120) = record.event { return scale120 }
            return nil
        }
    }

    @Test func aFirstFrameDrawnAt2ForA1xDisplayIsStale() throws {
        let (window, records) = try mapWindow(on: "DP-1", fractional: false, firstFrameScale: 2)
        let commit = try #require(window.lastCommit)
        #expect(commit.staleScale == false, "judged on arrival, the surface was on no display yet")
        #expect(firstFrameStale(in: records) == [120], "\(records.map(\.event))")
        let mapped = try #require(records.firstIndex { if case .windowMapped = $0.event { true } else { false } })
        let judged = try #require(records.firstIndex { if case .firstFrameStale = $0.event { true } else { false } })
        let entered = try #require(records.firstIndex { if case .enter(_, _, "DP-1") = $0.event { true } else { false } })
        #expect(mapped < entered && entered < judged, "judged after the window entered DP-1")
    }

    @Test func aFirstFrameDrawnForTheDisplayItLandsOnIsNotStale() throws {
        let (_, atOne) = try mapWindow(on: "DP-1", fractional: false, firstFrameScale: 1)
        #expect(firstFrameStale(in: atOne).isEmpty)
        let (_, atTwo) = try mapWindow(on: "DP-2", fractional: false, firstFrameScale: 2)
        #expect(firstFrameStale(in: atTwo).isEmpty)
        let (_, fractional) = try mapWindow(on: "DP-2", fractional: true, firstFrameScale: 2)
        #expect(firstFrameStale(in: fractional).isEmpty)
    }

    @Test func aFirstFrameAt1ForA2xDisplayIsStaleWithoutFractionalScale() throws {
        let (_, records) = try mapWindow(on: "DP-2", fractional: false, firstFrameScale: 1)
        #expect(firstFrameStale(in: records) == [240])
    }

    /// A fractional-scale client told 1 on DP-1 that draws 2 anyway: its
    /// commit is stale when it arrives, and that one count is enough.
    @Test func aFirstFrameAlreadyStaleOnArrivalIsNotCountedTwice() throws {
        let (window, records) = try mapWindow(on: "DP-1", fractional: true, firstFrameScale: 2)
        #expect(window.lastCommit?.staleScale == true)
        #expect(firstFrameStale(in: records).isEmpty)
    }
}

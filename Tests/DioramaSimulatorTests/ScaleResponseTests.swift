import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing

/// ScaleResponse reads a client's answer to a scale change from the trace.
@Suite struct ScaleResponseTests {
    /// A 400×300 window of the dual layout moved from DP-1 to DP-2 (2x),
    /// then drawing `frames`, 16 ms apart.
    private struct MovedToTwice {
        let harness: Simulator.Harness
        let client: WindowingClient
        /// Kept: the window lives as long as this.
        let window: ClientWindow
        let id: UInt32
        /// The trace's last record before the move.
        let before: UInt64
        var simulator: Simulator { harness.simulator }

        init(frames: [(width: Int, height: Int, scale: Int32)]) throws {
            harness = try Simulator.Harness(layout: TestLayouts.dual)
            client = try WindowingClient(harness: harness)
            window = try mapWindow(client, in: harness, size: (400, 300))
            id = try harness.simulator.window(.appID("org.diorama.test")).id
            before = harness.simulator.trace.lastSequence
            try harness.simulator.moveWindow(.id(id), toDisplay: "DP-2")
            try harness.roundtrip(client.connection)
            for frame in frames {
                harness.clock!.advance(by: .milliseconds(16))
                window.commitBuffer(width: frame.width, height: frame.height, scale: frame.scale)
                try harness.roundtrip(client.connection)
            }
        }
    }

    @Test func countsStaleFramesAndTimesTheFirstFrameAtTheNewScale() throws {
        // Two frames still at 1x, 16 ms apart, then one at 2x another 16 ms later.
        let moved = try MovedToTwice(frames: [(400, 300, 1), (400, 300, 1), (800, 600, 2)])
        let (harness, client, simulator, id, before) = (moved.harness, moved.client, moved.simulator, moved.id, moved.before)

        let response = ScaleResponse.measure(
            simulator.trace.records, window: id, after: before, display: "DP-2",
            scale: Scale(integer: 2)!)
        #expect(response.followed)
        #expect(response.staleCommits == 2)
        #expect(response.reactionNanoseconds == 48_000_000)
        #expect(response.usesFractionalScale)
        #expect(response.firstCommitAtScale?.bufferScale == 2)
        #expect(response.firstCommitAtScale.flatMap(ScaleResponse.drawnScale) == 2)

        // Back to 1x: told, but nothing drawn since.
        let second = simulator.trace.lastSequence
        try simulator.moveWindow(.id(id), toDisplay: "DP-1")
        try harness.roundtrip(client.connection)
        let none = ScaleResponse.measure(simulator.trace.records, window: id, after: second, display: "DP-1", scale: .one)
        #expect(none.toldNanoseconds != nil)
        #expect(!none.followed && none.reactionNanoseconds == nil && none.staleCommits == 0)
    }

    /// foot 1.13 and GTK 4.8 on a 1.5x display: no fractional-scale-v1, so
    /// they draw for the integer `wl_output.scale` 2. Not stale (the scale in
    /// effect for them), but not following 1.5 either (a finding).
    @Test func anIntegerClientOnAFractionalDisplayAnswersWithoutFollowing() throws {
        let harness = try Simulator.Harness.shipped("studio.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, size: (400, 300), fractional: false)
        let simulator = harness.simulator
        let id = try simulator.window(.appID("org.diorama.test")).id

        let before = simulator.trace.lastSequence
        try simulator.moveWindow(.id(id), toDisplay: "HDMI-A-1")
        try harness.roundtrip(client.connection)
        harness.clock!.advance(by: .milliseconds(16))
        window.commitBuffer(width: 800, height: 600, scale: 2)
        try harness.roundtrip(client.connection)

        let response = ScaleResponse.measure(
            simulator.trace.records, window: id, after: before, display: "HDMI-A-1",
            scale: Scale(1.5)!)
        #expect(response.staleCommits == 0)
        #expect(response.answer?.bufferScale == 2)
        #expect(response.reactionNanoseconds == 16_000_000)
        #expect(!response.followed)
        #expect(!response.usesFractionalScale)
    }

    /// The display under a window is rescaled: nothing is entered, and a
    /// client without fractional-scale-v1 under a wl_compositor v4 profile
    /// (no preferred_buffer_scale) learns it only from the output's new
    /// `wl_output.scale`. The display's change is when it was told.
    @Test func aRescaleOfTheDisplayUnderTheWindowTellsItsClient() throws {
        let harness = try Simulator.Harness(layout: TestLayouts.dual) { $0.profile = .weston10 }
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, size: (400, 300), fractional: false)
        let simulator = harness.simulator
        let id = try simulator.window(.appID("org.diorama.test")).id

        let before = simulator.trace.lastSequence
        try simulator.setScale(Scale(integer: 2)!, ofDisplay: "DP-1")
        try harness.roundtrip(client.connection)
        harness.clock!.advance(by: .milliseconds(16))
        window.commitBuffer(width: 400, height: 300, scale: 1)
        try harness.roundtrip(client.connection)
        harness.clock!.advance(by: .milliseconds(16))
        window.commitBuffer(width: 800, height: 600, scale: 2)
        try harness.roundtrip(client.connection)

        let response = ScaleResponse.measure(
            simulator.trace.records, window: id, after: before, display: "DP-1",
            scale: Scale(integer: 2)!)
        #expect(response.toldNanoseconds != nil)
        #expect(response.followed)
        #expect(response.staleCommits == 1)
        #expect(response.reactionNanoseconds == 32_000_000)
    }

    /// A wait looks again after every event, so it feeds the measurement
    /// only the records since its last look: read in any pieces, the
    /// records give what measuring them all at once gives, also when the
    /// surface's fractional-scale object and first commit come before its
    /// window's creation.
    @Test func readInPiecesTheRecordsMeasureAsAllAtOnce() throws {
        let moved = try MovedToTwice(frames: [(400, 300, 1), (800, 600, 2), (800, 600, 2)])
        let (id, before) = (moved.id, moved.before)
        let records = moved.simulator.trace.records
        let surface = try #require(
            records.lazy.compactMap { record -> UInt32? in
                if case .windowCreated(id, _, let surface) = record.event { surface } else { nil }
            }.first)
        // The surface's facts first, its window's creation later.
        let early = [
            TraceRecord(sequence: 1, nanoseconds: 0, event: .preferredScale(surface: surface, window: nil, scale120: 120)),
            TraceRecord(
                sequence: 2, nanoseconds: 0,
                event: records.first { if case .commit(let fact) = $0.event { fact.surface == surface && fact.bufferSize != nil } else { false } }!.event),
        ]
        let created = records.filter { if case .windowCreated(id, _, _) = $0.event { true } else { false } }
        let reordered = early + created.map { TraceRecord(sequence: 3, nanoseconds: 0, event: $0.event) }

        for trace in [records, reordered] {
            let whole = ScaleResponse.measure(trace, window: id, after: before, display: "DP-2", scale: Scale(integer: 2)!)
            for split in 0...trace.count {
                var measurement = ScaleResponse.Measurement(window: id, after: before, display: "DP-2", scale: Scale(integer: 2)!)
                measurement.read(trace[..<split])
                measurement.read(trace[split...])
                #expect(measurement.response == whole, "split at \(split) of \(trace.count)")
                #expect(measurement.readThrough == trace.last?.sequence ?? 0)
            }
        }
        let whole = ScaleResponse.measure(reordered, window: id, after: before, display: "DP-2", scale: Scale(integer: 2)!)
        #expect(whole.usesFractionalScale && whole.latestCommit != nil, "the facts before the creation count")
    }

    @Test func aBufferDrawnForAFractionalScaleWithAViewportCounts() {
        let commit = CommitFact(
            surface: 1, window: 1, bufferSize: Size(width: 601, height: 450), bufferScale: 1,
            bufferTransform: .normal, viewportSource: nil, viewportDestination: Size(width: 400, height: 300),
            surfaceSize: Size(width: 400, height: 300), damageRects: 1, nullAttach: false,
            preferredScale120: 180, staleScale: false)
        #expect(ScaleResponse.isDrawn(commit, for: Scale(1.5)!), "one pixel of rounding is allowed")
        #expect(!ScaleResponse.isDrawn(commit, for: Scale(integer: 2)!))
        #expect(ScaleResponse.drawnScale(of: commit) == 1.5)
    }
}

import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing

/// The trace: JSON lines that read back to the same records, live queries by
/// window and client, and a bounded ring.
@Suite struct TraceTests {
    /// Drives a simulator through most kinds of event.
    private func busyHarness(traceCapacity: Int = 100_000) throws -> Simulator.Harness {
        let harness = try Simulator.Harness.shipped("dual.json") { $0.limits.traceCapacity = traceCapacity }
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, appID: "org.diorama.trace \"quoted\"")
        window.toplevel.setTitle(title: "Tab\tand newline\n and ünïcode")
        window.toplevel.setMinSize(width: 100, height: 100)
        window.viewport?.setDestination(width: 10, height: 10)
        window.surface.frame().onEvent = { _ in }
        window.commitBuffer(width: 400, height: 300)
        try harness.roundtrip(client.connection)
        harness.simulator.deliverFrame()
        try harness.simulator.moveWindow(.id(1), to: Point(x: 1800, y: 0))
        try harness.simulator.moveWindow(.id(1), to: Point(x: 2500, y: 0))
        try harness.simulator.setScale(Scale(1.75)!, ofDisplay: "DP-2")
        try harness.simulator.plugDisplay(TestLayouts.display("HDMI-A-1", x: 5000))
        try harness.simulator.unplugDisplay("HDMI-A-1")
        try harness.simulator.closeWindow(.id(1))
        try harness.roundtrip(client.connection)
        let offender = try WindowingClient(harness: harness)
        offender.compositor.createSurface().setBufferScale(scale: -2)
        _ = try harness.roundtripExpectingError(offender.connection)
        return harness
    }

    @Test func jsonLinesReadBackToTheSameRecords() throws {
        let harness = try busyHarness()
        let records = harness.simulator.trace.records
        let text = harness.simulator.trace.jsonLines()
        #expect(text.split(separator: "\n").count == records.count)
        let decoded = try TraceJSON.decode(text)
        #expect(decoded == records)

        let types = Set(records.map { TraceJSON.typeName($0.event) })
        for expected in ["client_connected", "client_disconnected", "protocol_error", "display_added", "display_changed",
                         "display_removed", "window_created", "window_mapped", "window_moved", "title", "app_id",
                         "size_hints", "focus", "close_sent", "configure_sent", "configure_acked", "commit", "enter",
                         "leave", "preferred_scale", "frame_done"] {
            #expect(types.contains(expected), "no \(expected) event in the trace")
        }
        // Sequence numbers rise by one; timestamps never go back.
        #expect(zip(records, records.dropFirst()).allSatisfy { $1.sequence == $0.sequence + 1 && $1.nanoseconds >= $0.nanoseconds })
    }

    @Test func theSchemaIsStable() throws {
        let record = TraceRecord(sequence: 7, nanoseconds: 1_500_000_000, event: .configureSent(ConfigureFact(
            window: 2, serial: 41, size: Size(width: 800, height: 600), states: [.activated, .maximized],
            bounds: Size(width: 1920, height: 1048))))
        #expect(TraceJSON.encode(record) == #"{"seq":7,"t_ns":1500000000,"type":"configure_sent","window":2,"serial":41,"width":800,"height":600,"states":["maximized","activated"],"bounds_width":1920,"bounds_height":1048}"#)
        let commit = TraceRecord(sequence: 8, nanoseconds: 2, event: .commit(CommitFact(
            surface: 3, window: nil, bufferSize: nil, bufferScale: 1, bufferTransform: .normal, viewportSource: nil,
            viewportDestination: nil, surfaceSize: .zero, damageRects: 0, nullAttach: true, preferredScale120: nil,
            staleScale: false)))
        let hidden = TraceRecord(sequence: 9, nanoseconds: 3, event: .cursorSet(client: 1, window: 2, surface: nil, hotspotX: 0, hotspotY: 0))
        #expect(TraceJSON.encode(hidden) == #"{"seq":9,"t_ns":3,"type":"cursor_set","client":1,"window":2,"surface":null,"hotspot_x":0,"hotspot_y":0}"#)
        #expect(try TraceJSON.decode(TraceJSON.encode(hidden)) == [hidden])
        #expect(TraceJSON.encode(commit) == #"{"seq":8,"t_ns":2,"type":"commit","surface":3,"window":null,"buffer_width":null,"buffer_height":null,"buffer_scale":1,"buffer_transform":"normal","viewport_source":null,"viewport_destination":null,"surface_width":0,"surface_height":0,"damage_rects":0,"null_attach":true,"preferred_scale120":null,"stale_scale":false}"#)
    }

    @Test func queriesFilterByWindowClientAndSequence() throws {
        let harness = try busyHarness()
        let trace = harness.simulator.trace
        let windowEvents = trace.events(window: 1)
        #expect(!windowEvents.isEmpty)
        #expect(windowEvents.allSatisfy { $0.event.window == 1 || $0.event.surface != nil })
        let offenderEvents = trace.events(client: 2)
        #expect(offenderEvents.map { TraceJSON.typeName($0.event) }.contains("protocol_error"))
        #expect(!offenderEvents.contains { TraceJSON.typeName($0.event) == "window_mapped" })
        let tail = trace.events(since: trace.lastSequence - 3)
        #expect(tail.count == 3)
    }

    @Test func aFullRingDropsTheOldestAndSaysSo() throws {
        let harness = try busyHarness(traceCapacity: 16)
        let trace = harness.simulator.trace
        #expect(trace.records.count == 16)
        #expect(trace.droppedCount == trace.lastSequence - 16)
        #expect(trace.records.first?.sequence == trace.lastSequence - 15)
        let lines = trace.jsonLines().split(separator: "\n")
        #expect(lines.first?.hasPrefix(#"{"type":"trace_truncated","dropped":"#) == true)
        #expect(lines.count == 17)
        #expect(try TraceJSON.decode(trace.jsonLines()) == trace.records)
    }

    @Test func malformedLinesAreReportedByLine() {
        #expect(throws: TraceJSON.DecodingError.self) {
            try TraceJSON.decode("{\"seq\":1,\"t_ns\":1,\"type\":\"focus\",\"window\":null}\n{\"seq\":2,")
        }
        do {
            _ = try TraceJSON.decode("\n{\"seq\":1,\"t_ns\":1,\"type\":\"teleport\"}")
        } catch {
            #expect(error.line == 2)
            #expect(error.problem.contains("teleport"))
        }
    }
}

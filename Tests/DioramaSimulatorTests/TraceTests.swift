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
        for expected in [
            "client_connected", "client_disconnected", "protocol_error", "display_added", "display_changed",
            "display_removed", "window_created", "window_mapped", "window_moved", "title", "app_id",
            "size_hints", "focus", "close_sent", "configure_sent", "configure_acked", "commit", "enter",
            "leave", "preferred_scale", "frame_done",
        ] {
            #expect(types.contains(expected), "no \(expected) event in the trace")
        }
        // Sequence numbers rise by one; timestamps never go back.
        #expect(zip(records, records.dropFirst()).allSatisfy { $1.sequence == $0.sequence + 1 && $1.nanoseconds >= $0.nanoseconds })
    }

    @Test func theSchemaIsStable() throws {
        let record = TraceRecord(
            sequence: 7, nanoseconds: 1_500_000_000,
            event: .configureSent(
                ConfigureFact(
                    window: 2, serial: 41, size: Size(width: 800, height: 600), states: [.activated, .maximized],
                    bounds: Size(width: 1920, height: 1048))))
        #expect(
            TraceJSON.encode(record)
                == #"{"v":2,"seq":7,"t_ns":1500000000,"type":"configure_sent","window":2,"serial":41,"width":800,"height":600,"states":["maximized","activated"],"bounds_width":1920,"bounds_height":1048}"#
        )
        let commit = TraceRecord(
            sequence: 8, nanoseconds: 2,
            event: .commit(
                CommitFact(
                    surface: 3, window: nil, bufferSize: nil, bufferScale: 1, bufferTransform: .normal, viewportSource: nil,
                    viewportDestination: nil, surfaceSize: .zero, damageRects: 0, nullAttach: true, preferredScale120: nil,
                    staleScale: false)))
        let hidden = TraceRecord(sequence: 9, nanoseconds: 3, event: .cursorSet(client: 1, window: 2, surface: nil, hotspotX: 0, hotspotY: 0))
        #expect(TraceJSON.encode(hidden) == #"{"v":2,"seq":9,"t_ns":3,"type":"cursor_set","client":1,"window":2,"surface":null,"hotspot_x":0,"hotspot_y":0}"#)
        #expect(try TraceJSON.decode(TraceJSON.encode(hidden)) == [hidden])
        let dismissed = TraceRecord(sequence: 10, nanoseconds: 4, event: .popupDone(surface: 5, window: 2, reason: .grabBroken))
        #expect(TraceJSON.encode(dismissed) == #"{"v":2,"seq":10,"t_ns":4,"type":"popup_done","surface":5,"window":2,"reason":"grab_broken"}"#)
        #expect(try TraceJSON.decode(TraceJSON.encode(dismissed)) == [dismissed])
        #expect(throws: (any Error).self) {
            try TraceJSON.decode(#"{"v":2,"seq":1,"t_ns":1,"type":"popup_done","surface":5,"window":2,"reason":"bored"}"#)
        }
        #expect(
            TraceJSON.encode(commit)
                == #"{"v":2,"seq":8,"t_ns":2,"type":"commit","surface":3,"window":null,"buffer_width":null,"buffer_height":null,"buffer_scale":1,"buffer_transform":"normal","viewport_source":null,"viewport_destination":null,"surface_width":0,"surface_height":0,"damage_rects":0,"null_attach":true,"preferred_scale120":null,"stale_scale":false}"#
        )
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
        #expect(lines.first?.hasPrefix(#"{"v":2,"type":"trace_truncated","dropped":"#) == true)
        #expect(lines.count == 17)
        #expect(try TraceJSON.decode(trace.jsonLines()) == trace.records)
    }

    @Test func malformedLinesAreReportedByFileAndLine() {
        let broken = #expect(throws: TraceFormatError.self) {
            try TraceJSON.decode("{\"v\":2,\"seq\":1,\"t_ns\":1,\"type\":\"focus\",\"window\":null}\n{\"seq\":2,", file: "sim.jsonl")
        }
        #expect(broken?.file == "sim.jsonl" && broken?.line == 2)
        let unknown = #expect(throws: TraceFormatError.self) {
            try TraceJSON.decode("\n{\"v\":2,\"seq\":1,\"t_ns\":1,\"type\":\"teleport\"}")
        }
        #expect(unknown?.line == 2)
        #expect(unknown?.problem.contains("teleport") == true)
        let missing = #expect(throws: TraceFormatError.self) {
            try TraceJSON.decode(#"{"v":2,"seq":1,"t_ns":1,"type":"title","window":1}"#)
        }
        #expect(missing?.problem == "a 'title' line not as documented: missing field `title`")
    }

    @Test func linesOfAnotherMajorVersionAreRefusedByFileAndLine() throws {
        let current = #"{"v":2,"seq":1,"t_ns":1,"type":"focus","window":null}"#
        let newer = #expect(throws: TraceFormatError.self) {
            try TraceJSON.decode(current + "\n" + #"{"v":3,"seq":2,"t_ns":1,"type":"focus","window":{"id":1}}"#, file: "sim.jsonl")
        }
        #expect(
            newer?.description.hasPrefix("sim.jsonl:2: trace written by a newer Diorama (format v3); this Diorama reads format v2") == true,
            "\(String(describing: newer))")
        let unversioned = #expect(throws: TraceFormatError.self) {
            try TraceJSON.decode(#"{"seq":1,"t_ns":1,"type":"focus","window":null}"#, file: "old.jsonl")
        }
        #expect(unversioned?.description.hasPrefix("old.jsonl:1: no `v` (format version) field") == true)
        // Fields added later within version 2 are skipped.
        #expect(try TraceJSON.decode(#"{"v":2,"seq":1,"t_ns":1,"type":"focus","window":4,"added_later":"x"}"#).first?.event == .focus(window: 4))
    }

    /// One record of every event type through the writer and back: the one
    /// `Codable` schema reads what it writes, nulls and nested objects included.
    @Test func everyEventTypeRoundTrips() throws {
        let display = DisplayFact(
            display: "DP-1", logicalRect: Rect(x: -10, y: 20, width: 1280, height: 800), scale120: 180,
            outputScale: 2, transform: .rotated90)
        let events: [TraceEvent] = [
            .clientConnected(client: 1, pid: 4242),
            .clientDisconnected(client: 1, pid: -1),
            .protocolError(
                ProtocolErrorFact(
                    client: 1, interface: "xdg_surface", objectID: 9, code: 3, error: "invalid_serial",
                    message: "serial 7 was never sent")),
            .limitExceeded(client: 2, limit: "maximumPoolBytes", message: "pool of 2 GiB"),
            .displayAdded(display),
            .displayChanged(display, change: "scale"),
            .displayRemoved(display: "DP-1"),
            .windowCreated(window: 1, client: 1, surface: 3),
            .windowMapped(window: 1, frame: Rect(x: 0, y: 0, width: 640, height: 480)),
            .windowUnmapped(window: 1),
            .windowMoved(window: 1, frame: Rect(x: 5, y: -6, width: 7, height: 8)),
            .windowDestroyed(window: 1),
            .title(window: 1, title: "Tab\tquote\" back\\slash ünïcode \u{1}"),
            .appID(window: 1, appID: "org.example"),
            .sizeHints(window: 1, minimum: Size(width: 100, height: 50), maximum: .zero),
            .focus(window: nil),
            .closeSent(window: 1),
            .configureSent(ConfigureFact(window: 1, serial: 41, size: .zero, states: [.activated, .tiledLeft], bounds: nil)),
            .configureAcked(window: 1, serial: 41),
            .commit(
                CommitFact(
                    surface: 3, window: 1, bufferSize: Size(width: 960, height: 720), bufferScale: 1,
                    bufferTransform: .flipped270, viewportSource: ViewportSource(x: 0.5, y: 0, width: 639.25, height: 480),
                    viewportDestination: Size(width: 640, height: 480), surfaceSize: Size(width: 640, height: 480),
                    damageRects: 2, nullAttach: false, preferredScale120: 180, staleScale: true)),
            .firstFrameStale(window: 1, surface: 3, scale120: 120),
            .enter(surface: 3, window: 1, display: "DP-1"),
            .leave(surface: 3, window: nil, display: "DP-1"),
            .preferredScale(surface: 3, window: 1, scale120: 150),
            .preferredBufferScale(surface: 3, window: 1, scale: 2),
            .frameDone(surface: 3, window: 1, timeMilliseconds: 16),
            .presented(surface: 3, window: 1, display: nil, nanoseconds: 1_016_666_666),
            .presentationDiscarded(surface: 3, window: nil),
            .keyboardInput(window: 1, keys: "hi<Return>"),
            .pointerInput(window: 1, action: "press left", x: 10, y: -2),
            .touchInput(window: 1, action: "down", id: 0, x: 1, y: 2),
            .interactiveGrab(window: 1, kind: "resize", ended: true),
            .interactiveGrabIgnored(window: 1, serial: 12),
        ]
        #expect(Set(events.map(TraceJSON.typeName)).count == 33, "one record of each of the 33 event types")
        let records = events.enumerated().map { TraceRecord(sequence: UInt64($0.offset + 1), nanoseconds: UInt64($0.offset) * 7, event: $0.element) }
        let text = String(decoding: records.flatMap(TraceJSON.line), as: UTF8.self)
        #expect(try TraceJSON.decode(text) == records)
    }
}

import DioramaModel
import DioramaSimulator
import Foundation
import Testing

@testable import Diorama

/// The trace's `idle` record vouches for the events the app had read when it
/// last found its socket empty, not for everything sent until the line was
/// written. Settling on the simulator trusts an `idle` later than the last
/// events sent: an app kept off the CPU between that look and the record (a
/// loaded CI runner) made a move sent meanwhile look handled, and the scene
/// was judged still on its old screen.
@MainActor @Suite(.serialized) struct IdleRecordTimingTests {
    // No time limit: a main-actor test's duration includes its wait for the
    // main actor; every wait inside is bounded (InProcessWaylandApp.pump).
    @Test("a move sent while the app writes its idle is not vouched for by that idle; the next idle comes after the new screen")
    func idleVouchesOnlyForWhatWasRead() throws {
        let app = try InProcessWaylandApp(
            layout: DisplayLayout(displays: [
                DisplayConfiguration(name: "DP-1", mode: DisplayMode(width: 1280, height: 800), scale: .one, position: .zero),
                DisplayConfiguration(
                    name: "DP-2", mode: DisplayMode(width: 1280, height: 800), scale: .one, position: Point(x: 1280, y: 0)),
            ]))
        defer { app.stop() }
        let (simulator, trace) = (app.simulator, app.trace)
        try app.application.launch()
        let scene = try #require(app.application.connectedScenes.first)
        try app.pump(until: "the scene on DP-1") { scene.screen?.name == "DP-1" }

        // Right before the next `idle` is written — the app has read its
        // socket dry and handled the batch — the compositor moves the window
        // to DP-2 and sends the leave and enter.
        var flushedAt: UInt64?
        app.backend.willRecordIdle = { [weak backend = app.backend] in
            backend?.willRecordIdle = nil
            let sent = try? simulator.perform { simulator -> UInt64? in
                try simulator.moveWindow(.id(1), toDisplay: "DP-2")
                simulator.flushClients()
                return simulator.eventsFlushedNanoseconds(toClientOfWindow: 1)
            }
            flushedAt = sent ?? nil
        }
        let mark = trace.recordedRecords().count
        // Any event starts a batch: a ping, which the client answers.
        _ = try simulator.perform { simulator in
            let serial = simulator.ping(window: 1)
            simulator.flushClients()
            return serial
        }
        try app.pump(until: "the idle written as the move is sent") { flushedAt != nil }
        let moveSent = try #require(flushedAt)

        let firstBatch = Array(trace.recordedRecords().dropFirst(mark))
        let firstIdle = try #require(firstBatch.last as? IdleRecord, "the hook ran just before an idle: \(firstBatch)")
        let vouched = try #require(firstIdle.socketEmpty, "the runtime says when it found its socket empty")
        #expect(vouched < moveSent, "that idle vouches for events sent before \(vouched) ns, the move was sent at \(moveSent) ns")
        #expect(!firstBatch.contains { ($0 as? ScreenRecord)?.screen == "DP-2" }, "the move was not read in that batch")

        // The move is read in a later batch, and its idle comes after the new screen.
        try app.pump(until: "an idle vouching for the move") {
            trace.recordedRecords().dropFirst(mark).contains { ($0 as? IdleRecord)?.socketEmpty ?? 0 > moveSent }
        }
        let records = Array(trace.recordedRecords().dropFirst(mark))
        let coveringIdle = try #require(records.firstIndex { ($0 as? IdleRecord)?.socketEmpty ?? 0 > moveSent })
        #expect(
            records[..<coveringIdle].contains { ($0 as? ScreenRecord)?.screen == "DP-2" },
            "the screen record of DP-2 precedes the first idle that vouches for the move: \(records)")
        #expect(scene.screen?.name == "DP-2")
    }
}

import DioramaModel
import DioramaSimulator
import Foundation
import Testing

@testable import Diorama

/// The real Wayland backend in this process, against the simulator on its
/// own thread over a real socket: one frame at a time across scenes.
@MainActor @Suite(.serialized) struct SceneFrameOrderTests {
    /// Marks each frame's start in the trace: `draw` retitles its scene,
    /// and a retitle is traced (`title` records) in the order it happens.
    final class FrameMarkingContent: RootContent {
        let label: String
        private var frames = 0
        /// Runs inside the next `draw`, then is cleared.
        var duringNextDraw: (() throws -> Void)?
        /// What `duringNextDraw` threw.
        var failure: (any Error)?

        init(label: String) { self.label = label }

        func draw(_ drawable: Drawable, in scene: WindowScene) {
            frames += 1
            scene.title = "\(label) frame \(frames)"
            guard let hook = duringNextDraw else { return }
            duringNextDraw = nil
            do { try hook() } catch { failure = error }
        }
    }

    /// Two scenes of the in-process app on one display, each marking its
    /// frames in the trace. Each connects and draws its first frame before
    /// the launch returns (the runtime waits for the first configure):
    /// window 1, then window 2. Returns the app (stop it), the scenes and the
    /// first scene's content.
    static func twoMarkedScenes() throws -> (app: InProcessWaylandApp, scenes: [WindowScene], first: FrameMarkingContent) {
        let layout = DisplayLayout(displays: [
            DisplayConfiguration(name: "DP-1", mode: DisplayMode(width: 1920, height: 1080))
        ])
        let app = try InProcessWaylandApp(layout: layout)
        do {
            try app.application.launch()
            try app.application.requestSceneSessionActivation()
            let scenes = app.application.connectedScenes
            try #require(scenes.count == 2)
            let first = FrameMarkingContent(label: "first")
            scenes[0].rootContent = first
            scenes[1].rootContent = FrameMarkingContent(label: "second")
            return (app, scenes, first)
        } catch {
            app.stop()
            throw error
        }
    }

    /// What the first scene does inside its next frame: the compositor
    /// configures window 2 (a new size) and sends it at once.
    static func configureTheSecondWindow(on simulator: BackgroundSimulator) -> () throws -> Void {
        {
            try simulator.perform { simulator in
                try simulator.resizeWindow(.id(2), to: Size(width: 640, height: 420))
                simulator.flushClients()
            }
        }
    }

    // No time limit: a main-actor test's duration includes its wait for the
    // main actor, which other suites of the run may hold for many seconds.
    // Every wait inside is bounded (the first configure: 5 s).
    @Test("a scene whose events arrive while another scene draws draws after that frame is committed, not inside it")
    func framesOfTwoScenesDoNotNest() throws {
        let (app, scenes, first) = try Self.twoMarkedScenes()
        defer { app.stop() }
        let (simulator, backend, trace) = (app.simulator, app.backend, app.trace)

        // While the first scene draws, the compositor configures the second
        // one; its events are on the socket before the first frame's commit,
        // where the runtime reads them to catch a display change in time.
        first.duringNextDraw = Self.configureTheSecondWindow(on: simulator)
        try simulator.perform { simulator in
            try simulator.resizeWindow(.id(1), to: Size(width: 700, height: 500))
            simulator.flushClients()
        }
        let mark = trace.recordedRecords().count
        // The batch holding the first window's configure: its end draws the
        // first scene; the second scene draws once that frame is done.
        backend.dispatchEventsAlreadyReceived()
        if let failure = first.failure { throw failure }

        let names = [scenes[0].traceName: "first", scenes[1].traceName: "second"]
        let frames = trace.recordedRecords().dropFirst(mark).compactMap { record -> String? in
            if let title = record as? TitleRecord, let name = names[title.scene] { return "\(name) draws" }
            if let commit = record as? CommitRecord, let name = names[commit.scene] { return "\(name) commits" }
            return nil
        }
        // Each frame's start is followed by its own commit before any other
        // frame starts. (The second scene may also draw first, for the frame
        // callback and content change in the same batch: not inside a frame.)
        let nested = stride(from: 0, to: frames.count, by: 2).filter { index in
            index + 1 >= frames.count || !frames[index].hasSuffix(" draws")
                || frames[index + 1] != frames[index].replacingOccurrences(of: " draws", with: " commits")
        }
        #expect(nested.isEmpty, "a frame began inside another one's: \(frames)")
        // The first scene's frame of that batch is its first after the mark.
        // The second scene answers its configure after that frame's commit —
        // next, or after another frame of the first scene's when that one's
        // frame callback was read in the same batch (under load).
        let firstFrame = try #require(frames.firstIndex(of: "first commits"), "the first scene drew: \(frames)")
        #expect(
            frames[(firstFrame + 1)...].contains("second draws"),
            "the second scene answers its configure once the first one's frame is committed: \(frames)")
        let secondWindow = try simulator.perform { simulator in try simulator.window(.id(2)).title }
        #expect(secondWindow.hasPrefix("second frame "), "window 2 is the second scene's")
    }

    @Test("events read during a frame drawn outside any batch (a timer's redraw) are followed by an idle record once their frames are done")
    func eventsReadDuringATimersFrameEndWithIdle() async throws {
        let (app, scenes, first) = try Self.twoMarkedScenes()
        defer { app.stop() }
        let (simulator, trace) = (app.simulator, app.trace)

        // The first scene redraws for app code (as for a key repeat's timer),
        // not at a batch's end; while it draws, the compositor configures
        // the second scene, whose events the frame reads before its commit.
        first.duringNextDraw = Self.configureTheSecondWindow(on: simulator)
        // The first frames' callbacks come back, so the pacer is idle and a
        // redraw request draws at once.
        try simulator.perform { simulator in
            simulator.deliverFrame()
            simulator.flushClients()
        }
        try app.backend.connection.roundtrip()
        let mark = trace.recordedRecords().count
        scenes[0].setNeedsDisplay()
        // The redraw is queued on the main queue; this turn comes after it.
        await withCheckedContinuation { done in DispatchQueue.main.async { done.resume() } }
        if let failure = first.failure { throw failure }

        let records = Array(trace.recordedRecords().dropFirst(mark))
        let secondCommit = try #require(
            records.lastIndex { ($0 as? CommitRecord)?.scene == scenes[1].traceName },
            "the second scene answered the configure read during the first one's frame: \(records)")
        #expect(
            records[(secondCommit + 1)...].contains { $0 is IdleRecord },
            "an idle record follows what the events read during the frame caused: \(records.suffix(6))")
    }
}

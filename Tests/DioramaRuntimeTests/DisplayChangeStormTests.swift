import DioramaModel
import DioramaSimulator
import Foundation
import Testing

@testable import Diorama

/// A storm of display changes — a window moved between displays of
/// different scales while its frame is being drawn, again and again — costs
/// a frame a refresh, not a frame per change; once the storm is over, a
/// display change is answered at once again. The real Wayland backend in
/// this process against the simulator over a real socket, on a manual clock:
/// no frame callback fires unless the test delivers it.
@MainActor @Suite(.serialized) struct DisplayChangeStormTests {
    /// Counts its frames; while `movesLeft` is above zero each frame moves
    /// the window to the other display (the compositor's events are on the
    /// socket before the frame's commit, where the runtime reads them).
    final class StormContent: RootContent {
        let simulator: BackgroundSimulator
        var frames = 0
        var movesLeft = 0
        /// What a move from inside `draw` threw.
        var failure: (any Error)?

        init(simulator: BackgroundSimulator) { self.simulator = simulator }

        func draw(_ drawable: Drawable, in scene: WindowScene) {
            frames += 1
            guard movesLeft > 0 else { return }
            movesLeft -= 1
            do {
                try DisplayChangeStormTests.move(to: DisplayChangeStormTests.display(besides: scene.screen?.name), on: simulator)
            } catch {
                failure = error
            }
        }
    }

    /// The layout's other display: DP-2 (2×) beside DP-1 (1×), and back.
    static func display(besides name: String?) -> String { name == "DP-1" ? "DP-2" : "DP-1" }

    /// The scale of `display` in the layout.
    static func scale(of display: String) -> Double { display == "DP-2" ? 2 : 1 }

    /// Moves window 1 to `display` and sends the events at once.
    static func move(to display: String, on simulator: BackgroundSimulator) throws {
        try simulator.perform { simulator in
            try simulator.moveWindow(.id(1), toDisplay: display)
            simulator.flushClients()
        }
    }

    // No time limit: a main-actor test's duration includes its wait for the
    // main actor; every wait inside is bounded (InProcessWaylandApp.pump).
    @Test("display changes arriving while frames are drawn make the scene wait for the frame callback; the first frame drawn in peace ends that")
    func aStormOfDisplayChangesCostsAFrameARefresh() throws {
        let app = try InProcessWaylandApp(
            layout: DisplayLayout(displays: [
                DisplayConfiguration(name: "DP-1", mode: DisplayMode(width: 1280, height: 800), scale: .one, position: .zero),
                DisplayConfiguration(
                    name: "DP-2", mode: DisplayMode(width: 2560, height: 1600), scale: Scale(numerator120: 240),
                    position: Point(x: 1280, y: 0)),
            ]), manualClock: true)
        defer { app.stop() }
        let (simulator, trace) = (app.simulator, app.trace)
        try app.application.launch()
        let scene = try #require(app.application.connectedScenes.first)
        let content = StormContent(simulator: simulator)
        scene.rootContent = content
        try app.pump(until: "the scene on DP-1") { scene.screen?.name == "DP-1" }
        func commits(since mark: Int) -> [CommitRecord] {
            trace.recordedRecords().dropFirst(mark).compactMap { $0 as? CommitRecord }
        }
        /// Delivers the frame callback of the frame in flight and has the app read it.
        func deliverFrameCallback() throws {
            try simulator.perform { simulator in
                simulator.deliverFrame()
                simulator.flushClients()
            }
            app.backend.dispatchEventsAlreadyReceived()
        }
        // The storm starts in calm. The launch's frames do not promise that:
        // on a loaded machine the enter can arrive while one of them is
        // drawn, which leaves the pacer outpaced (the move would then wait
        // for the callback). So: the callback, one frame with nothing
        // arriving meanwhile, and its callback: a refresh with no display
        // change, which ends any storm.
        var mark = trace.recordedRecords().count
        try deliverFrameCallback()
        scene.setNeedsDisplay()
        try app.pump(until: "a frame drawn in peace") { !commits(since: mark).isEmpty }
        try deliverFrameCallback()
        content.frames = 0

        // The storm: a move to DP-2, then every frame drawn for it moves the
        // window back before the frame is committed (six moves at most).
        content.movesLeft = 6
        mark = trace.recordedRecords().count
        try Self.move(to: "DP-2", on: simulator)
        app.backend.dispatchEventsAlreadyReceived()
        if let failure = content.failure { throw failure }
        #expect(
            content.frames == 1 + FramePacer.maximumRedrawsBeforeCommit,
            "the frame overtaken by each move is redrawn \(FramePacer.maximumRedrawsBeforeCommit) times, then committed: \(content.frames) frames")
        #expect(commits(since: mark).count == 1, "one commit, and no frame after it before the callback: \(commits(since: mark))")
        #expect(content.movesLeft == 6 - content.frames, "each frame drawn moved the window once")

        // Outpaced: another move is read, and nothing is drawn for it yet.
        content.movesLeft = 0
        let framesBefore = content.frames
        mark = trace.recordedRecords().count
        let target = Self.display(besides: scene.screen?.name)
        try Self.move(to: target, on: simulator)
        app.backend.dispatchEventsAlreadyReceived()
        #expect(scene.screen?.name == target, "the move was read")
        #expect(content.frames == framesBefore, "no frame before the frame callback")
        #expect(commits(since: mark).isEmpty)

        // The callback: one frame for the display the window is on now.
        try simulator.perform { simulator in
            simulator.deliverFrame()
            simulator.flushClients()
        }
        try app.pump(until: "the frame after the callback") { !commits(since: mark).isEmpty }
        #expect(commits(since: mark).map(\.scale) == [Self.scale(of: target)], "one frame, drawn for \(target)")

        // A display change came in that refresh: the storm goes on, and the
        // next move, read between frames, waits for the callback too (a
        // script's moves arriving in bursts between frames cost a frame a
        // refresh, not one per burst).
        mark = trace.recordedRecords().count
        let back = Self.display(besides: target)
        try Self.move(to: back, on: simulator)
        app.backend.dispatchEventsAlreadyReceived()
        #expect(scene.screen?.name == back, "the move was read")
        #expect(commits(since: mark).isEmpty, "still outpaced: no frame before the callback")
        try simulator.perform { simulator in
            simulator.deliverFrame()
            simulator.flushClients()
        }
        try app.pump(until: "the frame after the next callback") { !commits(since: mark).isEmpty }
        #expect(commits(since: mark).map(\.scale) == [Self.scale(of: back)], "one frame, drawn for \(back)")

        // A refresh with no display change ends the storm: after that
        // frame's callback, the next move is answered at once.
        try deliverFrameCallback()
        mark = trace.recordedRecords().count
        try Self.move(to: target, on: simulator)
        try app.pump(until: "the frame answering the move") { !commits(since: mark).isEmpty }
        #expect(commits(since: mark).map(\.scale) == [Self.scale(of: target)], "drawn at once for \(target)")
    }
}

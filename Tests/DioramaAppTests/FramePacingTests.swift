import DioramaModel
import DioramaSimulator
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

/// Frame pacing and drawable ownership, with the sample apps as real
/// processes under the simulator (a real socket; the simulator runs on its
/// own thread and sends each `perform` block's events in one flush).
@Suite("Frame pacing and drawable ownership under the simulator", .ownThreads)
struct FramePacingTests {
    /// Configs/displays/studio.json: DP-1 1×, DP-2 2×, HDMI-A-1 1.5×.
    static func studioLayout() throws -> DisplayLayout {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Configs/displays/studio.json").path
        return try DisplayLayout.load(contentsOf: path)
    }

    /// The modern profile without wp_viewporter (and so without fractional
    /// scale, which needs it): integer buffer scales only.
    static let withoutViewporter: CompositorProfile = {
        var profile = CompositorProfile.modern
        profile.name = "modern-without-viewporter"
        profile.offersViewporter = false
        profile.offersFractionalScale = false
        return profile
    }()

    static func start(profile: CompositorProfile = .modern) throws -> BackgroundSimulator {
        let layout = try studioLayout()
        return try BackgroundSimulator { SimulatorConfiguration(layout: layout, profile: profile, defaultDisplay: "DP-1") }
    }

    @Test(
        "a configure and a move to 2× in one batch: one state (one geometry, one traits record), and no frame at the old scale",
        .timeLimit(.minutes(10)))
    func oneBatchIsOneStateAndOneFrame() throws {
        // sway 1.7's floating profile: no fractional scale, so 2× is buffer
        // scale 2; floating, so the scripted size holds (a tiled window
        // would take the display's size).
        let simulator = try Self.start(profile: .sway17Floating)
        defer { simulator.stop() }
        let sandbox = try AppSandbox(label: "batch")
        let app = try sandbox.launch(SampleApp.timerApp, compositor: simulator.clientEnvironment)
        _ = try app.waitForTrace("a first commit at 1×") { $0.first(CommitRecord.self) }
        let appID = SampleApp.timerAppID
        try simulator.wait(until: { (try? $0.window(.appID(appID)).isSettled) == true }, timeout: .seconds(10), "the window to settle")

        let mark = try app.traceMark()
        // One perform: the configure (new size) goes out first, then leave,
        // enter and the preferred scale — all in one flush, so one batch.
        try simulator.perform { simulator in
            try simulator.resizeWindow(.appID(appID), to: Size(width: 700, height: 500))
            try simulator.moveWindow(.appID(appID), toDisplay: "DP-2")
        }
        let log = try app.waitForTrace("a commit at 700×500 and scale 2") { log in
            log.index(of: CommitRecord.self, from: mark, where: { $0.logical == TraceSize(700, 500) && $0.bufferScale == 2 })
                .map { _ in log }
        }
        let geometry = log.records(GeometryRecord.self, after: mark - 1)
        let traits = log.records(TraitsRecord.self, after: mark - 1)
        #expect(geometry.map(\.bounds) == [TraceSize(700, 500)], "one state for the batch: \(log.tail())")
        #expect(traits.map(\.displayScale) == [2], "no intermediate trait change: \(log.tail())")
        // The first frame after the batch's first record: a frame the app
        // drew before it (for becoming active, say, after the window had
        // settled) is not the batch's.
        let batchStart = try #require(log.index(of: GeometryRecord.self, from: mark), "\(log.tail())")
        let first = try #require(log.records(CommitRecord.self, after: batchStart).first)
        #expect(
            first.logical == TraceSize(700, 500) && first.bufferScale == 2,
            "the first frame after the batch is already at the new size and scale: \(log.tail())")
        #expect(log.commitsAtStaleScale().isEmpty, "\(log.commitsAtStaleScale())")
    }

    @Test(
        "autoResizeDrawable off: the committed buffer is the app's size, the viewport destination the bounds",
        .timeLimit(.minutes(10)))
    func appOwnedDrawableWithAViewport() throws {
        let simulator = try Self.start()
        defer { simulator.stop() }
        let sandbox = try AppSandbox(label: "own-drawable")
        let app = try sandbox.launch(
            SampleApp.gameScene, compositor: simulator.clientEnvironment,
            environment: ["GAMESCENE_RENDER_SIZE": "320x180"])
        let log = try app.waitForTrace("a first commit") { log in log.first(CommitRecord.self).map { _ in log } }
        let commit = try #require(log.first(CommitRecord.self))
        #expect(commit.buffer == TraceSize(320, 180), "\(log.tail())")
        #expect(commit.bufferScale == 1)
        #expect(commit.viewport == TraceSize(960, 540), "the bounds (GameScene's preferred size)")
        #expect(log.records(DrawableSizeRecord.self).map(\.size) == [TraceSize(320, 180)])

        // Moving to 2× changes the traits, not the app's drawable.
        let mark = try app.traceMark()
        try simulator.perform { try $0.moveWindow(.appID(SampleApp.gameSceneID), toDisplay: "DP-2") }
        let moved = try app.waitForTrace("the displayScale 2 traits and a commit after them") { (log: RuntimeTraceLog) -> RuntimeTraceLog? in
            guard let traits = log.index(of: TraitsRecord.self, from: mark, where: { $0.displayScale == 2 }),
                log.index(of: CommitRecord.self, from: traits) != nil
            else { return nil }
            return log
        }
        let after = moved.records(CommitRecord.self, after: mark - 1)
        #expect(!after.isEmpty && after.allSatisfy { $0.buffer == TraceSize(320, 180) && $0.viewport == TraceSize(960, 540) }, "\(after)")
        #expect(moved.records(DrawableSizeRecord.self, after: mark - 1).isEmpty, "drawableSizeWillChange does not fire")
        let committed = try simulator.perform { simulator in try simulator.window(.appID(SampleApp.gameSceneID)).bufferSize }
        #expect(committed == Size(width: 320, height: 180), "what the compositor received")
    }

    @Test(
        "without wp_viewporter: integer buffer scale, an app-owned drawable placed into a bounds × scale buffer, and an interactive resize resizes at once",
        .timeLimit(.minutes(10)))
    func withoutViewporter() throws {
        let simulator = try Self.start(profile: Self.withoutViewporter)
        defer { simulator.stop() }
        let sandbox = try AppSandbox(label: "no-viewporter")
        let app = try sandbox.launch(
            SampleApp.gameScene, compositor: simulator.clientEnvironment,
            environment: ["GAMESCENE_RENDER_SIZE": "320x180"])
        let appID = SampleApp.gameSceneID
        var log = try app.waitForTrace("a first commit") { log in log.first(CommitRecord.self).map { _ in log } }
        let first = try #require(log.first(CommitRecord.self))
        #expect(first.viewport == nil && first.bufferScale == 1 && first.buffer == TraceSize(960, 540), "\(log.tail())")
        #expect(log.records(DrawableSizeRecord.self).map(\.size) == [TraceSize(320, 180)], "the app's drawable, placed by the runtime")
        try simulator.wait(until: { (try? $0.window(.appID(appID)).isSettled) == true }, timeout: .seconds(10), "the window to settle")

        // An interactive resize cannot keep the drawable (nothing would scale
        // it): each step's buffer is drawn at its own size.
        let mark = try app.traceMark()
        try simulator.perform { try $0.resizeWindowInteractively(.appID(appID), to: Size(width: 800, height: 450), steps: 2) }
        log = try app.waitForTrace("a commit at 800×450") { log in
            log.index(of: CommitRecord.self, from: mark, where: { $0.logical == TraceSize(800, 450) }).map { _ in log }
        }
        let during = log.records(CommitRecord.self, after: mark - 1)
        #expect(during.allSatisfy { $0.viewport == nil && $0.buffer == $0.logical }, "\(during)")
        #expect(log.records(GeometryRecord.self, after: mark - 1).contains { $0.interactivelyResizing }, "\(log.tail())")
        #expect(log.commitsAtStaleScale().isEmpty, "\(log.commitsAtStaleScale())")
    }
}

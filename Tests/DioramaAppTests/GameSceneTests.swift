import DioramaTestSupport
import DioramaTestTraits
import Foundation
import HeadlessCompositors
import SwayIPC
import Testing

/// GameScene (the Metal-window article's game) under sway: the client keeps
/// its 640×360 minimum and prints every drawable size change.
@Suite("GameScene under sway", .ownThreads)
struct GameSceneTests {
    /// The `drawable size: WxH …` lines GameScene printed, as sizes.
    static func printedDrawableSizes(_ stdout: String) -> [TraceSize] {
        stdout.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("drawable size: ") else { return nil }
            let dimensions = line.dropFirst("drawable size: ".count).split(separator: " ").first ?? ""
            let parts = dimensions.split(separator: "x").compactMap { Int($0) }
            return parts.count == 2 ? TraceSize(parts[0], parts[1]) : nil
        }
    }

    @Test("minimum 640×360 enforced by the client; 'drawable size: WxH' printed once per change, matching the trace")
    func minimumSizeAndDrawableLog() throws {
        let sway = try SwayHeadless.start(outputs: SwayHeadless.defaultOutputs, floatingWindows: true)
        defer { sway.stop() }
        let ipc = try SwayIPC(sway)
        let sandbox = try AppSandbox(label: "game")
        let app = try sandbox.launch(SampleApp.gameScene, compositor: sway.environment)
        let appID = SampleApp.gameSceneID

        var log = try app.waitForTrace("a first commit") { log in log.first(CommitRecord.self).map { _ in log } }
        #expect(log.first(SizeRestrictionsRecord.self)?.minimum == TraceSize(640, 360))
        #expect(log.first(CommitRecord.self)?.logical == TraceSize(960, 540), "the preferred size, free to choose")
        #expect(try ipc.waitForWindow(appID: appID).output == "HEADLESS-1")
        // The game asks for its next frame from inside draw: frames keep coming,
        // one per frame callback (this once recursed until the stack overflowed).
        try app.waitForTrace("GameScene to keep animating (10 commits)") { $0.records(CommitRecord.self).count >= 10 ? true : nil }

        // Far below the minimum in both directions.
        var mark = try app.traceMark()
        try ipc.command("resize set width 320 px height 200 px", appID: appID)
        log = try app.waitForTrace("the scene to answer the 320×200 configure") { log in
            guard let geometry = log.index(of: GeometryRecord.self, from: mark),
                log.index(of: CommitRecord.self, from: geometry) != nil
            else { return nil }
            return log
        }
        #expect(log.records(GeometryRecord.self).last?.bounds == TraceSize(640, 360), "clamped to the minimum")
        let commits = log.records(CommitRecord.self, after: mark - 1)
        #expect(!commits.isEmpty && commits.allSatisfy { $0.logical.width >= 640 && $0.logical.height >= 360 }, "\(commits)")
        #expect(commits.last?.logical == TraceSize(640, 360))

        // To the scale-2 output: the drawable doubles.
        mark = try app.traceMark()
        try ipc.command("move container to output HEADLESS-2", appID: appID)
        log = try app.waitForTrace("a 1280×720 drawable on HEADLESS-2") { log in
            log.index(of: DrawableSizeRecord.self, from: mark, where: { $0.size == TraceSize(1280, 720) }).map { _ in log }
        }
        #expect(log.commitsAtStaleScale().isEmpty, "\(log.commitsAtStaleScale())")

        // stdout has one line per drawable change, in the trace's order.
        let traced = log.records(DrawableSizeRecord.self).map(\.size)
        #expect(traced == [TraceSize(960, 540), TraceSize(640, 360), TraceSize(1280, 720)], "\(log.tail())")
        let printed = try Wait.until(
            "GameScene to print every drawable size", timeout: 10,
            wakingOn: WaitEvents(files: [app.child.standardOutputPath], children: [app.child]), details: app.diagnostics
        ) {
            let printed = Self.printedDrawableSizes(app.child.standardOutput)
            return printed.count >= traced.count ? printed : nil
        }
        #expect(printed == traced, "stdout:\n\(app.child.standardOutput)")

        app.send(SIGTERM)
        #expect(try app.waitForExit().status == 0)
    }
}

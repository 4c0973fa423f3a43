import DioramaTestSupport
import DioramaTestTraits
import Foundation
import HeadlessCompositors
import SwayIPC
import Testing

/// TimerApp's main scene under sway with HEADLESS-1 at scale 1 and
/// HEADLESS-2 at scale 2, floating, moved and resized by sway commands.
@Suite("TimerApp moved between outputs under sway", .ownThreads)
struct OutputMoveTests {
    /// What the trace must say once a scene has settled on `output` at `scale`.
    static func settled(on output: String, scale: Int, after mark: Int, in log: RuntimeTraceLog) -> Bool {
        guard let screen = log.entries.dropFirst(mark).compactMap({ $0.as(ScreenRecord.self) }).last,
            screen.screen == output,
            let commitIndex = log.index(of: CommitRecord.self, from: mark, where: { $0.bufferScale == scale }),
            log.index(of: ScreenRecord.self, from: commitIndex) == nil
        else { return false }
        return log.records(TraitsRecord.self).last?.displayScale == Double(scale)
    }

    /// Checks the scene's state after it settled on `output` at `scale`:
    /// screen, displayScale, drawable = bounds × scale, and the last commit.
    static func expectSettled(
        on output: String, scale: Int, in log: RuntimeTraceLog,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let screen = try #require(log.records(ScreenRecord.self).last, sourceLocation: sourceLocation)
        #expect(screen.screen == output && screen.scale == scale, "\(screen)", sourceLocation: sourceLocation)
        let traits = try #require(log.records(TraitsRecord.self).last, sourceLocation: sourceLocation)
        #expect(traits.displayScale == Double(scale), sourceLocation: sourceLocation)
        let geometry = try #require(log.records(GeometryRecord.self).last, sourceLocation: sourceLocation)
        let drawable = try #require(log.records(DrawableSizeRecord.self).last, sourceLocation: sourceLocation)
        #expect(
            drawable.size == geometry.bounds.scaled(by: scale), "drawable \(drawable.size), bounds \(geometry.bounds)",
            sourceLocation: sourceLocation)
        #expect(drawable.contentsScale == Double(scale), sourceLocation: sourceLocation)
        let commit = try #require(log.records(CommitRecord.self).last, sourceLocation: sourceLocation)
        #expect(
            commit.bufferScale == scale && commit.buffer == commit.logical.scaled(by: scale) && commit.logical == geometry.bounds,
            "\(commit)", sourceLocation: sourceLocation)
    }

    @Test("moves report screen, displayScale and drawable size with no stale-scale commit; a runtime scale change and a resize below the minimum")
    func movesScaleChangeAndMinimumWidth() throws {
        let sway = try SwayHeadless.start(outputs: SwayHeadless.defaultOutputs, floatingWindows: true)
        defer { sway.stop() }
        let ipc = try SwayIPC(sway)
        let sandbox = try AppSandbox(label: "output-moves")
        let app = try sandbox.launch(SampleApp.timerApp, compositor: sway.environment)
        let appID = SampleApp.timerAppID

        try app.waitForTrace("a first commit") { $0.first(CommitRecord.self) }
        let placement = try ipc.waitForWindow(appID: appID)
        #expect(placement.isFloating)

        // Moves: to the scale-2 output, back, and there again.
        for (output, scale) in [("HEADLESS-2", 2), ("HEADLESS-1", 1), ("HEADLESS-2", 2)] {
            let mark = try app.traceMark()
            try ipc.command("move container to output \(output)", appID: appID)
            let log = try app.waitForTrace("the scene to settle on \(output) at scale \(scale)") { log in
                Self.settled(on: output, scale: scale, after: mark, in: log) ? log : nil
            }
            try Self.expectSettled(on: output, scale: scale, in: log)
            #expect(try ipc.window(appID: appID)?.output == output, "sway agrees where the window is")
        }
        var log = try app.trace()
        #expect(log.commitsAtStaleScale().isEmpty, "\(log.commitsAtStaleScale())\n\(log.tail(40))")
        // A move is not a trip through the background (leave-then-enter is one batch).
        #expect(log.records(LifecycleRecord.self).allSatisfy { $0.event != "didEnterBackground" }, "\(log.tail(40))")

        // The output the scene is on changes scale at runtime, twice.
        for scale in [1, 2] {
            let mark = try app.traceMark()
            try ipc.command("output HEADLESS-2 scale \(scale)")
            log = try app.waitForTrace("traits and a commit at the new scale \(scale)") { log in
                guard let traits = log.index(of: TraitsRecord.self, from: mark, where: { $0.displayScale == Double(scale) }),
                    log.index(of: CommitRecord.self, from: traits) != nil
                else { return nil }
                return log
            }
            try Self.expectSettled(on: "HEADLESS-2", scale: scale, in: log)
        }
        #expect(log.commitsAtStaleScale().isEmpty, "\(log.commitsAtStaleScale())\n\(log.tail(40))")

        // Below the minimum width (500 points): sway does not enforce it
        // outside interactive resizes, so the client must.
        let beforeResize = try #require(log.records(GeometryRecord.self).last)
        #expect(beforeResize.bounds.width > 500, "the test needs a window wider than its minimum first")
        let mark = try app.traceMark()
        try ipc.command("resize set width 320 px", appID: appID)
        log = try app.waitForTrace("the scene to answer the 320-point configure") { log in
            guard let geometry = log.index(of: GeometryRecord.self, from: mark),
                log.index(of: CommitRecord.self, from: geometry) != nil
            else { return nil }
            return log
        }
        let geometry = try #require(log.records(GeometryRecord.self).last)
        #expect(geometry.bounds.width == 500, "clamped to the minimum, not the configured 320: \(geometry)")
        #expect(!geometry.belowMinimumSize)
        let commitsAfter = log.records(CommitRecord.self, after: mark - 1)
        #expect(!commitsAfter.isEmpty)
        #expect(commitsAfter.allSatisfy { $0.logical.width >= 500 }, "\(commitsAfter)")
        #expect(log.commitsAtStaleScale().isEmpty, "\(log.commitsAtStaleScale())")
        // sway adopts the size the client committed for a floating window.
        let window = try #require(try ipc.window(appID: appID))
        #expect(window.rect.width >= 500, "sway's view of the window: \(window.rect)")

        app.send(SIGTERM)
        let exit = try app.waitForExit()
        #expect(exit.status == 0, "stderr:\n\(exit.standardError)")
    }
}

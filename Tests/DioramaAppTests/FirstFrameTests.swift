import DioramaTestSupport
import DioramaTestTraits
import Foundation
import HeadlessCompositors
import Testing

/// "No blurry first frame": with one output at scale 2, the scale is known
/// before the first configure, so the very first buffer is already at 2×.
@Suite("TimerApp's first frame under weston --scale=2", .ownThreads)
struct FirstFrameTests {
    @Test("the first commit in the trace is at scale 2 with buffer = logical × 2")
    func firstCommitAtScale2() throws {
        let weston = try WestonHeadless.start(scale: 2)
        defer { weston.stop() }
        let sandbox = try AppSandbox(label: "first-frame")
        let app = try sandbox.launch(SampleApp.timerApp, compositor: weston.environment)

        let log = try app.waitForTrace("a first commit") { log in log.first(CommitRecord.self).map { _ in log } }
        let first = try #require(log.first(CommitRecord.self))
        #expect(first.bufferScale == 2, "\(first)")
        #expect(first.scale120 == 240, "\(first)")
        #expect(first.buffer == first.logical.scaled(by: 2), "\(first)")
        // weston lets the client choose its size (configure 0×0): TimerApp's 640×480 points.
        #expect(first.logical == TraceSize(640, 480), "\(first)")
        #expect(first.buffer == TraceSize(1280, 960), "\(first)")

        // What the scene knew before drawing it: the screen, traits and drawable at 2.
        let firstCommit = try #require(log.index(of: CommitRecord.self))
        let before = log.prefix(upTo: firstCommit)
        #expect(before.first(ScreenRecord.self).map { [$0.screen, String($0.scale)] } == ["headless", "2"])
        #expect(before.records(TraitsRecord.self).last?.displayScale == 2)
        let drawable = try #require(before.records(DrawableSizeRecord.self).last)
        #expect(drawable.size == TraceSize(1280, 960))
        #expect(drawable.contentsScale == 2)
        #expect(log.commitsAtStaleScale().isEmpty, "\(log.commitsAtStaleScale())")

        app.send(SIGTERM)
        let exit = try app.waitForExit()
        #expect(exit.status == 0 && !exit.exitedBySignal, "SIGTERM quits normally; stderr:\n\(exit.standardError)")
    }

    @Test("willConnectTo already sees the 2x display scale and real size classes (GameScene logs them)")
    func traitsAreRealAtWillConnectTo() throws {
        let weston = try WestonHeadless.start(scale: 2)
        defer { weston.stop() }
        let sandbox = try AppSandbox(label: "connect-traits")
        let app = try sandbox.launch(SampleApp.gameScene, compositor: weston.environment)
        _ = try app.waitForTrace("a first commit") { log in log.first(CommitRecord.self) }
        let connected = try Wait.until(
            "GameScene to log its traits at willConnectTo", timeout: 10,
            wakingOn: WaitEvents(files: [app.child.standardOutputPath], children: [app.child]), details: app.diagnostics
        ) {
            app.child.standardOutput.split(separator: "\n").first { $0.hasPrefix("connected: ") }.map(String.init)
        }
        #expect(connected == "connected: displayScale 2.0 sizeClasses regular/regular", "stdout:\n\(app.child.standardOutput)")
        app.send(SIGTERM)
        #expect(try app.waitForExit().status == 0)
    }
}

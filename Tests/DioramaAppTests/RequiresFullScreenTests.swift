import DioramaTestSupport
import DioramaTestTraits
import Foundation
import HeadlessCompositors
import SwayIPC
import Testing

/// `UIRequiresFullScreen` is ignored on iPadOS 26, and so here: a warning
/// citing the key, and the app stays an ordinary resizable window.
@Suite("UIRequiresFullScreen is ignored", .ownThreads)
struct RequiresFullScreenTests {
    @Test("a warning citing the key and saying it is ignored; the window is not fullscreen and follows a resize")
    func warnsAndStaysResizable() throws {
        let plist = fixturePath("RequiresFullScreen.plist")
        let sway = try SwayHeadless.start(outputs: [.init()], floatingWindows: true)
        defer { sway.stop() }
        let ipc = try SwayIPC(sway)
        let sandbox = try AppSandbox(label: "full-screen")
        let app = try sandbox.launch(SampleApp.timerApp, compositor: sway.environment, arguments: ["--info-plist", plist])
        let appID = SampleApp.timerAppID

        try app.waitForTrace("a first commit") { $0.first(CommitRecord.self) }
        let warning = try #require(
            app.child.standardError.split(separator: "\n").first { $0.contains("UIRequiresFullScreen") },
            "stderr:\n\(app.child.standardError)")
        #expect(warning.hasPrefix("\(plist):11:"), "cites the key's line: \(warning)")
        #expect(warning.contains("warning:"))
        #expect(warning.contains("ignored"))
        #expect(warning.contains("resizable"))

        let window = try ipc.waitForWindow(appID: appID)
        #expect(window.node.fullscreenMode == 0, "not fullscreen")
        #expect(window.isFloating)

        let mark = try app.traceMark()
        try ipc.command("resize set width 800 px height 600 px", appID: appID)
        let log = try app.waitForTrace("a commit at 800×600") { log in
            log.index(of: CommitRecord.self, from: mark, where: { $0.logical == TraceSize(800, 600) }).map { _ in log }
        }
        #expect(log.records(GeometryRecord.self).last?.bounds == TraceSize(800, 600))
        app.send(SIGTERM)
        #expect(try app.waitForExit().status == 0)
    }
}

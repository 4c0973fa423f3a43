import DioramaModel
import DioramaSessionStore
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import HeadlessCompositors
import SwayIPC
import Testing

/// Sessions end to end: a scene the user closes is discarded; an app that
/// quits keeps its session and restores it on the next launch.
@Suite("TimerApp sessions: close → discard, quit → restore", .ownThreads)
struct LifecycleTests {
    @Test("xdg_toplevel.close (sway 'kill') discards the session: exit 0, its file removed, sessionDiscarded traced")
    func closeDiscardsTheSession() throws {
        let sway = try SwayHeadless.start(outputs: [.init()])
        defer { sway.stop() }
        let ipc = try SwayIPC(sway)
        let sandbox = try AppSandbox(label: "close")
        let app = try sandbox.launch(SampleApp.timerApp, compositor: sway.environment)

        let connected = try app.waitForTrace("the session and a first commit") { log -> SessionConnectedRecord? in
            guard log.first(CommitRecord.self) != nil else { return nil }
            return log.first(SessionConnectedRecord.self)
        }
        #expect(!connected.restored)
        #expect(connected.configuration == "Main")
        _ = try ipc.waitForWindow(appID: SampleApp.timerAppID)
        // A connected session is saved at once (a kill -9 later still finds it).
        #expect(sandbox.sessionFiles(appID: SampleApp.timerAppID).count == 1)

        try ipc.command("kill", appID: SampleApp.timerAppID)
        let exit = try app.waitForExit()
        #expect(exit.status == 0 && !exit.exitedBySignal, "stderr:\n\(exit.standardError)")
        #expect(sandbox.sessionFiles(appID: SampleApp.timerAppID).isEmpty, "the discarded session's file is gone")

        let log = try app.trace()
        #expect(log.records(SessionDiscardedRecord.self).map(\.scene) == [connected.scene], "\(log.tail())")
        #expect(log.records(LifecycleRecord.self).last?.event == "didDisconnect", "\(log.tail())")
        #expect(log.records(TerminatedRecord.self).map(\.reason) == ["last scene closed"])
        // Disconnect comes before the discard, the discard before termination.
        let order = log.entries.map(\.kind).filter { [SessionDiscardedRecord.kind, TerminatedRecord.kind].contains($0) }
        #expect(order == [SessionDiscardedRecord.kind, TerminatedRecord.kind])
    }

    @Test("quit (SIGTERM) after pressing f keeps the session; the relaunch restores it with the seconds format")
    func quitAndRelaunchRestores() throws {
        let wtype = try requireProgram("wtype", package: "wtype")
        let sway = try SwayHeadless.start(outputs: [.init()])
        defer { sway.stop() }
        let ipc = try SwayIPC(sway)
        let sandbox = try AppSandbox(label: "restore")
        let appID = SampleApp.timerAppID

        // First launch: wait until the scene is active (it has keyboard focus), then type f.
        let first = try sandbox.launch(SampleApp.timerApp, compositor: sway.environment)
        let connected = try first.waitForTrace("the main scene to become active") { log -> SessionConnectedRecord? in
            guard log.first(LifecycleRecord.self, where: { $0.event == "didBecomeActive" }) != nil else { return nil }
            return log.first(SessionConnectedRecord.self)
        }
        #expect(try ipc.waitForWindow(appID: appID).node.name == "Main (hh:mm:ss)")
        try typeKey("f", with: wtype, into: sway, untilTitle: "Main (seconds)", of: appID, ipc: ipc, app: first)

        first.send(SIGTERM)
        let firstExit = try first.waitForExit()
        #expect(firstExit.status == 0, "stderr:\n\(firstExit.standardError)")
        #expect(try first.trace().records(SessionDiscardedRecord.self).isEmpty, "quitting discards nothing")
        let saved = try savedTimeFormats(in: sandbox)
        #expect(saved == [connected.scene: "seconds"], "the quit saved the changed format")

        // Relaunch with the same XDG_STATE_HOME.
        let second = try sandbox.launch(SampleApp.timerApp, compositor: sway.environment)
        let log = try second.waitForTrace("the restored session's first commit") { log in
            log.first(CommitRecord.self).map { _ in log }
        }
        let reconnected = try #require(log.first(SessionConnectedRecord.self))
        #expect(reconnected.restored)
        #expect(reconnected.scene == connected.scene, "the same persistent identifier")
        #expect(log.records(SessionConnectedRecord.self).count == 1, "one saved session, one scene")
        let restored = try #require(log.first(RestoredRecord.self), "\(log.tail())")
        #expect(restored.scene == connected.scene)
        #expect(restored.activityType == SampleApp.timerActivityType)
        #expect(restored.userInfo["timeFormat"] == .string("seconds"))
        // Restoration happens before the first frame.
        #expect(try #require(log.index(of: RestoredRecord.self)) < (try #require(log.index(of: CommitRecord.self))))
        // The app applied it: its title (set_title, read back from sway) shows the format.
        let title = try Wait.until("the restored title in sway's tree", timeout: 10, details: second.diagnostics) {
            try ipc.window(appID: appID)?.node.name.flatMap { $0 == "Main (seconds)" ? $0 : nil }
        }
        #expect(title == "Main (seconds)")

        second.send(SIGTERM)
        #expect(try second.waitForExit().status == 0)
        #expect(try savedTimeFormats(in: sandbox) == [connected.scene: "seconds"], "saved again as restored")
    }

    /// Each saved session's identifier and its activity's time format.
    func savedTimeFormats(in sandbox: AppSandbox) throws -> [String: String] {
        let loaded = SessionStore(directory: sandbox.stateDirectory(appID: SampleApp.timerAppID)).load()
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        var formats: [String: String] = [:]
        for record in loaded.records {
            #expect(record.stateRestorationActivity?.activityType == SampleApp.timerActivityType)
            if case .string(let format)? = record.stateRestorationActivity?.userInfo["timeFormat"] {
                formats[record.persistentIdentifier] = format
            }
        }
        return formats
    }
}

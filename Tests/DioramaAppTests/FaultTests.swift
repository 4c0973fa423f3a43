import DioramaModel
import DioramaSessionStore
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import HeadlessCompositors
import Testing

/// Faults around a running app: a compositor without xdg-shell, a
/// compositor that goes away, and a damaged state file.
@Suite("TimerApp faults", .ownThreads)
struct FaultTests {
    @Test("a compositor without xdg_wm_base (wl_compositor and wl_shm only): exit 2 naming xdg_wm_base and its minimum version")
    func noXdgWmBase() throws {
        let sandbox = try AppSandbox(label: "no-xdg")
        let socket = sandbox.directory.appendingPathComponent("wl.sock").path
        let compositor = try InProcessCompositor(listeningAt: socket)
        compositor.addShm()
        defer { compositor.stop() }
        let app = try sandbox.launch(SampleApp.timerApp, compositor: ["WAYLAND_DISPLAY": socket])
        let result = try app.waitForExit()
        #expect(result.status == 2 && !result.exitedBySignal, "stderr:\n\(result.standardError)")
        #expect(result.standardError.hasPrefix("error: "), "\(result.standardError)")
        #expect(result.standardError.contains("xdg_wm_base"), "\(result.standardError)")
        #expect(result.standardError.contains("version 1 or newer"), "\(result.standardError)")
        #expect(sandbox.sessionFiles(appID: SampleApp.timerAppID).isEmpty, "nothing connected, nothing saved")
    }

    @Test("no compositor: exit 2 with a hint that names only what an app accepts (no --display option)")
    func noCompositorHintFitsAnApp() throws {
        let sandbox = try AppSandbox(label: "no-compositor")
        let socket = sandbox.directory.appendingPathComponent("nobody-listens.sock").path
        let app = try sandbox.launch(SampleApp.timerApp, compositor: ["WAYLAND_DISPLAY": socket])
        let result = try app.waitForExit()
        #expect(result.status == 2 && !result.exitedBySignal, "stderr:\n\(result.standardError)")
        #expect(result.standardError.contains("no Wayland compositor found"), "\(result.standardError)")
        #expect(result.standardError.contains("WAYLAND_DISPLAY"), "\(result.standardError)")
        #expect(!result.standardError.contains("--display"), "TimerApp takes no --display option: \(result.standardError)")
    }

    @Test("the compositor vanishes mid-run: scenes disconnect, state is saved, exit 1 with a message")
    func compositorVanishes() throws {
        let weston = try WestonHeadless.start(scale: 1)
        defer { weston.stop() }
        let sandbox = try AppSandbox(label: "vanish")
        let app = try sandbox.launch(SampleApp.timerApp, compositor: weston.environment)
        let connected = try app.waitForTrace("a first commit") { log -> SessionConnectedRecord? in
            log.first(CommitRecord.self) == nil ? nil : log.first(SessionConnectedRecord.self)
        }

        weston.stop()
        let result = try app.waitForExit()
        #expect(result.status == 1 && !result.exitedBySignal, "stderr:\n\(result.standardError)")
        #expect(result.standardError.contains("error: lost the connection to the compositor"), "\(result.standardError)")

        let log = try app.trace()
        let lifecycle = log.records(LifecycleRecord.self).filter { $0.scene == connected.scene }
        #expect(lifecycle.last?.event == "didDisconnect", "\(log.tail())")
        #expect(lifecycle.last?.state == "unattached")
        #expect(lifecycle.contains { $0.event == "didEnterBackground" }, "a disconnect passes through the background")
        let terminated = try #require(log.records(TerminatedRecord.self).last)
        #expect(terminated.reason.hasPrefix("connection lost"), "\(terminated)")
        #expect(log.records(SessionDiscardedRecord.self).isEmpty, "losing the compositor is not a close")

        let saved = SessionStore(directory: sandbox.stateDirectory(appID: SampleApp.timerAppID)).load()
        #expect(saved.warnings.isEmpty)
        let record = try #require(saved.records.first)
        #expect(saved.records.count == 1)
        #expect(record.persistentIdentifier == connected.scene)
        #expect(record.stateRestorationActivity?.activityType == SampleApp.timerActivityType)
    }

    /// A state file the app cannot use, and what its warning must say about it.
    enum DamagedStateFile: String, CaseIterable, CustomTestStringConvertible {
        case corrupt = "corrupt JSON"
        /// Read whole, it got TimerApp killed for lack of memory at every launch.
        case sparse6GiB = "a 6 GiB sparse file"

        var testDescription: String { rawValue }

        func make(at file: URL) throws {
            switch self {
            case .corrupt:
                try Data("{\"formatVersion\": 1, \"session\": {not json at all".utf8).write(to: file)
            case .sparse6GiB:
                #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
                #expect(truncate(file.path, 6 << 30) == 0)
            }
        }

        /// What the warning says besides the file's name.
        var warning: String {
            switch self {
            case .corrupt: "not a valid session record"
            case .sparse6GiB: "it is 6 GiB, more than the 8 MiB limit for a saved session"
            }
        }
    }

    @Test(
        "a damaged state file: a warning naming it on stderr, the app starts fresh and draws",
        .serialized, arguments: DamagedStateFile.allCases)
    func damagedStateFile(_ damage: DamagedStateFile) throws {
        let weston = try WestonHeadless.start(scale: 1)
        defer { weston.stop() }
        let sandbox = try AppSandbox(label: "corrupt")
        let directory = sandbox.stateDirectory(appID: SampleApp.timerAppID)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try damage.make(at: directory.appendingPathComponent("session-0BAD.json"))

        let app = try sandbox.launch(SampleApp.timerApp, compositor: weston.environment)
        let connected = try app.waitForTrace("a first commit despite the damaged file") { log -> SessionConnectedRecord? in
            log.first(CommitRecord.self) == nil ? nil : log.first(SessionConnectedRecord.self)
        }
        #expect(!connected.restored, "nothing usable to restore")
        #expect(app.child.isRunning)
        let stderr = app.child.standardError
        #expect(stderr.contains("warning:"), "\(stderr)")
        #expect(stderr.contains("session-0BAD.json"), "the warning names the file: \(stderr)")
        #expect(stderr.contains(damage.warning), "the warning says what is wrong: \(stderr)")

        app.send(SIGTERM)
        let result = try app.waitForExit()
        #expect(result.status == 0 && !result.exitedBySignal, "no crash: \(result.standardError)")
    }
}

/// A compositor that fails the app during its startup roundtrips with an
/// error on wl_display itself (libwayland-client turns those into EINVAL,
/// not EPROTO): the message must still be the compositor's, not "Invalid argument".
@Suite("TimerApp and a protocol error at startup", .ownThreads)
struct StartupProtocolErrorTests {
    @Test("wl_display.error invalid_object while binding wl_shm: exit 2 naming wl_display@1, code 0 and the compositor's text")
    func displayErrorAtStartup() throws {
        let sandbox = try AppSandbox(label: "startup-error")
        let socket = sandbox.directory.appendingPathComponent("wl.sock").path
        let compositor = try InProcessCompositor(listeningAt: socket)
        compositor.failClientsAtStartup(displayErrorCode: 0, message: "invalid object 4242")
        defer { compositor.stop() }
        let app = try sandbox.launch(SampleApp.timerApp, compositor: ["WAYLAND_DISPLAY": socket])
        let result = try app.waitForExit()
        #expect(result.status == 2 && !result.exitedBySignal, "stderr:\n\(result.standardError)")
        #expect(result.standardError.contains("protocol error 0 on wl_display@1"), "\(result.standardError)")
        #expect(result.standardError.contains("invalid object 4242"), "the compositor's text: \(result.standardError)")
        #expect(!result.standardError.contains("Invalid argument"), "\(result.standardError)")
    }
}

import DioramaModel
import DioramaSimulator
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

/// Windows come back where they were (issue 23, part 3): a relaunched app's
/// scene sessions ask for the size and display they were saved with, and
/// reconnect in the order the user last had them active. A real TimerApp
/// process on the simulator over a real socket.
@Suite("windows come back where they were", .serialized, .ownThreads)
struct WindowReturnTests {
    @Test(
        "a window quit at 600x400 on DP-2 comes back at 600x400 on DP-2, drawn for DP-2's scale from its first frame",
        .timeLimit(.minutes(10)))
    func sizeAndDisplayComeBack() async throws {
        try await SimulatorScenarioRun.expectPassing(
            """
            display DP-1 1280x800 scale 1 at 0,0
            display DP-2 2560x1600 scale 2 at 1280,0
            timeout: 20s
            launch TimerApp as timer
            window main = timer title "Main"
            expect main entered exactly DP-1
            resize main 600x400
            move main to DP-2
            expect main entered exactly DP-2, screen DP-2, bounds 600x400
            quit timer
            relaunch timer
            expect main restored, entered exactly DP-2, screen DP-2, traits.displayScale 2, bounds 600x400, width 600, height 400, no stale frames
            """, label: "window-return")
    }

    @Test(
        "two saved scenes reconnect in last-active order: the one active last connects last and has focus",
        .timeLimit(.minutes(10)))
    func lastActiveReconnectsLast() throws {
        let simulator = try BackgroundSimulator {
            SimulatorConfiguration(
                layout: DisplayLayout(displays: [
                    DisplayConfiguration(name: "DP-1", mode: DisplayMode(width: 1920, height: 1080), scale: .one, position: .zero)
                ]))
        }
        defer { simulator.stop() }
        let sandbox = try AppSandbox(label: "last-active")
        defer { sandbox.remove() }
        // Identifiers in the opposite order to activation: reconnecting by
        // identifier (the old order) connects the last active first.
        let directory = sandbox.stateDirectory(appID: "org.diorama.TimerApp")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (identifier, activation) in [("A-active-last", 9), ("B-active-before", 4)] {
            let record = """
                {"formatVersion":1,"session":{"persistentIdentifier":"\(identifier)","role":"UIWindowSceneSessionRoleApplication",\
                "configurationName":"Main","userInfo":{},"lastActivation":\(activation)}}
                """
            try Data(record.utf8).write(to: directory.appendingPathComponent("session-\(identifier).json"))
        }
        let app = try sandbox.launch("TimerApp", compositor: simulator.clientEnvironment)
        let log = try app.waitForTrace("both restored scenes' first commits") { log in
            log.records(CommitRecord.self).count >= 2 && log.records(ToplevelRecord.self).count == 2 ? log : nil
        }
        #expect(log.records(SessionConnectedRecord.self).map(\.scene) == ["B-active-before", "A-active-last"])
        let lastActive = try #require(log.first(ToplevelRecord.self) { $0.scene == "A-active-last" })
        try simulator.wait(
            until: { $0.focusedWindow?.surfaceProtocolID == lastActive.surface }, timeout: .seconds(20),
            "the last active scene's window to have focus")
    }

    /// sway offers no placement protocol: it opens a new window on the focused
    /// output, so only the size can come back, and only because the
    /// real-sway backend floats windows (a floating window's first configure
    /// is 0x0; a tiled one would take its tile).
    @Test("on sway a window quit at 600x400 comes back at 600x400 (the output is sway's choice)", .timeLimit(.minutes(10)))
    func sizeComesBackOnSway() async throws {
        let result = try await RealCompositorBackendTests.run(
            """
            display DP-1 1280x800 scale 1 at 0,0
            backend: sway
            timeout: 20s
            launch TimerApp as timer
            window main = timer title "Main"
            resize main 600x400
            expect main width 600, height 400
            quit timer
            relaunch timer
            expect main restored, width 600, height 400, bounds 600x400
            """, label: "sway-window-return", on: .sway)
        RealCompositorBackendTests.expectEveryClausePassed(result, atLeast: 5)
    }
}

import DioramaModel
import DioramaPOSIX
import DioramaSimulator
import DioramaTestSupport
import Foundation
import HeadlessCompositors
import Testing

/// KWin 5.27's two virtual outputs as the fidelity session lays them out:
/// Virtual-0 at 1x, Virtual-1 at 2x to its right, 1280x800 pixels each.
enum FidelityKWinOutputs {
    static let names = ["Virtual-0", "Virtual-1"]
    static var simulatorLayout: DisplayLayout {
        DisplayLayout(displays: [
            DisplayConfiguration(
                name: names[0], mode: DisplayMode(width: 1280, height: 800),
                scale: Scale(integer: 1)!, position: Point(x: 0, y: 0)),
            DisplayConfiguration(
                name: names[1], mode: DisplayMode(width: 1280, height: 800),
                scale: Scale(integer: 2)!, position: Point(x: 1280, y: 0)),
        ])
    }
}

/// Real KWin 5.27 (`--virtual`): outputs through kscreen-doctor, windows
/// through KWin scripts, as the kwin scenario backend drives it.
final class RealKWinCompositor: FidelityMaximizing {
    private let compositor: RunningCompositor

    init() throws {
        compositor = try KWinHeadless.start(outputCount: 2)
        do {
            try KWinHeadless.configureOutputs(
                compositor,
                ["output.Virtual-0.position.0,0", "output.Virtual-1.position.1280,0", "output.Virtual-1.scale.2"])
        } catch {
            compositor.stop()
            throw error
        }
    }

    var clientEnvironment: [String: String] { compositor.environment }

    /// The session has already seen the window's first `enter`: KWin shows it.
    func waitForWindow(appID: String) throws {}

    func moveWindow(appID: String, toOutput output: String) throws {
        guard let area = try KWinHeadless.outputs(of: compositor).first(where: { $0.name == output }) else {
            throw FidelitySessionError(message: "KWin has no output \(output)")
        }
        // Centred on the output, as the kwin backend and the simulator place it.
        try script(
            appID,
            """
            var g = c.frameGeometry;
            c.frameGeometry = { x: \(area.x) + Math.max(0, Math.floor((\(area.width) - g.width) / 2)),
                y: \(area.y) + Math.max(0, Math.floor((\(area.height) - g.height) / 2)),
                width: g.width, height: g.height };
            """)
    }

    func setScale(_ scale: Int, ofOutput output: String) throws {
        try KWinHeadless.configureOutputs(compositor, ["output.\(output).scale.\(scale)"])
    }

    func resizeWindow(appID: String, to size: Size) throws {
        try script(appID, "var g = c.frameGeometry; c.frameGeometry = { x: g.x, y: g.y, width: \(size.width), height: \(size.height) };")
    }

    func maximizeWindow(appID: String, _ maximized: Bool) throws {
        try script(appID, "c.setMaximize(\(maximized), \(maximized));")
    }

    /// KWin's quick tiling through its script slots, as the kwin backend does it.
    func halfTileWindow(appID: String, _ half: HalfTile?) throws {
        let lines = try script(appID, KWinHeadless.quickTileScript(side: half?.rawValue))
        if lines.contains("blocked") {
            throw FidelitySessionError(message: "KWin would move \(appID) to the next output instead of untiling it")
        }
    }

    /// Runs `action` on the KWin client `c` whose app id is `appID`; returns
    /// the lines it reported.
    @discardableResult
    private func script(_ appID: String, _ action: String) throws -> [String] {
        let lines = try KWinHeadless.runScript(
            compositor,
            """
            var c = null;
            var all = workspace.clientList();
            for (var i = 0; i < all.length; i++) {
                if (all[i].desktopFileName == "\(appID)" || all[i].resourceClass == "\(appID)") { c = all[i]; break; }
            }
            if (c) { \(action) report("done"); } else { report("missing"); }
            """)
        guard lines.contains("done") else { throw FidelitySessionError(message: "KWin has no window with app id \(appID)") }
        return lines
    }

    func stop() { compositor.stop() }
}

/// A compositor the session can maximize windows on: KWin through a
/// script, the simulator through its own call.
protocol FidelityMaximizing: FidelityCompositor {
    func maximizeWindow(appID: String, _ maximized: Bool) throws
}

extension SimulatedCompositor: FidelityMaximizing {
    func maximizeWindow(appID: String, _ maximized: Bool) throws {
        try simulator.perform { try $0.maximizeWindow(.appID(appID), maximized) }
    }
}

extension FidelitySession {
    /// A window maximized, then restored: the states a maximized window is
    /// told and the size it gets back.
    static let maximizeAndRestore: [FidelityStep] = [
        FidelityStep(name: "maximize") { compositor, client in
            try maximizing(compositor).maximizeWindow(appID: client.appID, true)
        },
        FidelityStep(name: "restore") { compositor, client in
            try maximizing(compositor).maximizeWindow(appID: client.appID, false)
        },
    ]

    private static func maximizing(_ compositor: FidelityCompositor) throws -> FidelityMaximizing {
        guard let maximizing = compositor as? FidelityMaximizing else {
            throw FidelitySessionError(message: "\(type(of: compositor)) cannot maximize windows")
        }
        return maximizing
    }
}

extension FidelityClient {
    /// gtk4-widget-factory (GTK 4.8): a large window (about 1400×800 with
    /// client-side shadows) drawn with GTK's Cairo renderer, so llvmpipe's
    /// GL setup does not slow its start; no accessibility bus. It runs under
    /// `dbus-run-session` with a session bus of its own on both sides: GTK
    /// names its window by its application id (`org.gtk.WidgetFactory4`)
    /// only when it can register on a bus, and the simulator has none to give.
    /// The bus listens in a private folder, removed when the client goes
    /// (the owner), not in `/tmp`, where a killed bus leaves its socket.
    static let gtk4WidgetFactory = FidelityClient(name: "gtk4-widget-factory", appID: "org.gtk.WidgetFactory4") {
        environment in
        var environment = environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        environment["GSK_RENDERER"] = "cairo"
        environment["GTK_A11Y"] = "none"
        environment["NO_AT_BRIDGE"] = "1"
        let bus = try PrivateBusFolder()
        return (
            try ChildProcess(
                URL(fileURLWithPath: "/usr/bin/dbus-run-session"),
                arguments: ["--config-file=\(bus.configurationFile)", "--", "/usr/bin/gtk4-widget-factory"],
                environment: ChildProcess.minimalEnvironment(environment)), bus
        )
    }
}

/// A folder holding a session bus's configuration and socket, removed with
/// both when the client it was made for goes.
final class PrivateBusFolder {
    let path: String
    var configurationFile: String { path + "/session-bus.conf" }

    init() throws {
        path = try TemporaryDirectory.make(named: "diorama-fidelity-bus")
        do {
            try SessionBusConfiguration.text(listeningAt: path + "/bus").write(toFile: configurationFile, atomically: false, encoding: .utf8)
        } catch {
            try? TemporaryDirectory.remove(path)
            throw error
        }
    }

    deinit { try? TemporaryDirectory.remove(path) }
}

extension FidelitySession {
    /// What a client that dies at start saw, and how it ended: it is started
    /// with `WAYLAND_DEBUG=client` and waited for (up to 30 s, an event: its
    /// exit), and its whole log is the one phase `launch`.
    static func runUntilExit(
        _ client: FidelityClient, on compositor: FidelityCompositor
    ) throws -> (transcript: FidelityTranscript, ending: ChildProcessResult) {
        try withClient(client, on: compositor) { process in
            let ending = try process.waitForExit(timeout: 30)
            let messages = WaylandDebugLog.parse(ending.standardError)
            return (FidelityTranscript(messages: messages, phaseStarts: [("launch", 0)]), ending)
        }
    }
}

extension FidelityTests.OnKWin {
    /// foot 1.13 divides by the output's physical size in its wl_output
    /// listener: on KWin's -1 × -1 mm outputs it dies of SIGFPE. The fidelity
    /// is that it dies the same way under `kwin-5.27`, after the same events.
    @Test func footDiesOfTheSameSignalAfterTheSameEventsUnderKWinAndTheKWin527Profile() throws {
        let real = try RealKWinCompositor()
        defer { real.stop() }
        let onKWin = try FidelitySession.runUntilExit(.foot, on: real)
        let simulated = try SimulatedCompositor(profile: .kwin527, layout: FidelityKWinOutputs.simulatorLayout)
        defer { simulated.stop() }
        let underProfile = try FidelitySession.runUntilExit(.foot, on: simulated)

        for (label, run) in [("KWin 5.27", onKWin), ("kwin-5.27 profile", underProfile)] {
            #expect(
                run.ending.exitedBySignal && run.ending.status == SIGFPE,
                "foot under \(label): \(run.ending.exitedBySignal ? "signal" : "status") \(run.ending.status)")
            #expect(run.transcript.phases[0].events.contains { $0.hasPrefix("wl_output#1.geometry(") })
        }
        FidelityTests.expectNoUnlistedDifference(
            .foot, real: onKWin.transcript, simulated: underProfile.transcript, known: KnownDifferences.kwin527,
            labels: ("KWin 5.27", "kwin-5.27 profile"))
    }

    /// A maximized and restored window on KWin (a script's
    /// `setMaximize`) against the simulator's maximize under `kwin-5.27`.
    @Test func aMaximizedWindowIsToldTheSameUnderKWinAndTheKWin527Profile() throws {
        let real = try RealKWinCompositor()
        defer { real.stop() }
        let steps = FidelitySession.maximizeAndRestore
        let onKWin = try FidelitySession.run(.timerApp, on: real, steps: steps)
        let simulated = try SimulatedCompositor(profile: .kwin527, layout: FidelityKWinOutputs.simulatorLayout)
        defer { simulated.stop() }
        let underProfile = try FidelitySession.run(.timerApp, on: simulated, steps: steps)
        let (expected, _) = FidelityTests.expectNoUnlistedDifference(
            .timerApp, real: onKWin, simulated: underProfile, known: KnownDifferences.kwin527,
            labels: ("KWin 5.27", "kwin-5.27 profile"))
        // The window really was maximized to Virtual-0's 1280x800 and restored.
        #expect(expected.phases[1].events.contains { $0.hasPrefix("xdg_toplevel#1.configure(1280, 800, ") })
        #expect(expected.phases[2].events.contains { $0.hasPrefix("xdg_toplevel#1.configure(640, 480, ") })
    }

    /// Buffer release: weston-simple-shm draws with two buffers and aborts
    /// ("Both buffers busy at redraw()") where the replaced one is released
    /// only after the next frame's `done` (sway 1.7). KWin releases it
    /// before that `done`, and so does the profile (at the replacing commit):
    /// on both it keeps drawing, 30 released buffers on.
    @Test func westonSimpleShmKeepsDrawingOnKWinAndUnderTheKWin527Profile() throws {
        let real = try RealKWinCompositor()
        defer { real.stop() }
        let simulated = try SimulatedCompositor(profile: .kwin527, layout: FidelityKWinOutputs.simulatorLayout)
        defer { simulated.stop() }
        for (label, compositor) in [("KWin 5.27", real as FidelityCompositor), ("the kwin-5.27 profile", simulated)] {
            var environment = compositor.clientEnvironment
            environment["WAYLAND_DEBUG"] = "client"
            let process = try ChildProcess(
                URL(fileURLWithPath: "/usr/bin/weston-simple-shm"), environment: ChildProcess.minimalEnvironment(environment))
            defer { process.stop() }
            // Each look parses only the lines logged since the last one.
            var log = WaylandDebugLogFollower(path: process.standardErrorPath)
            var released = 0
            func releases() -> Int {
                released +=
                    log.catchUp().filter {
                        $0.direction == .received && $0.interface == "wl_buffer" && $0.message == "release"
                    }.count
                return released
            }
            _ = try Wait.until(
                "weston-simple-shm under \(label) to get 30 buffers back or to end", timeout: 30,
                wakingOn: WaitEvents(files: [process.standardErrorPath], children: [process]),
                details: { String(process.standardError.suffix(2000)) }
            ) { !process.isRunning || releases() >= 30 ? true : nil }
            #expect(process.isRunning, "weston-simple-shm ended under \(label): \(process.state)")
            #expect(!process.standardError.contains("Both buffers busy"), "under \(label)")
        }
    }

    /// KWin's first placement (`transient-first-placement`): an `enter`
    /// taken back by the very next event goes, with its `leave`; an `enter`
    /// that stays, or a `leave` that comes later, is still compared.
    @Test func onlyAnEnterTakenBackAtOnceIsTheTransientPlacement() {
        let real = FidelityTranscript(phases: [
            .init(
                name: "launch",
                events: [
                    "wl_surface#window1.enter(wl_output#1)", "wl_surface#window1.enter(wl_output#2)",
                    "wl_surface#window1.leave(wl_output#2)", "wl_keyboard#1.modifiers(_, 0, 0, 0, 0)",
                ]),
            .init(
                name: "move",
                events: [
                    "wl_surface#window1.enter(wl_output#2)", "wl_keyboard#1.modifiers(_, 0, 0, 0, 0)",
                    "wl_surface#window1.leave(wl_output#2)",
                ]),
        ])
        let kept = real.removing(KnownDifferences.kwin527, side: .real)
        #expect(kept.phases[0].events == ["wl_surface#window1.enter(wl_output#1)", "wl_keyboard#1.modifiers(_, 0, 0, 0, 0)"])
        #expect(kept.phases[1].events == real.phases[1].events)
        #expect(real.removing(KnownDifferences.kwin527, side: .simulator) == real)
    }
}

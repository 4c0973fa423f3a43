import DioramaControlProtocol
import DioramaPOSIX
import DioramaTestTraits
import Foundation
import Testing

@testable import HeadlessCompositors

#if canImport(Glibc)
    import Glibc
#endif

/// Real KWin 5.27 and Mutter 43, each started headless on a private session
/// bus, configured while running, and stopped with everything they started.
/// Serialized: each renders in software, and CI has two cores.
@Suite("KWin and Mutter headless", .serialized, .ownThreads)
struct KDEGnomeHeadlessTests {
    /// The processes in the launcher's group that are the session bus.
    static func busDaemons(of compositor: RunningCompositor) -> [ProcessStat] {
        ProcessStat.liveMembers(ofGroup: compositor.launcherPID).filter {
            SessionBusInstance.processName($0.pid) == "dbus-daemon"
        }
    }

    @Test("KWin starts with three outputs on its own bus; kscreen-doctor sets 1.5, a position and disables one; stop leaves nothing")
    func kwinOutputs() throws {
        let kwin = try KWinHeadless.start(outputCount: 3, width: 1280, height: 800)
        defer { kwin.stop() }
        #expect(kwin.kind == .kwin)
        #expect(SessionBusInstance.processName(kwin.compositorPID) == "kwin_wayland")
        #expect(Self.busDaemons(of: kwin).count == 1, "no private session bus in the group")
        let bus = try #require(kwin.sessionBusAddress)
        #expect(bus == "unix:path=\(kwin.runtimeDirectory)/bus")
        #expect(kwin.environment["DBUS_SESSION_BUS_ADDRESS"] == bus)
        // QPainter compositing unless this process's environment chose (KWinHeadless).
        let environ = String(decoding: FileManager.default.contents(atPath: "/proc/\(kwin.compositorPID)/environ") ?? Data(), as: UTF8.self)
        let compose = ProcessInfo.processInfo.environment["KWIN_COMPOSE"] ?? "Q"
        #expect(environ.split(separator: "\0").contains("KWIN_COMPOSE=\(compose)"), "\(environ.split(separator: "\0").filter { $0.hasPrefix("KWIN") })")

        let started = try KWinHeadless.outputs(of: kwin)
        #expect(started.map(\.name) == ["Virtual-0", "Virtual-1", "Virtual-2"])
        #expect(started.allSatisfy { $0.enabled && $0.scale == 1 && $0.width == 1280 })

        try KWinHeadless.configureOutputs(
            kwin, ["output.Virtual-1.scale.1.5", "output.Virtual-1.position.1280,0", "output.Virtual-2.disable"])
        let changed = try KWinHeadless.outputs(of: kwin)
        let second = try #require(changed.first { $0.name == "Virtual-1" })
        #expect(second.scale == 1.5)
        #expect(second.x == 1280 && second.width == 853 && second.height == 533)
        #expect(changed.first { $0.name == "Virtual-2" }?.enabled == false)

        // A client sees KWin's outputs, with the -1 mm physical size of its virtual backend.
        let info = try runClient("wayland-info", package: "wayland-utils", [], environment: kwin.clientEnvironment())
        #expect(info.status == 0, "\(info.output)")
        #expect(info.output.contains("Virtual-0"))
        #expect(info.output.contains("wp_fractional_scale_manager_v1"))

        kwin.stop()
        expectNothingLeft(kwin)
    }

    @Test("a KWin script reports a client's window and moves it")
    func kwinScriptMovesAWindow() throws {
        let kwin = try KWinHeadless.start(outputCount: 2)
        defer { kwin.stop() }
        let stopTerminal = try startClient("weston-terminal", package: "weston", [], environment: kwin.clientEnvironment())
        defer { stopTerminal() }
        let list = """
            var clients = workspace.clientList();
            for (var i = 0; i < clients.length; i++) {
                var g = clients[i].frameGeometry;
                report(clients[i].resourceClass + " " + g.x + " " + g.y);
            }
            """
        var lines: [String] = []
        // The terminal maps when it maps: look until it is there (bounded).
        poll(timeout: 20, interval: 0.1) {
            lines = (try? KWinHeadless.runScript(kwin, list)) ?? []
            return lines.contains { $0.hasPrefix("org.freedesktop.weston.wayland-terminal") }
        }
        #expect(lines.contains { $0.hasPrefix("org.freedesktop.weston.wayland-terminal") }, "\(lines)")
        _ = try KWinHeadless.runScript(
            kwin,
            """
            var clients = workspace.clientList();
            for (var i = 0; i < clients.length; i++) {
                var g = clients[i].frameGeometry;
                clients[i].frameGeometry = { x: 1400, y: 100, width: g.width, height: g.height };
            }
            """)
        let moved = try KWinHeadless.runScript(kwin, list)
        #expect(moved.contains("org.freedesktop.weston.wayland-terminal 1400 100"), "\(moved)")
    }

    @Test("foot 1.13 dies with SIGFPE on KWin's outputs of -1 x -1 mm: the real behaviour a kwin-5.27 profile must reproduce")
    func footDiesOnKWin() throws {
        let kwin = try KWinHeadless.start(outputCount: 1)
        defer { kwin.stop() }
        let log = kwin.runtimeDirectory + "/foot.log"
        let foot = try SpawnedProcess(
            executable: try Executables.require("foot", package: "foot"), arguments: ["--", "true"],
            environment: kwin.clientEnvironment(), standardOutput: .file(log, append: false),
            standardError: .file(log, append: true))
        let ended = foot.waitForExit(timeout: .seconds(30))
        if ended == nil { foot.terminate(grace: .seconds(1)) }
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(ended == .killed(signal: SIGFPE), "foot: \(ended.map(\.description) ?? "still running after 30 s"):\n\(output)")
        #expect(kwin.isRunning, "KWin went down with foot")
    }

    @Test("kscreen-doctor's listing is read with its colours on")
    func kscreenListingParses() {
        let text =
            "\u{1B}[01;32mOutput: \u{1B}[0;0m2 Virtual-1 \u{1B}[01;32menabled\u{1B}[0;0m connected priority 2 Unknown "
            + "Modes: 0:1280x800@60*! \u{1B}[01;33mGeometry: \u{1B}[0;0m1280,0 853x533 \u{1B}[01;33mScale: \u{1B}[0;0m1.5 Rotation: 1\n"
        #expect(
            KWinHeadless.parseOutputs(text) == [
                KWinHeadless.Output(name: "Virtual-1", enabled: true, x: 1280, y: 0, width: 853, height: 533, scale: 1.5)
            ])
    }

    @Test(
        "Mutter starts two monitors on its own bus, each at the refresh asked for (60 Hz unless given), takes a layout with exact supported scales, and stops with its bus"
    )
    func mutterLayout() throws {
        let mutter = try MutterHeadless.start(monitors: [
            DisplayMode(width: 1920, height: 1080, refreshMilliHz: 10_000), DisplayMode(width: 2560, height: 1600),
        ])
        defer { mutter.stop() }
        #expect(mutter.kind == .mutter)
        #expect(SessionBusInstance.processName(mutter.compositorPID) == "mutter")
        #expect(Self.busDaemons(of: mutter).count == 1)

        let state = try MutterHeadless.displayState(of: mutter)
        #expect(state.monitors.map(\.connector) == ["Meta-0", "Meta-1"])
        #expect(state.monitors.map(\.refreshHz) == [10, 60])
        #expect(state.monitors.first?.modeID == "1920x1080@10.000")
        let large = try #require(state.monitors.last)
        #expect(large.width == 2560 && large.modeID.hasPrefix("2560x1600"))
        // The experimental fractional flag is on: the big mode offers a scale near 1.5.
        let nearOneAndAHalf = MutterHeadless.nearestSupportedScale(to: 1.5, in: large.supportedScales)
        #expect(abs(nearOneAndAHalf - 1.5) < 0.01 && nearOneAndAHalf != 1.5)

        try MutterHeadless.apply(
            [
                .init(x: 0, y: 0, scale: 1, primary: true, connector: "Meta-0"),
                .init(x: 1920, y: 0, scale: nearOneAndAHalf, primary: false, connector: "Meta-1"),
            ], to: mutter)
        let applied = try MutterHeadless.displayState(of: mutter).logicalMonitors
        let right = try #require(applied.first { $0.connector == "Meta-1" })
        #expect(right.x == 1920 && right.scale == nearOneAndAHalf)

        // A scale the mode does not list is refused by Mutter, and the error says so.
        #expect(throws: CompositorLaunchError.self) {
            try MutterHeadless.apply([.init(x: 0, y: 0, scale: 1.5, primary: true, connector: "Meta-1")], to: mutter)
        }

        mutter.stop()
        expectNothingLeft(mutter)
    }

    /// A layout given at start is Mutter's from its start (its monitors.xml),
    /// so applying it again is skipped; one it cannot take (1.5 is not listed
    /// for 2560×1600) leaves Mutter's own layout, which the apply then replaces.
    @Test("Mutter starts laid out as asked when it can take the scales, else with its own layout until one is applied")
    func mutterStartsWithItsLayout() throws {
        let modes = [DisplayMode(width: 1280, height: 720, refreshMilliHz: 10_000), DisplayMode(width: 2560, height: 1600, refreshMilliHz: 10_000)]
        let taken: [MutterHeadless.LogicalMonitor] = [
            .init(x: 0, y: 0, scale: 1, primary: false, connector: "Meta-0"),
            .init(x: 1280, y: 0, scale: 2, primary: true, connector: "Meta-1"),
        ]
        let mutter = try MutterHeadless.start(monitors: modes, layout: taken)
        defer { mutter.stop() }
        let state = try MutterHeadless.displayState(of: mutter)
        #expect(Set(state.logicalMonitors) == Set(taken), "\(state.logicalMonitors)")
        try MutterHeadless.applyUnlessCurrent(taken, to: mutter)
        #expect(try MutterHeadless.displayState(of: mutter).serial == state.serial, "nothing was applied")
        mutter.stop()

        var refused = taken
        refused[1].scale = 1.5
        let other = try MutterHeadless.start(monitors: modes, layout: refused)
        defer { other.stop() }
        let before = try MutterHeadless.displayState(of: other)
        #expect(!before.logicalMonitors.contains { $0.scale == 1.5 }, "\(before.logicalMonitors)")
        let large = try #require(before.monitors.last)
        refused[1].scale = MutterHeadless.nearestSupportedScale(to: 1.5, in: large.supportedScales)
        try MutterHeadless.applyUnlessCurrent(refused, to: other)
        #expect(Set(try MutterHeadless.displayState(of: other).logicalMonitors) == Set(refused))
    }

    @Test("the outputs kscreen-doctor settings enable or disable, which configureOutputs waits to see listed so")
    func enabledStatesOfSettings() {
        let settings = [
            "output.Virtual-0.enable", "output.Virtual-0.scale.1.5", "output.Virtual-1.position.1280,0",
            "output.Virtual-2.disable", "output.Virtual-3.enable.extra", "outputs.Virtual-4.enable",
        ]
        #expect(KWinHeadless.enabledStates(in: settings) == ["Virtual-0": true, "Virtual-2": false])
    }

    @Test("a kscreen-doctor run that never finished counts as applied only when KWin lists every output as asked")
    func listingAgreesWithSettings() {
        let listed = [
            KWinHeadless.Output(name: "Virtual-0", enabled: true, x: 0, y: 0, width: 1280, height: 800, scale: 1.5),
            KWinHeadless.Output(name: "Virtual-3", enabled: true, x: 0, y: 1080, width: 960, height: 540, scale: 2),
        ]
        let plug = ["output.Virtual-3.enable", "output.Virtual-3.scale.2", "output.Virtual-3.position.0,1080"]
        #expect(KWinHeadless.listing(listed, agreesWith: plug))
        #expect(KWinHeadless.listing(listed, agreesWith: ["output.Virtual-0.scale.1.5", "output.Virtual-0.enable"]))
        #expect(!KWinHeadless.listing(listed, agreesWith: ["output.Virtual-3.disable"]))
        #expect(!KWinHeadless.listing(listed, agreesWith: ["output.Virtual-3.scale.1.5"]))
        #expect(!KWinHeadless.listing(listed, agreesWith: ["output.Virtual-3.position.1280,0"]))
        #expect(!KWinHeadless.listing(listed, agreesWith: ["output.Virtual-9.enable"]), "an output KWin does not list")
    }

    @Test("the nearest supported scale: the larger on a tie, 1 when none is listed")
    func nearestScale() {
        #expect(MutterHeadless.nearestSupportedScale(to: 1.5, in: [1, 2]) == 2)
        #expect(MutterHeadless.nearestSupportedScale(to: 1.5, in: [1, 1.25, 1.502347469329834, 2]) == 1.502347469329834)
        #expect(MutterHeadless.nearestSupportedScale(to: 2, in: []) == 1)
    }
}

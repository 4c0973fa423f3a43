import DioramaModel
import DioramaPOSIX
import DioramaSimulator
import DioramaSimulatorHarness
import DioramaTestTraits
import Foundation
import Testing
import WaylandClient

/// The `kwin-5.27` and `mutter-43` profiles show clients what KWin 5.27.5 and
/// Mutter 43.8 show them (issue #25, part 2). The real values were read with
/// `wayland-info` from `kwin_wayland --virtual` and `mutter --headless
/// --virtual-monitor` on Debian bookworm; the tests run real clients over the
/// simulator's real socket.
@Suite(.ownThreads) struct DesktopProfileTests {
    /// Every global each real compositor offers that the simulator implements,
    /// with the version `wayland-info` listed for it there.
    private static let realVersions: [String: [String: Int]] = [
        "kwin-5.27": [
            "wl_compositor": 5, "wl_subcompositor": 1, "wl_shm": 1, "xdg_wm_base": 4, "zxdg_output_manager_v1": 3,
            "wp_viewporter": 1, "wp_fractional_scale_manager_v1": 1, "zxdg_decoration_manager_v1": 1, "wl_seat": 8,
            "wl_data_device_manager": 3, "wl_output": 4,
        ],
        "mutter-43": [
            "wl_compositor": 5, "wl_subcompositor": 1, "wl_shm": 1, "xdg_wm_base": 4, "zxdg_output_manager_v1": 3,
            "wp_viewporter": 1, "wp_presentation": 1, "wl_seat": 8, "wl_data_device_manager": 3, "wl_output": 3,
        ],
    ]

    /// Three 1280×800 outputs at 1, 2 and 1.5, side by side in logical points.
    private static let threeScales = DisplayLayout(displays: [
        DisplayConfiguration(
            name: "A", mode: DisplayMode(width: 1280, height: 800), scale: .one, position: Point(x: 0, y: 0)),
        DisplayConfiguration(
            name: "B", mode: DisplayMode(width: 1280, height: 800), scale: Scale(integer: 2)!, position: Point(x: 1280, y: 0)),
        DisplayConfiguration(
            name: "C", mode: DisplayMode(width: 1280, height: 800), scale: Scale(1.5)!, position: Point(x: 1920, y: 0)),
    ])

    /// What `wayland-info` prints for the simulator run with `profile` on `threeScales`.
    private static func waylandInfo(_ profile: CompositorProfile) throws -> String {
        let path = "/usr/bin/wayland-info"
        try #require(
            FileManager.default.isExecutableFile(atPath: path), "\(path) is missing; install it with: apt-get install wayland-utils")
        let simulator = try BackgroundSimulator { SimulatorConfiguration(layout: threeScales, profile: profile) }
        defer { simulator.stop() }
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "WAYLAND_SOCKET")
        let run = try ProgramRun.run(path, environment: environment.merging(simulator.clientEnvironment) { $1 }, timeout: .seconds(30))
        #expect(run.succeeded, "wayland-info \(run.termination): \(run.output)")
        return run.output
    }

    /// The globals in `wayland-info`'s listing, each with its version (the
    /// version of the last one listed when an interface repeats, as wl_output does).
    private static func globals(in listing: String) -> [String: Int] {
        var versions: [String: Int] = [:]
        for line in listing.split(separator: "\n") where line.hasPrefix("interface: '") {
            let fields = line.split(separator: "'")
            guard fields.count >= 3, let version = line.split(separator: "version:").last?.split(separator: ",").first else { continue }
            versions[String(fields[1])] = Int(version.trimmingCharacters(in: .whitespaces))
        }
        return versions
    }

    /// The trimmed lines of `listing` that start with `prefix`.
    private static func lines(_ listing: String, startingWith prefix: String) -> [String] {
        listing.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix(prefix) }
    }

    @Test(.timeLimit(.minutes(10)), arguments: [CompositorProfile.kwin527, .mutter43])
    func offersTheGlobalsAndVersionsOfTheRealCompositor(_ profile: CompositorProfile) throws {
        let offered = Self.globals(in: try Self.waylandInfo(profile))
        #expect(offered == Self.realVersions[profile.name])
        #expect(CompositorProfile.named(profile.name) == profile)
    }

    @Test(.timeLimit(.minutes(10)))
    func kwinOutputsAreVirtualNWithMinusOneMillimetreAndCeiledScales() throws {
        let listing = try Self.waylandInfo(.kwin527)
        #expect(Self.lines(listing, startingWith: "name: Virtual-") == ["name: Virtual-0", "name: Virtual-1", "name: Virtual-2"])
        #expect(
            Self.lines(listing, startingWith: "name: '") == ["name: 'Virtual-2'", "name: 'Virtual-1'", "name: 'Virtual-0'"],
            "xdg_output names are Virtual-N too, listed last bound first")
        #expect(Self.lines(listing, startingWith: "physical_width:") == Array(repeating: "physical_width: -1 mm, physical_height: -1 mm,", count: 3))
        #expect(Self.lines(listing, startingWith: "make:") == Array(repeating: "make: '', model: '',", count: 3))
        #expect(Self.lines(listing, startingWith: "x: ") == ["x: 0, y: 0, scale: 1,", "x: 1280, y: 0, scale: 2,", "x: 1920, y: 0, scale: 2,"])
        // wayland-info lists xdg_outputs last bound first.
        #expect(
            Self.lines(listing, startingWith: "logical_width:") == [
                "logical_width: 853, logical_height: 533", "logical_width: 640, logical_height: 400",
                "logical_width: 1280, logical_height: 800",
            ])
        #expect(!listing.contains("name: A") && !listing.contains("'A'"), "the layout's names stay off the wire")
    }

    @Test(.timeLimit(.minutes(10)))
    func mutterOutputsAreMetaVirtualMonitorsOfZeroMillimetresWithoutNameEvents() throws {
        let listing = try Self.waylandInfo(.mutter43)
        #expect(Self.lines(listing, startingWith: "name: Meta").isEmpty, "wl_output v3 has no name event")
        #expect(
            Self.lines(listing, startingWith: "name: '") == ["name: 'Meta-0'", "name: 'Meta-1'", "name: 'Meta-2'"],
            "in order, as wayland-info lists them on Mutter: its outputs come before zxdg_output_manager_v1")
        #expect(Self.lines(listing, startingWith: "description: '") == Array(repeating: "description: 'MetaVendor'", count: 3))
        #expect(Self.lines(listing, startingWith: "physical_width:") == Array(repeating: "physical_width: 0 mm, physical_height: 0 mm,", count: 3))
        #expect(
            Self.lines(listing, startingWith: "make:") == Array(repeating: "make: 'MetaVendor', model: 'MetaVirtualMonitor',", count: 3))
        #expect(Self.lines(listing, startingWith: "x: ") == ["x: 0, y: 0, scale: 1,", "x: 1280, y: 0, scale: 2,", "x: 1920, y: 0, scale: 2,"])
    }

    /// As real Mutter 43 does (the fidelity suite's rescale): a rescaled
    /// monitor's wl_output gets its new scale and `done`, no geometry or
    /// mode; its neighbour, moved to stay adjacent, gets only `done` (its
    /// new position is xdg_output's).
    @Test func aMutterRescaleSendsTheScaleAndNoGeometryEvenToTheMovedNeighbour() throws {
        let harness = try Simulator.Harness.shipped("dual.json") { $0.profile = .mutter43 }
        let client = try WindowingClient(harness: harness)
        var events: [String: [String]] = [:]
        for name in ["Meta-0", "Meta-1"] {
            let output = try #require(client.outputs.outputs.first { $0.info.xdgName == name }?.proxy, "wl_output v3: named by xdg_output")
            let previous = output.onEvent
            output.onEvent = { event in
                switch event {
                case .geometry: events[name, default: []].append("geometry")
                case .mode: events[name, default: []].append("mode")
                case .scale: events[name, default: []].append("scale")
                case .name: events[name, default: []].append("name")
                case .description: events[name, default: []].append("description")
                case .done: events[name, default: []].append("done")
                }
                previous?(event)
            }
        }
        try harness.simulator.setScale(Scale(integer: 2)!, ofDisplay: "DP-1")
        try harness.roundtrip(client.connection)
        #expect(events["Meta-0"] == ["scale", "done"])
        #expect(events["Meta-1"] == ["done"])
        #expect(client.outputs.info(named: "Meta-1")?.logicalX == 960, "moved to stay adjacent, told by xdg_output")
    }

    /// The Virtual-N numbers count displays as they were added: one plugged
    /// after an unplug takes the next number, not the freed one.
    @Test func kwinNamesAPluggedDisplayWithTheNextVirtualNumber() throws {
        let harness = try Simulator.Harness.shipped("dual.json") { $0.profile = .kwin527 }
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, appID: "named")
        #expect(window.enteredOutputs == ["Virtual-0"])
        try harness.simulator.unplugDisplay("DP-2")
        try harness.simulator.plugDisplay(TestLayouts.display("HDMI-A-1", x: 1920))
        try harness.roundtrip(client.connection)
        client.outputs.refresh()  // binds the plugged display's output
        try harness.roundtrip(client.connection)
        try harness.simulator.moveWindow(.appID("named"), toDisplay: "HDMI-A-1")
        try harness.roundtrip(client.connection)
        #expect(window.enteredOutputs == ["Virtual-2"])
        #expect(try harness.simulator.window(.appID("named")).enteredDisplayNames == ["HDMI-A-1"], "the simulator keeps the layout's names")
    }

    /// foot 1.13 divides by the output's physical size in its wl_output
    /// listener: KWin's -1 × -1 mm kills it with SIGFPE, as on real KWin.
    @Test(.timeLimit(.minutes(10)))
    func footDiesOfSIGFPEUnderKWin() throws {
        let (foot, harness) = try Self.startFoot(under: .kwin527)
        defer {
            harness.stop([foot])
            _ = foot.terminate(grace: .seconds(5))
        }
        try Self.runUntilMappedOrExited(foot, harness)
        #expect(foot.termination == .killed(signal: SIGFPE))
        #expect(harness.simulator.windows.allSatisfy { !$0.isMapped })
    }

    /// The same foot, the same layout, under `modern` (real millimetres): it maps its window and lives.
    @Test(.timeLimit(.minutes(10)))
    func footRunsUnderModern() throws {
        let (foot, harness) = try Self.startFoot(under: .modern)
        defer {
            harness.stop([foot])
            _ = foot.terminate(grace: .seconds(5))
        }
        try Self.runUntilMappedOrExited(foot, harness)
        #expect(foot.isRunning, "foot \(foot.termination.map(String.init(describing:)) ?? "")")
    }

    /// Serves the simulator until `client` mapped a window or exited, whichever comes first.
    private static func runUntilMappedOrExited(_ client: SpawnedProcess, _ harness: Simulator.Harness) throws {
        try harness.run(
            until: { !client.isRunning || harness.simulator.windows.contains { $0.isMapped } }, timeout: .seconds(30),
            "\(client) to map a window or exit")
    }

    /// foot running a shell that waits, under a harness on the shipped dual layout with `profile`.
    private static func startFoot(under profile: CompositorProfile) throws -> (SpawnedProcess, Simulator.Harness) {
        let path = "/usr/bin/foot"
        try #require(FileManager.default.isExecutableFile(atPath: path), "\(path) is missing; install it with: apt-get install foot")
        let harness = try Simulator.Harness.shipped("dual.json") { $0.profile = profile }
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "WAYLAND_SOCKET")
        let foot = try SpawnedProcess(
            executable: path, arguments: ["/bin/sh", "-c", "sleep 600"],
            environment: environment.merging(harness.clientEnvironment) { $1 }, standardOutput: .null, standardError: .null)
        return (foot, harness)
    }
}

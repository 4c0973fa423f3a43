import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing
import WaylandClient

/// Window rules of `kwin-5.27` that the fidelity session cannot see in its
/// events, each with the numbers measured on real KWin 5.27.5
/// (`kwin_wayland --virtual`, Virtual-0 1280×800 at 1x and Virtual-1 at 2x
/// right of it, frame geometries read back through a KWin script).
@Suite struct KWinProfileRulesTests {
    /// KWin centres a new window on its output's area (742×427 at 269,186;
    /// (800 - 427) / 2 truncates), puts a second of the same size one step
    /// of 1/48 of the area further (26, 16 on 1280×800), and leaves a
    /// window wider than the output hanging over its left edge (1405 wide
    /// at x = -62, gtk4-widget-factory's size).
    @Test func newWindowsAreCentredAndStepAsideFromAWindowTheyWouldCover() throws {
        let harness = try Simulator.Harness(layout: FidelityKWinOutputs.simulatorLayout) { $0.profile = .kwin527 }
        let client = try WindowingClient(harness: harness)
        var origins: [Point] = []
        for (index, size) in [(742, 427), (742, 427), (742, 427), (1405, 800)].enumerated() {
            try mapWindow(client, in: harness, appID: "w\(index)", size: (Int32(size.0), Int32(size.1)))
            origins.append(try harness.simulator.window(.appID("w\(index)")).frame.origin)
        }
        #expect(
            origins == [Point(x: 269, y: 186), Point(x: 295, y: 202), Point(x: 321, y: 218), Point(x: -62, y: 0)],
            "KWin 5.27 placed these windows at 269,186; 295,202; 321,218; -62,0")
    }

    /// KWin 5.27 tells a maximized window six states (`array[24]` under
    /// `WAYLAND_DEBUG`): `maximized`, `activated` and the four `tiled_*`.
    /// Restored, the window stays where it was maximized until the client
    /// commits its restored size, so the maximized size never reaches the
    /// 2x output to its right (TimerApp on KWin got no enter there).
    @Test func aMaximizedWindowIsToldItIsTiledAndMovesBackOnlyWithItsRestoredSize() throws {
        let harness = try Simulator.Harness(layout: FidelityKWinOutputs.simulatorLayout) { $0.profile = .kwin527 }
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, appID: "max", size: (640, 480))
        try harness.simulator.maximizeWindow(.appID("max"))
        try harness.roundtrip(client.connection)
        let maximized = try #require(window.lastConfigure)
        #expect(maximized.states.count == 6)
        for state in [XdgToplevel.State.maximized, .activated, .tiledLeft, .tiledRight, .tiledTop, .tiledBottom] {
            #expect(maximized.has(state), "\(state)")
        }
        window.ackAndCommit()
        try harness.roundtrip(client.connection)
        window.clearLog()

        try harness.simulator.maximizeWindow(.appID("max"), false)
        try harness.roundtrip(client.connection)
        #expect(try harness.simulator.window(.appID("max")).frame.origin == .zero, "it waits for the restored size")
        window.ackAndCommit()
        try harness.roundtrip(client.connection)
        #expect(try harness.simulator.window(.appID("max")).frame == Rect(x: 320, y: 160, width: 640, height: 480))
        #expect(!window.log.contains(.enter("Virtual-1")), "\(window.log)")
    }

    /// KWin 5.27 answers a batch of requests with one configure: GTK 4's
    /// `unset_maximized` and `unset_fullscreen` right after its initial
    /// commit get no configure besides the initial one, and both sent at
    /// once to a mapped window get one (measured with a small libwayland
    /// client: 1, then 1; the profile sent 3, then 2).
    @Test func requestsAskingForTheUnansweredConfigureAgainGetNoSecondOne() throws {
        let harness = try Simulator.Harness(layout: FidelityKWinOutputs.simulatorLayout) { $0.profile = .kwin527 }
        let client = try WindowingClient(harness: harness)
        let window = client.makeWindow(appID: "unset")
        window.toplevel.unsetMaximized()
        window.toplevel.unsetFullscreen()
        try harness.roundtrip(client.connection)
        #expect(window.configures.count == 1)
        window.ackAndCommit()  // maps it: it is activated
        try harness.roundtrip(client.connection)
        window.ackAndCommit()  // answers the activation, as the probe did on KWin
        try harness.roundtrip(client.connection)
        let mapped = window.configures.count
        window.toplevel.unsetMaximized()
        window.toplevel.unsetFullscreen()
        try harness.roundtrip(client.connection)
        #expect(window.configures.count == mapped + 1)
    }
}

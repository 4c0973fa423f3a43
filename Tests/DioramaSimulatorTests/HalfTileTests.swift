import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing
import WaylandClient

/// Half tiling (`Simulator.halfTileWindow`, the control protocol's `tile`,
/// the scenario step `tile W left`) as each profile's compositor does it,
/// with the numbers measured on KWin 5.27.5 (`workspace.slotWindowQuickTileLeft/Right()`
/// in a script) and Mutter 43.8 (Super+Left/Right over RemoteDesktop),
/// their clients' configures read under `WAYLAND_DEBUG`.
@Suite struct HalfTileTests {
    /// One display of `width` × 800 pixels at `scale`.
    private static func layout(width: Int, scale: Scale = .one) -> DisplayLayout {
        DisplayLayout(displays: [
            DisplayConfiguration(name: "A", mode: DisplayMode(width: width, height: 800), scale: scale, position: .zero)
        ])
    }

    /// The tiled states of a configure, by name.
    private static func tiledStates(_ configure: ClientConfigure) -> Set<String> {
        let names: [(XdgToplevel.State, String)] = [
            (.tiledLeft, "left"), (.tiledRight, "right"), (.tiledTop, "top"), (.tiledBottom, "bottom"),
        ]
        return Set(names.filter { configure.has($0.0) }.map(\.1))
    }

    /// Tiles the window `appID` to `half` (nil: untiles it), answers the
    /// configure, and returns it.
    private static func tile(
        _ half: HalfTile?, _ window: ClientWindow, appID: String, client: WindowingClient, harness: Simulator.Harness
    ) throws -> ClientConfigure {
        try harness.simulator.halfTileWindow(.appID(appID), half)
        try harness.roundtrip(client.connection)
        let configure = try #require(window.lastConfigure)
        window.ackAndCommit()
        try harness.roundtrip(client.connection)
        return configure
    }

    /// KWin 5.27 at 1.5 on 1280 pixels (853 points): the left half is 427
    /// wide at x = 0, the right one 426 at x = 427; each is told its three
    /// edges (`array[16]` with `activated` on KWin). Untiled, the window is
    /// told its earlier size and goes back where it was.
    @Test func kwinGivesTheOddPointToTheLeftHalfAndTellsThreeEdges() throws {
        let harness = try Simulator.Harness(layout: Self.layout(width: 1280, scale: try #require(Scale(1.5)))) {
            $0.profile = .kwin527
        }
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, appID: "w", size: (300, 200))
        let floating = try harness.simulator.window(.appID("w")).frame

        let left = try Self.tile(.left, window, appID: "w", client: client, harness: harness)
        #expect((left.width, left.height) == (427, 533))
        #expect(Self.tiledStates(left) == ["left", "top", "bottom"])
        #expect(left.states.count == 4, "activated and three tiled_*")
        #expect(try harness.simulator.window(.appID("w")).frame == Rect(x: 0, y: 0, width: 427, height: 533))

        let right = try Self.tile(.right, window, appID: "w", client: client, harness: harness)
        #expect((right.width, right.height) == (426, 533))
        #expect(Self.tiledStates(right) == ["right", "top", "bottom"])
        #expect(try harness.simulator.window(.appID("w")).frame == Rect(x: 427, y: 0, width: 426, height: 533))

        let untiled = try Self.tile(nil, window, appID: "w", client: client, harness: harness)
        #expect((untiled.width, untiled.height) == (300, 200))
        #expect(Self.tiledStates(untiled).isEmpty)
        #expect(try harness.simulator.window(.appID("w")).frame == floating)
    }

    /// Mutter 43 makes each half of 1281 points 641 wide, the right one at
    /// x = 640 (a monitor of 1281×801 pixels: both configures said 641×801).
    @Test func mutterRoundsBothHalvesUp() throws {
        let harness = try Simulator.Harness(layout: Self.layout(width: 1281)) { $0.profile = .mutter43 }
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, appID: "w", size: (700, 500))

        let left = try Self.tile(.left, window, appID: "w", client: client, harness: harness)
        #expect((left.width, left.height) == (641, 800))
        #expect(try harness.simulator.window(.appID("w")).frame.origin.x == 0)
        let right = try Self.tile(.right, window, appID: "w", client: client, harness: harness)
        #expect((right.width, right.height) == (641, 800))
        #expect(Self.tiledStates(right) == ["right", "top", "bottom"])
        #expect(try harness.simulator.window(.appID("w")).frame.origin.x == 640)
        let untiled = try Self.tile(nil, window, appID: "w", client: client, harness: harness)
        #expect((untiled.width, untiled.height) == (700, 500))
    }

    /// Mutter 43 moves a window to its half only once the client answered
    /// with the half's size (weston-terminal's configure came before its
    /// `enter` of the next monitor); KWin's profile moves it at once.
    @Test(arguments: [(CompositorProfile.kwin527, true), (.mutter43, false)])
    func whenAHalfTiledWindowMoves(profile: CompositorProfile, movesAtOnce: Bool) throws {
        let harness = try Simulator.Harness(layout: Self.layout(width: 1280)) { $0.profile = profile }
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, appID: "w", size: (400, 300))
        let floating = try harness.simulator.window(.appID("w")).frame
        try harness.simulator.halfTileWindow(.appID("w"), .right)
        try harness.roundtrip(client.connection)
        #expect(try harness.simulator.window(.appID("w")).frame.origin == (movesAtOnce ? Point(x: 640, y: 0) : floating.origin))
        window.ackAndCommit()
        try harness.roundtrip(client.connection)
        #expect(try harness.simulator.window(.appID("w")).frame == Rect(x: 640, y: 0, width: 640, height: 800))
    }

    /// xdg_wm_base v1 has no `tiled_*` states: weston-terminal on KWin and
    /// on Mutter was told the half's size with `activated` alone (`array[4]`).
    @Test(arguments: [CompositorProfile.kwin527, .mutter43])
    func aClientOfXdgWmBaseV1IsToldTheSizeWithoutTiledStates(profile: CompositorProfile) throws {
        let harness = try Simulator.Harness(layout: Self.layout(width: 1280)) { $0.profile = profile }
        let client = try WindowingClient(harness: harness, wmBaseVersion: 1)
        let window = try mapWindow(client, in: harness, appID: "v1", size: (742, 427))
        let left = try Self.tile(.left, window, appID: "v1", client: client, harness: harness)
        #expect((left.width, left.height) == (640, 800))
        #expect(left.states == [XdgToplevel.State.activated.rawValue])
    }

    /// A half-tiled window keeps its half when its display is rescaled:
    /// foot tiled left on Mutter's 1920×1200 monitor (960×1200) was told
    /// 480×600 when the monitor went to 2x, and KWin told weston-terminal,
    /// tiled right at 1.5, 320×400 at 2x.
    @Test(arguments: [CompositorProfile.kwin527, .mutter43])
    func aHalfTiledWindowKeepsItsHalfWhenItsDisplayIsRescaled(profile: CompositorProfile) throws {
        let harness = try Simulator.Harness(layout: Self.layout(width: 1280)) { $0.profile = profile }
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, appID: "w", size: (400, 300))
        _ = try Self.tile(.right, window, appID: "w", client: client, harness: harness)
        window.clearLog()
        try harness.simulator.setScale(Scale(integer: 2)!, ofDisplay: "A")
        try harness.roundtrip(client.connection)
        let rescaled = try #require(window.lastConfigure)
        #expect((rescaled.width, rescaled.height) == (320, 400))
        #expect(Self.tiledStates(rescaled) == ["right", "top", "bottom"])
        window.ackAndCommit()
        try harness.roundtrip(client.connection)
        #expect(try harness.simulator.window(.appID("w")).frame == Rect(x: 320, y: 0, width: 320, height: 400))
    }

    /// A window whose minimum width is more than its half: KWin 5.27 tells
    /// it the half all the same (TimerApp, at least 500 points wide, was
    /// told 320×400 on a 640-point output), Mutter 43 leaves it untiled and
    /// tells it nothing (gtk4-widget-factory stayed as it was), and `modern`
    /// clamps the half to the minimum, as every configure.
    @Test(arguments: [
        (CompositorProfile.kwin527, Size(width: 640, height: 800) as Size?), (.mutter43, nil), (.modern, Size(width: 700, height: 800)),
    ])
    func aWindowWhoseMinimumIsWiderThanItsHalf(profile: CompositorProfile, told expected: Size?) throws {
        let harness = try Simulator.Harness(layout: Self.layout(width: 1280)) { $0.profile = profile }
        let client = try WindowingClient(harness: harness)
        let window = client.makeWindow(appID: "wide")
        window.toplevel.setMinSize(width: 700, height: 300)
        window.preferredSize = (800, 400)
        try harness.roundtrip(client.connection)
        window.ackAndCommit()
        try harness.roundtrip(client.connection)
        let before = window.configures.count
        try harness.simulator.halfTileWindow(.appID("wide"), .left)
        try harness.roundtrip(client.connection)
        if let expected {
            let told = try #require(window.lastConfigure)
            #expect(Size(width: Int(told.width), height: Int(told.height)) == expected)
            #expect(Self.tiledStates(told) == ["left", "top", "bottom"])
        } else {
            #expect(window.configures.count == before)
            #expect(try harness.simulator.window(.appID("wide")).states.isDisjoint(with: .tiled))
        }
    }

    /// sway 1.7 and weston 10 have no half tiling: their profiles refuse it
    /// with the reason, and the window is told nothing.
    @Test(arguments: [CompositorProfile.sway17Floating, .weston10])
    func profilesWithoutHalfTilingRefuseIt(profile: CompositorProfile) throws {
        let harness = try Simulator.Harness(layout: Self.layout(width: 1280)) { $0.profile = profile }
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, appID: "w", size: (400, 300))
        let before = window.configures.count
        #expect(throws: SimulatorControlError.halfTilingUnsupported(profile: profile.name)) {
            try harness.simulator.halfTileWindow(.appID("w"), .left)
        }
        try harness.roundtrip(client.connection)
        #expect(window.configures.count == before)
    }
}

import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing
import WaylandClient
import WaylandCommon

/// The `sway-1.7` profile behaves as real sway 1.7 was observed to (issue #11,
/// finding 5; the observations are in `Docs/fidelity.md`). One test per
/// observation a client can make.
@Suite struct SwayProfileTests {
    private static let tiledAndActive: Set<UInt32> = Set([XdgToplevel.State.activated, .tiledLeft, .tiledRight, .tiledTop, .tiledBottom].map(\.rawValue))
    private static let tiledOnly: Set<UInt32> = Set([XdgToplevel.State.tiledLeft, .tiledRight, .tiledTop, .tiledBottom].map(\.rawValue))

    private func swayHarness(_ profile: CompositorProfile = .sway17) throws -> Simulator.Harness {
        try Simulator.Harness.shipped("dual.json") { $0.profile = profile }
    }

    // (a) sway tiles: the initial configure is 0x0 without states; the first
    // buffer is answered by a configure filling the display, activated and
    // tiled; the window shows (enter) only after the client answered that.
    @Test func newWindowsTileAndShowOnceTheClientAnsweredTheTilingConfigure() throws {
        let harness = try swayHarness()
        let client = try WindowingClient(harness: harness)
        let window = client.makeWindow(appID: "tiled")
        try harness.roundtrip(client.connection)
        #expect(window.configures.count == 1)
        #expect(window.lastConfigure?.width == 0 && window.lastConfigure?.height == 0)
        #expect(window.lastConfigure?.states == [])
        window.ackAndCommit()  // a 400x300 buffer, as a client choosing its own size
        try harness.roundtrip(client.connection)
        let tiling = try #require(window.lastConfigure)
        #expect(window.configures.count == 2)
        #expect(tiling.width == 1920 && tiling.height == 1080)
        #expect(Set(tiling.states) == Self.tiledAndActive)
        #expect(window.enteredOutputs == [], "sway shows the window only after the tiling configure was answered")
        window.ackAndCommit()
        try harness.roundtrip(client.connection)
        #expect(window.enteredOutputs == ["DP-1"])
        let simulated = try harness.simulator.window(.appID("tiled"))
        #expect(simulated.isMapped)
        #expect(simulated.frame == Rect(origin: Point(x: 0, y: 0), size: Size(width: 1920, height: 1080)))
    }

    @Test func theFloatingVariantKeepsCascadingWindowsAtTheirOwnSize() throws {
        let harness = try swayHarness(.sway17Floating)
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, appID: "floating")
        #expect(window.configures.count == 2)  // initial, then activated at the size it chose
        #expect(window.lastConfigure?.width == 400 && window.lastConfigure?.height == 300)
        #expect(window.lastConfigure?.states == [XdgToplevel.State.activated.rawValue])
        #expect(window.enteredOutputs == [], "sway shows a floating window too only once its client answered")
        window.ackAndCommit()
        try harness.roundtrip(client.connection)
        #expect(window.enteredOutputs == ["DP-1"])
        #expect(try harness.simulator.window(.appID("floating")).frame.size == Size(width: 400, height: 300))
        #expect(CompositorProfile.named("sway-1.7-floating") == .sway17Floating)
    }

    /// Maps a tiled window the way a client answering every configure does.
    private func mapTiled(_ client: WindowingClient, in harness: Simulator.Harness, appID: String) throws -> ClientWindow {
        let window = client.makeWindow(appID: appID)
        window.autoRespond = true
        for _ in 0..<3 { try harness.roundtrip(client.connection) }
        return window
    }

    // (b) sway's `move container to output` leaves focus behind: the moved
    // window gets one configure, tiled at the new output's size, without
    // `activated`; the configure comes before leave/enter.
    @Test func aWindowMovedToAnotherDisplayLosesActivated() throws {
        let harness = try swayHarness()
        let client = try WindowingClient(harness: harness)
        let window = try mapTiled(client, in: harness, appID: "mover")
        #expect(window.lastConfigure.map { Set($0.states) } == Self.tiledAndActive)
        window.clearLog()
        try harness.simulator.moveWindow(.appID("mover"), toDisplay: "DP-2")
        try harness.roundtrip(client.connection)
        let configures = window.log.compactMap { if case .configure(let c) = $0 { c } else { nil } }
        #expect(configures.count == 1)
        #expect(configures.first.map { Set($0.states) } == Self.tiledOnly)
        #expect(configures.first?.width == 1920 && configures.first?.height == 1080)
        #expect(harness.simulator.focusedWindow == nil)
        #expect(window.enteredOutputs == ["DP-2"])
        // Moving back does not give focus back either.
        window.clearLog()
        try harness.simulator.moveWindow(.appID("mover"), toDisplay: "DP-1")
        try harness.roundtrip(client.connection)
        #expect(window.lastConfigure.map { Set($0.states) } == Self.tiledOnly)
    }

    @Test func modernKeepsAMovedWindowActive() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, appID: "mover")
        try harness.simulator.moveWindow(.appID("mover"), toDisplay: "DP-2")
        try harness.roundtrip(client.connection)
        #expect(window.lastConfigure?.has(.activated) == true)
        #expect(harness.simulator.focusedWindow?.appID == "mover")
    }

    // (e) new windows open on the focused output: after the only window moved
    // to DP-2, focus stays on DP-1 and the next window opens there; once a
    // window on DP-2 has focus, new windows open on DP-2 — never by the
    // default display alone.
    @Test func newWindowsOpenOnTheFocusedDisplay() throws {
        let harness = try Simulator.Harness.shipped("dual.json") {
            $0.profile = .sway17
            $0.defaultDisplay = "DP-1"
        }
        let client = try WindowingClient(harness: harness)
        _ = try mapTiled(client, in: harness, appID: "first")
        try harness.simulator.focusWindow(.appID("first"))
        try harness.simulator.moveWindow(.appID("first"), toDisplay: "DP-2")
        try harness.simulator.focusWindow(.appID("first"))
        try harness.roundtrip(client.connection)
        let second = try mapTiled(client, in: harness, appID: "second")
        #expect(second.enteredOutputs == ["DP-2"])
        #expect(try harness.simulator.window(.appID("second")).homeDisplayName == "DP-2")
    }

    // (f) enter/leave follow output order: moving DP-2 → DP-1 sends enter(DP-1)
    // before leave(DP-2), as wlroots walks its outputs once.
    @Test func enterAndLeaveFollowDisplayOrder() throws {
        let harness = try swayHarness(.sway17Floating)
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, appID: "walker")
        window.ackAndCommit()  // sway shows the window once the client answered
        try harness.roundtrip(client.connection)
        try harness.simulator.moveWindow(.appID("walker"), toDisplay: "DP-2")
        try harness.roundtrip(client.connection)
        window.clearLog()
        try harness.simulator.moveWindow(.appID("walker"), toDisplay: "DP-1")
        try harness.roundtrip(client.connection)
        let membership = window.log.filter { if case .enter = $0 { true } else if case .leave = $0 { true } else { false } }
        #expect(membership == [.enter("DP-1"), .leave("DP-2")])
    }

    @Test func modernSendsLeavesFirst() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, appID: "walker")
        try harness.simulator.moveWindow(.appID("walker"), toDisplay: "DP-2")
        try harness.roundtrip(client.connection)
        window.clearLog()
        try harness.simulator.moveWindow(.appID("walker"), toDisplay: "DP-1")
        try harness.roundtrip(client.connection)
        let membership = window.log.filter { if case .enter = $0 { true } else if case .leave = $0 { true } else { false } }
        #expect(membership == [.leave("DP-2"), .enter("DP-1")])
    }

    // (c) rescaling DP-1 keeps DP-2 where it is (sway leaves a gap); the
    // tiled window on DP-1 gets the new usable size.
    @Test func rescalingADisplayLeavesItsNeighbourInPlace() throws {
        let harness = try swayHarness()
        let client = try WindowingClient(harness: harness)
        let window = try mapTiled(client, in: harness, appID: "scaled")
        try harness.simulator.setScale(Scale(integer: 2)!, ofDisplay: "DP-1")
        try harness.roundtrip(client.connection)
        #expect(harness.simulator.display(named: "DP-2")?.logicalRect.origin == Point(x: 1920, y: 0))
        #expect(window.lastConfigure?.width == 960 && window.lastConfigure?.height == 540)
    }

    // (d) xdg-decoration: offered by sway-1.7 only; a client asking for a mode
    // is told server side inside the initial configure sequence.
    @Test func swayOffersServerSideDecorations() throws {
        let modern = try Simulator.Harness.shipped("dual.json")
        #expect(try modern.connect().globals(named: "zxdg_decoration_manager_v1").isEmpty)

        let harness = try swayHarness()
        let client = try WindowingClient(harness: harness)
        let manager = try client.connection.bind(WaylandClient.ZxdgDecorationManagerV1.self)
        let window = client.makeWindow(appID: "decorated", initialCommit: false)
        let decoration = manager.getToplevelDecoration(toplevel: window.toplevel)
        var modes: [WaylandClient.ZxdgToplevelDecorationV1.Mode] = []
        var configuresBeforeMode = -1
        decoration.onEvent = { event in
            guard case .configure(let mode) = event else { return }
            modes.append(mode)
            configuresBeforeMode = window.configures.count
        }
        decoration.setMode(mode: .clientSide)
        window.surface.commit()
        try harness.roundtrip(client.connection)
        #expect(modes == [.serverSide])
        #expect(configuresBeforeMode == 0, "the mode comes before the xdg_surface.configure it belongs to")
        #expect(window.configures.count == 1)
        // A second decoration object for the same toplevel is a protocol error.
        _ = manager.getToplevelDecoration(toplevel: window.toplevel)
        try? harness.roundtrip(client.connection)
        #expect(client.connection.protocolError?.interface == "zxdg_toplevel_decoration_v1")
        #expect(client.connection.protocolError?.code == WaylandClient.ZxdgToplevelDecorationV1.Error.alreadyConstructed.rawValue)
    }

    // (g) wlroots puts global positions only in xdg_output: wl_output.geometry
    // says 0,0 for every output. (h) A rescale sends geometry and scale but
    // neither mode nor description.
    @Test func outputGeometryIsAtTheOriginAndARescaleSendsOnlyWhatChanged() throws {
        let harness = try swayHarness()
        let client = try WindowingClient(harness: harness)
        let second = try #require(client.outputs.info(named: "DP-2"))
        #expect(second.x == 0 && second.y == 0)
        #expect(second.logicalX == 1920)
        let output = try #require(client.outputs.outputs.first { $0.info.name == "DP-1" }?.proxy)
        var events: [String] = []
        let previous = output.onEvent
        output.onEvent = { event in
            switch event {
            case .geometry: events.append("geometry")
            case .mode: events.append("mode")
            case .scale: events.append("scale")
            case .name: events.append("name")
            case .description: events.append("description")
            case .done: events.append("done")
            }
            previous?(event)
        }
        try harness.simulator.setScale(Scale(integer: 2)!, ofDisplay: "DP-1")
        try harness.roundtrip(client.connection)
        #expect(events == ["geometry", "scale", "done"])
    }

    @Test func modernOutputGeometryCarriesTheGlobalPosition() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        #expect(client.outputs.info(named: "DP-2")?.x == 1920)
    }
}

import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing
import WaylandClient

/// The differences between real sway 1.7 and its profile that a new user
/// found (issue 25), each reproduced under the profiles it concerns.
@Suite struct SwayFindingsTests {
    /// A buffer whose size is not a multiple of its scale (alacritty 0.11
    /// starts at 820×45 at scale 2): sway 1.7, weston 10, KWin 5.27 and
    /// Mutter 43 accept it (a client attaching 821×45 at scale 2 stayed
    /// connected to each), so their profiles do and mark the commit; `modern`
    /// enforces the rule. (KWin's scripts then read the window as 411×23,
    /// rounded; the profile truncates as for the others: Docs/fidelity.md.)
    @Test(arguments: [CompositorProfile.sway17Floating, .weston10, .kwin527, .mutter43])
    func aBufferSizeNotAMultipleOfTheScaleIsToleratedWhereTheCompositorTolerates(_ profile: CompositorProfile) throws {
        let harness = try Simulator.Harness.shipped("dual.json") { $0.profile = profile }
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, appID: "odd")
        window.commitBuffer(width: 821, height: 45, scale: 2)
        try harness.roundtrip(client.connection)
        #expect(client.connection.protocolError == nil)
        let commits = harness.simulator.trace.records.compactMap { record -> CommitFact? in
            if case .commit(let fact) = record.event { return fact }
            return nil
        }
        let last = try #require(commits.last)
        #expect(last.bufferSize == Size(width: 821, height: 45))
        #expect(last.surfaceSize == Size(width: 410, height: 22), "the size truncates, as wlroots and weston divide")
        #expect(last.bufferNotMultipleOfScale)
        #expect(commits.dropLast().allSatisfy { !$0.bufferNotMultipleOfScale })
    }

    @Test func theModernProfileEnforcesTheBufferScaleRule() throws {
        let harness = try Simulator.Harness.shipped("dual.json") { $0.profile = .modern }
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, appID: "odd")
        window.commitBuffer(width: 821, height: 45, scale: 2)
        let error = try harness.roundtripExpectingError(client.connection)
        #expect(error.interface == "wl_surface" && error.code == WlSurface.Error.invalidSize.rawValue)
    }

    /// The states of the configures traced for the window called `appID`.
    private func tracedStates(_ harness: Simulator.Harness, window: UInt32) -> [ToplevelStates] {
        harness.simulator.trace.records.compactMap { record -> ToplevelStates? in
            if case .configureSent(let fact) = record.event, fact.window == window { return fact.states }
            return nil
        }
    }

    /// A client of xdg_wm_base v1 cannot be told `tiled_*`: sway tells it
    /// `maximized` instead (weston-terminal then draws 1280×800 without
    /// shadows), and the trace records what was sent. A v2 client still gets
    /// the four tiled states.
    @Test(arguments: [
        (UInt32(1), ToplevelStates([.activated, .maximized])), (UInt32(2), ToplevelStates.tiled.union(.activated)),
    ])
    func aTiledClientIsToldWhatItsVersionCanCarryAndTheTraceRecordsWhatWasSent(
        _ version: UInt32, _ expected: ToplevelStates
    ) throws {
        let harness = try Simulator.Harness.shipped("dual.json") { $0.profile = .sway17 }
        let client = try WindowingClient(harness: harness, wmBaseVersion: version)
        let window = client.makeWindow(appID: "tiled")
        try harness.roundtrip(client.connection)
        window.ackAndCommit()
        try harness.roundtrip(client.connection)
        let tiling = try #require(window.lastConfigure)
        #expect(ToplevelStates(wireArray: tiling.states) == expected)
        let traced = tracedStates(harness, window: try harness.simulator.window(.appID("tiled")).id)
        #expect(traced.last == expected)
        #expect(traced.allSatisfy { $0.sendable(version: version) == $0 }, "only states the client could be sent")
    }

    /// 1600×900 pixels at 1.5: wlroots and weston truncate to 1066×600
    /// points; `modern` rounds to the nearest point, 1067×600.
    @Test(arguments: [("sway-1.7", 1066), ("weston-10", 1066), ("modern", 1067)])
    func theLogicalSizeAtAFractionalScaleIsRoundedAsTheCompositorDoes(_ name: String, _ width: Int) throws {
        let profile = try #require(CompositorProfile.named(name))
        let display = DisplayConfiguration(
            name: "DP-1", mode: DisplayMode(width: 1600, height: 900), scale: Scale(numerator120: 180))
        let harness = try Simulator.Harness(layout: DisplayLayout(displays: [display])) { $0.profile = profile }
        #expect(harness.simulator.displays.first?.logicalRect.size == Size(width: width, height: 600))
        let client = try WindowingClient(harness: harness)
        let outputs = try ClientOutputs(client: client.connection)
        try harness.roundtrip(client.connection)
        #expect(outputs.outputs.first?.info.logicalWidth == Int32(width))
        #expect(outputs.outputs.first?.info.logicalHeight == 600)
    }

    /// Maps a client-side-decorated window (GTK's shadows: 26 points left
    /// and right, 23 above and below the window geometry) that answers
    /// every configure at the configured size; returns it once drawn.
    private func mapShadowedWindow(
        _ client: WindowingClient, in harness: Simulator.Harness, appID: String
    ) throws -> ClientWindow {
        let window = client.makeWindow(appID: appID)
        window.autoRespond = false
        try harness.roundtrip(client.connection)
        for _ in 0..<2 {  // sway: the initial configure, then the tiling one
            let configure = try #require(window.lastConfigure)
            let width = configure.width > 0 ? Int(configure.width) : 400
            let height = configure.height > 0 ? Int(configure.height) : 300
            window.xdgSurface.ackConfigure(serial: configure.serial)
            window.xdgSurface.setWindowGeometry(x: 26, y: 23, width: Int32(width), height: Int32(height))
            window.commitBuffer(width: width + 52, height: height + 46)
            try harness.roundtrip(client.connection)
        }
        return window
    }

    /// Tiled on the 1× display of `dual` (DP-2, 2×, to its right), GTK's
    /// right shadow reaches 26 points into DP-2: sway enters DP-1 only, by
    /// the tile; `modern` counts the whole surface and enters both. KWin
    /// 5.27 goes by the window geometry too: gtk4-widget-factory moved
    /// right of an output's edge left it though its shadow still reached
    /// back (the fidelity suite's gtk4-widget-factory session); its client
    /// sees DP-1 as Virtual-0.
    @Test(arguments: [("sway-1.7", ["DP-1"]), ("modern", ["DP-1", "DP-2"]), ("kwin-5.27", ["Virtual-0"])])
    func aShadowedWindowEntersTheDisplaysItsGeometryIsOn(_ name: String, _ expected: [String]) throws {
        let profile = try #require(CompositorProfile.named(name))
        let harness = try Simulator.Harness.shipped("dual.json") { $0.profile = profile }
        let client = try WindowingClient(harness: harness)
        let window = try mapShadowedWindow(client, in: harness, appID: "gtk")
        if profile.windowPlacement != .tiled {
            // Floating: put the geometry's right edge on the displays' border.
            let simulated = try harness.simulator.window(.appID("gtk"))
            try harness.simulator.moveWindow(.id(simulated.id), to: Point(x: 1920 - simulated.frame.width, y: 100))
            try harness.roundtrip(client.connection)
        }
        #expect(try harness.simulator.window(.appID("gtk")).frame.maxX == 1920)
        #expect(window.enteredOutputs == expected)
        #expect(try harness.simulator.window(.appID("gtk")).preferredScale == (expected.count == 1 ? .one : Scale(integer: 2)))
    }
}

import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing

/// Hot-plugging and unplugging displays.
@Suite struct PlugUnplugTests {
    @Test func pluggingAddsAGlobalClientsCanBind() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        #expect(client.connection.globals(named: "wl_output").count == 1)

        try harness.simulator.plugDisplay(TestLayouts.display("HDMI-A-1", x: 1440, scale: Scale(1.25)!))
        try harness.roundtrip(client.connection)
        #expect(client.connection.globals(named: "wl_output").count == 2)
        client.outputs.refresh()
        try harness.roundtrip(client.connection)
        let info = try #require(client.outputs.info(named: "HDMI-A-1"))
        #expect(info.scale == 2)
        #expect(info.logicalWidth == 1920)
    }

    @Test func pluggingAnOverlappingDisplayIsRefused() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        #expect(throws: SimulatorControlError.self) {
            try harness.simulator.plugDisplay(TestLayouts.display("HDMI-A-1", x: 1000))
        }
        #expect(harness.simulator.displays.count == 1)
    }

    @Test func unpluggingMovesWindowsAndSendsLeaveAndGlobalRemove() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 2100, y: 200))
        try harness.roundtrip(client.connection)
        window.clearLog()
        let removedName = try #require(client.connection.globals(named: "wl_output").last?.name)

        try harness.simulator.unplugDisplay("DP-2")
        try harness.roundtrip(client.connection)

        #expect(client.connection.removedGlobals == [removedName])
        #expect(window.log == [.leave("DP-2"), .enter("DP-1"), .preferredScale(120)])
        let simulated = try harness.simulator.window(.appID("org.diorama.test"))
        // Same offset from the usable corner, now on DP-1.
        #expect(simulated.frame.origin == Point(x: 180, y: 200))
        #expect(simulated.homeDisplayName == "DP-1")
        #expect(harness.simulator.displays.map(\.name) == ["DP-1"])
    }

    /// Many clients destroy their wl_output when its global goes (SDL 2,
    /// weston's toolkit): every event naming the output must come before
    /// `global_remove`, or it reaches them as `leave(NULL)`. The window's
    /// whole move (leave, enter, preferred scale) is told before the removal.
    @Test func leaveAndTheMoveComeBeforeGlobalRemove() throws {
        let told = try unplugDisplayUnderWindow(in: try Simulator.Harness.shipped("dual.json"))

        #expect(told.beforeRemoval == [.leave("DP-2"), .enter("DP-1"), .preferredScale(120)])
        #expect(told.all == told.beforeRemoval, "nothing about the window after global_remove")
    }

    /// The same order when the last display goes and the window stays on none.
    @Test func leaveComesBeforeGlobalRemoveForTheLastDisplay() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        window.clearLog()
        var toldBeforeRemoval: [ClientWindowEvent]?
        client.connection.onGlobalRemove = { _ in toldBeforeRemoval = window.log }
        let display = try #require(harness.simulator.displays.first?.name)

        try harness.simulator.unplugDisplay(display)
        try harness.roundtrip(client.connection)

        #expect(toldBeforeRemoval == [.leave(display)])
    }

    @Test func aDisplayPluggedUnderAWindowIsEntered() throws {
        let harness = try Simulator.Harness(layout: DisplayLayout(displays: [TestLayouts.display("DP-1", x: 0)]))
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, size: (400, 300))
        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 1800, y: 100))
        try harness.roundtrip(client.connection)

        try harness.simulator.plugDisplay(TestLayouts.display("DP-2", x: 1920, scale: Scale(integer: 2)!))
        try harness.roundtrip(client.connection)
        client.outputs.refresh()
        try harness.roundtrip(client.connection)
        // The enter came when the client bound the new output.
        #expect(Set(window.enteredOutputs) == ["DP-1", "DP-2"])
        #expect(window.preferredScale120 == 240)
    }
}

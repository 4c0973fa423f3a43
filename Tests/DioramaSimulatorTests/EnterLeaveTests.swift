import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing
import WaylandClient

/// wl_surface.enter/leave and the preferred scale as a window moves between
/// a 1x and a 2x display (Configs/displays/dual.json).
@Suite struct EnterLeaveTests {
    @Test func movingToTheOtherDisplaySendsLeaveThenEnterThenPreferredScale() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        #expect(window.enteredOutputs == ["DP-1"])
        #expect(window.preferredScale120 == 120)
        window.clearLog()

        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 2200, y: 100))
        try harness.roundtrip(client.connection)

        #expect(window.log == [.leave("DP-1"), .enter("DP-2"), .preferredScale(240)])
        #expect(window.enteredOutputs == ["DP-2"])
        let simulated = try harness.simulator.window(.appID("org.diorama.test"))
        #expect(simulated.enteredDisplayNames == ["DP-2"])
        #expect(simulated.homeDisplayName == "DP-2")
        #expect(simulated.preferredScale == Scale(integer: 2))

        // The trace says the same, in the same order.
        let kinds = harness.simulator.trace.events(window: simulated.id).suffix(4).map { TraceJSON.typeName($0.event) }
        #expect(kinds == ["window_moved", "leave", "enter", "preferred_scale"])
    }

    @Test func movingByDisplayNameKeepsTheOffsetInsideTheUsableArea() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        try mapWindow(client, in: harness)
        let before = try harness.simulator.window(.appID("org.diorama.test")).frame.origin

        try harness.simulator.moveWindow(.appID("org.diorama.test"), toDisplay: "DP-2")
        try harness.roundtrip(client.connection)

        let window = try harness.simulator.window(.appID("org.diorama.test"))
        #expect(window.frame.origin == Point(x: 1920 + before.x, y: before.y))
        #expect(window.enteredDisplayNames == ["DP-2"])
    }

    @Test func movingOffEveryDisplayLeavesAllAndKeepsTheLastPreferredScale() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 2000, y: 10))
        try harness.roundtrip(client.connection)
        window.clearLog()

        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 10_000, y: 10_000))
        try harness.roundtrip(client.connection)

        #expect(window.log == [.leave("DP-2")])
        #expect(window.enteredOutputs.isEmpty)
        #expect(window.preferredScale120 == 240)
    }

    @Test func aClientThatBindsAnOutputLateIsToldAboutSurfacesAlreadyOnIt() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        #expect(window.enteredOutputs == ["DP-1"])

        // A second binding of DP-1's global by the same client gets its own enter.
        let global = try #require(client.connection.globals(named: "wl_output").first)
        _ = client.connection.bind(WlOutput.self, global: global, version: 4)
        try harness.roundtrip(client.connection)
        #expect(window.log.filter { if case .enter = $0 { true } else { false } }.count == 2)
    }
}

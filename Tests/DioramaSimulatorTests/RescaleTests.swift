import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing

/// Changing a display's scale while a window is on it.
@Suite struct RescaleTests {
    @Test func rescaleInPlaceUpdatesTheOutputThenThePreferredScale() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 2000, y: 100))
        try harness.roundtrip(client.connection)
        let before = try #require(client.outputs.info(named: "DP-2"))
        #expect(before.scale == 2)
        #expect(before.logicalWidth == 1920)
        window.clearLog()

        try harness.simulator.setScale(Scale(1.5)!, ofDisplay: "DP-2")
        try harness.roundtrip(client.connection)

        let after = try #require(client.outputs.info(named: "DP-2"))
        // wl_output.scale is the ceiling of 1.5; the logical size is 3840/1.5.
        #expect(after.scale == 2)
        #expect(after.logicalWidth == 2560 && after.logicalHeight == 1440)
        #expect(after.doneCount == before.doneCount + 1)
        // The usable area grew, so configure_bounds changed: a configure follows the scale.
        #expect(window.log == [.preferredScale(180), .configureBounds(width: 2560, height: 1440), .configure(window.lastConfigure!)])
        #expect(window.lastConfigure?.width == 400 && window.lastConfigure?.height == 300)
        #expect(harness.simulator.display(named: "DP-2")?.logicalRect == Rect(x: 1920, y: 0, width: 2560, height: 1440))

        let change = harness.simulator.trace.records.last { if case .displayChanged = $0.event { true } else { false } }
        guard case .displayChanged(let fact, let what)? = change?.event else {
            Issue.record("no display_changed in the trace")
            return
        }
        #expect(what == "scale")
        #expect(fact.scale120 == 180 && fact.outputScale == 2)
    }

    @Test func roundRulePicksTheNearestIntegerOutputScale() throws {
        let harness = try Simulator.Harness.shipped("dual.json") { $0.outputScaleRounding = .round }
        let client = try WindowingClient(harness: harness)
        try harness.simulator.setScale(Scale(1.25)!, ofDisplay: "DP-2")
        try harness.roundtrip(client.connection)
        #expect(client.outputs.info(named: "DP-2")?.scale == 1)
    }

    @Test func neighboursToTheRightMoveSoTheLayoutStaysAdjacent() throws {
        let harness = try Simulator.Harness.shipped("studio.json")
        let client = try WindowingClient(harness: harness)
        try mapWindow(client, in: harness)
        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 4600, y: 50))
        try harness.roundtrip(client.connection)

        // DP-2 (5120 px) goes from 2x (2560 points) to 1x (5120 points):
        // HDMI-A-1, right of it, moves 2560 points right, and so does its window.
        try harness.simulator.setScale(.one, ofDisplay: "DP-2")
        try harness.roundtrip(client.connection)

        #expect(harness.simulator.display(named: "HDMI-A-1")?.logicalRect.origin == Point(x: 7040, y: 0))
        #expect(client.outputs.info(named: "HDMI-A-1")?.logicalX == 7040)
        #expect(client.outputs.info(named: "HDMI-A-1")?.x == 7040)
        let window = try harness.simulator.window(.appID("org.diorama.test"))
        #expect(window.frame.origin == Point(x: 7160, y: 50))
        #expect(window.enteredDisplayNames == ["HDMI-A-1"])
    }

    @Test func aMaximizedWindowIsReconfiguredForTheNewUsableArea() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        try harness.simulator.maximizeWindow(.appID("org.diorama.test"))
        try harness.roundtrip(client.connection)
        #expect(window.lastConfigure?.width == 1440 && window.lastConfigure?.height == 868)
        window.clearLog()

        try harness.simulator.setScale(Scale(1.5)!, ofDisplay: "eDP-1")
        try harness.roundtrip(client.connection)

        // 2880x1800 at 1.5 is 1920x1200; minus the 32-point bar.
        #expect(
            window.log == [
                .preferredScale(180), .configureBounds(width: 1920, height: 1168),
                .configure(window.lastConfigure!),
            ])
        #expect(window.lastConfigure?.width == 1920 && window.lastConfigure?.height == 1168)
        #expect(window.lastConfigure?.has(.maximized) == true)
    }
}

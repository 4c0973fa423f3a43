import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing

/// A window across the boundary of a 1x and a 2x display enters both; its
/// preferred scale follows the configured policy.
@Suite struct SpanningTests {
    @Test func aWindowOnTwoDisplaysEntersBothAndPrefersTheLargerScale() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, size: (400, 300))
        window.clearLog()

        // 300 points on DP-1 (1x), 100 on DP-2 (2x).
        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 1620, y: 100))
        try harness.roundtrip(client.connection)

        #expect(window.log == [.enter("DP-2"), .preferredScale(240)])
        #expect(Set(window.enteredOutputs) == ["DP-1", "DP-2"])
        let simulated = try harness.simulator.window(.appID("org.diorama.test"))
        #expect(simulated.enteredDisplayNames == ["DP-1", "DP-2"])
        #expect(simulated.preferredScale == Scale(integer: 2))
        // The home display is the one holding most of the window.
        #expect(simulated.homeDisplayName == "DP-1")
    }

    @Test func largestOverlapPolicyPrefersTheDisplayHoldingMostOfTheWindow() throws {
        let harness = try Simulator.Harness.shipped("dual.json") { $0.preferredScalePolicy = .largestOverlap }
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, size: (400, 300))

        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 1620, y: 100))
        try harness.roundtrip(client.connection)
        #expect(Set(window.enteredOutputs) == ["DP-1", "DP-2"])
        #expect(window.preferredScale120 == 120)

        // Now most of it is on DP-2.
        window.clearLog()
        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 1820, y: 100))
        try harness.roundtrip(client.connection)
        #expect(window.log == [.preferredScale(240)])
    }

    @Test func aCommitRenderedForTheOldScaleIsMarkedStale() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, size: (400, 300))
        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 2200, y: 100))
        try harness.roundtrip(client.connection)

        // Still drawing at 1x on a 2x display: stale.
        window.commitBuffer(width: 400, height: 300, scale: 1)
        try harness.roundtrip(client.connection)
        let stale = try harness.simulator.window(.appID("org.diorama.test")).lastCommit
        #expect(stale?.staleScale == true)
        #expect(stale?.preferredScale120 == 240)

        window.commitBuffer(width: 800, height: 600, scale: 2)
        try harness.roundtrip(client.connection)
        let fresh = try harness.simulator.window(.appID("org.diorama.test")).lastCommit
        #expect(fresh?.staleScale == false)
        #expect(fresh?.surfaceSize == Size(width: 400, height: 300))
    }

    /// `move W --to DISPLAY` keeps the window's offset from the area's corner
    /// only as far as the whole window stays on the target: a window near
    /// DP-2's far corner lands wholly on DP-1, not across both or on neither.
    @Test func aWindowMovedToADisplayLandsWhollyOnIt() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, size: (900, 600))
        let selector = WindowSelector.appID("org.diorama.test")
        // 1500,800 from DP-2's corner: 900x600 would reach 2400,1400 on DP-1.
        try harness.simulator.moveWindow(selector, to: Point(x: 1920 + 1500, y: 800))
        try harness.roundtrip(client.connection)
        try harness.simulator.moveWindow(selector, toDisplay: "DP-1")
        try harness.roundtrip(client.connection)
        var simulated = try harness.simulator.window(selector)
        #expect(simulated.frame == Rect(x: 1920 - 900, y: 1080 - 600, width: 900, height: 600))
        #expect(simulated.enteredDisplayNames == ["DP-1"])
        #expect(window.enteredOutputs == ["DP-1"])
        #expect(window.preferredScale120 == 120)
        // A window off every display lands in the target's far corner, wholly on it.
        try harness.simulator.moveWindow(selector, to: Point(x: 5000, y: 5000))
        try harness.simulator.moveWindow(selector, toDisplay: "DP-2")
        try harness.roundtrip(client.connection)
        simulated = try harness.simulator.window(selector)
        #expect(simulated.frame == Rect(x: 1920 + 1920 - 900, y: 1080 - 600, width: 900, height: 600))
        #expect(simulated.enteredDisplayNames == ["DP-2"])
    }
}

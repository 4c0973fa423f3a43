import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing

/// Rotating a display: its transform goes out in wl_output.geometry, its
/// logical size swaps, and fullscreen windows on it are resized.
@Suite struct RotationTests {
    @Test func rotatingSwapsTheLogicalSizeAndSendsTheTransform() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        try harness.simulator.setTransform(.rotated90, ofDisplay: "eDP-1")
        try harness.roundtrip(client.connection)

        let info = try #require(client.outputs.info(named: "eDP-1"))
        #expect(info.transform == 1)
        #expect(info.logicalWidth == 900 && info.logicalHeight == 1440)
        // The mode stays the panel's own pixels.
        #expect(info.modeWidth == 2880 && info.modeHeight == 1800)
        #expect(harness.simulator.display(named: "eDP-1")?.logicalRect.size == Size(width: 900, height: 1440))
    }

    @Test func aFullscreenWindowFollowsTheRotation() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        try harness.simulator.fullscreenWindow(.appID("org.diorama.test"), on: "DP-2")
        try harness.roundtrip(client.connection)
        #expect(window.lastConfigure?.width == 1920 && window.lastConfigure?.height == 1080)
        #expect(window.enteredOutputs == ["DP-2"])

        try harness.simulator.setTransform(.rotated270, ofDisplay: "DP-2")
        try harness.roundtrip(client.connection)
        #expect(window.lastConfigure?.width == 1080 && window.lastConfigure?.height == 1920)
        #expect(window.lastConfigure?.has(.fullscreen) == true)
        let simulated = try harness.simulator.window(.appID("org.diorama.test"))
        #expect(simulated.frame.origin == Point(x: 1920, y: 0))
    }

    @Test func flippedTransformsKeepTheSize() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        try harness.simulator.setTransform(.flipped180, ofDisplay: "eDP-1")
        #expect(harness.simulator.display(named: "eDP-1")?.logicalRect.size == Size(width: 1440, height: 900))
    }
}

import DioramaControlProtocol
import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing

/// `Window.isDrawnForScaleInEffect` judges the frame on screen against what
/// the surface has been told since it was committed (diorama check's "no
/// redraw needed"), where a commit's `stale_scale` judged it on arrival.
@Suite struct DrawnForScaleInEffectTests {
    @Test func aFrameAtTwoStaysRightOnA15xDisplayAndTurnsStaleOn1x() throws {
        // studio: DP-1 1x, DP-2 2x, HDMI-A-1 1.5x (wl_output.scale 2).
        let harness = try Simulator.Harness.shipped("studio.json")
        let simulator = harness.simulator
        try simulator.setDefaultDisplay("DP-2")
        let client = try WindowingClient(harness: harness)
        try mapWindow(client, in: harness, size: (400, 300), scale: 2, fractional: false)
        let window = try simulator.window(.appID("org.diorama.test"))
        #expect(window.isDrawnForScaleInEffect, "buffer scale 2 on the 2x display")

        // No commit after either move: the frame on screen is still the one drawn at 2.
        try simulator.moveWindow(.id(window.id), toDisplay: "HDMI-A-1")
        try harness.roundtrip(client.connection)
        #expect(window.isDrawnForScaleInEffect, "2 is the integer wl_output.scale of the 1.5x display")
        #expect(window.lastCommit?.staleScale == false)

        try simulator.moveWindow(.id(window.id), toDisplay: "DP-1")
        try harness.roundtrip(client.connection)
        #expect(!window.isDrawnForScaleInEffect, "on the 1x display a frame drawn at 2 is stale")
        #expect(window.lastCommit?.staleScale == false, "the commit itself was judged on arrival, on DP-2")
    }

    /// `diorama ctl windows` (DRAWN_FOR_SCALE, the reply's `stale_scale`)
    /// and `diorama check` read the same judgement: after `wl_output.scale`
    /// changed under a client that never redrew, both say it is not drawn
    /// for the scale in effect.
    @Test func theControlReplyJudgesTheFrameAgainstTheScaleInEffectNow() throws {
        let harness = try Simulator.Harness.shipped("dual.json")  // DP-1 1x, DP-2 2x
        let simulator = harness.simulator
        let client = try WindowingClient(harness: harness)
        try mapWindow(client, in: harness, size: (400, 300), scale: 1, fractional: false)
        let window = try simulator.window(.appID("org.diorama.test"))
        #expect(ControlWindowInfo(window).staleScale == false)

        try simulator.setScale(Scale(integer: 2)!, ofDisplay: "DP-1")
        try harness.roundtrip(client.connection)
        #expect(!window.isDrawnForScaleInEffect, "a frame at 1 on a display now at 2")
        #expect(ControlWindowInfo(window).staleScale, "ctl windows must say DRAWN_FOR_SCALE no, as check does")
        #expect(window.lastCommit?.staleScale == false, "the commit itself was right when it arrived")
    }
}

import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing
import WaylandClient

/// Unplugging the last display (a laptop with its lid closed and no monitor):
/// windows stay, on no display, until a display is plugged again.
@Suite struct LastDisplayUnplugTests {
    @Test func aWindowOnTheLastDisplayLeavesItAndStays() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        let outputName = try #require(client.connection.globals(named: "wl_output").first?.name)
        window.clearLog()

        try harness.simulator.unplugDisplay("eDP-1")
        try harness.roundtrip(client.connection)

        #expect(harness.simulator.displays.isEmpty)
        #expect(client.connection.removedGlobals == [outputName])
        // Only the leave: the preferred scale stays 2 and no configure comes.
        #expect(window.log == [.leave("eDP-1")])
        #expect(window.preferredScale120 == 240)
        let simulated = try harness.simulator.window(.appID("org.diorama.test"))
        #expect(simulated.isMapped)
        #expect(simulated.enteredDisplayNames.isEmpty)
        #expect(simulated.preferredScale == Scale(integer: 2))
        #expect(harness.simulator.windows.count == 1)
    }

    @Test func framesWaitWhileNoDisplayIsPluggedAndResumeOnPlug() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        try harness.simulator.unplugDisplay("eDP-1")
        var done = 0
        window.surface.frame().onEvent = { event in if case .done = event { done += 1 } }
        window.surface.commit()
        try harness.roundtrip(client.connection)

        harness.simulator.advanceTime(by: .seconds(1))
        harness.simulator.deliverFrame()
        try harness.roundtrip(client.connection)
        #expect(done == 0)

        window.clearLog()
        try harness.simulator.plugDisplay(TestLayouts.display("HDMI-A-1", x: 0, scale: Scale(1.5)!))
        try harness.roundtrip(client.connection)
        // The waiting frame is shown at the new display's first blank, not at the plug.
        #expect(done == 0)
        client.outputs.refresh()
        try harness.roundtrip(client.connection)
        #expect(window.enteredOutputs == ["HDMI-A-1"])
        #expect(window.preferredScale120 == 180)
        #expect(window.log.contains(.preferredScale(180)))
        #expect(window.log.contains(.configureBounds(width: 1920, height: 1080)))
        let simulated = try harness.simulator.window(.appID("org.diorama.test"))
        #expect(simulated.homeDisplayName == "HDMI-A-1")
        #expect(simulated.enteredDisplayNames == ["HDMI-A-1"])
        // Focus stayed with the window all along.
        #expect(harness.simulator.focusedWindow === simulated)
        #expect(window.lastConfigure?.has(.activated) == true)

        harness.simulator.advanceTime(by: .milliseconds(17))
        try harness.roundtrip(client.connection)
        #expect(done == 1)
    }

    @Test func aClientCanMapAWindowWhileNoDisplayIsPlugged() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        try harness.simulator.unplugDisplay("eDP-1")
        let client = try WindowingClient(harness: harness)
        #expect(client.connection.globals(named: "wl_output").isEmpty)
        let window = client.makeWindow()
        try harness.roundtrip(client.connection)

        // Initial configure: 0x0, no bounds, no preferred scale.
        let configure = try #require(window.lastConfigure)
        #expect(configure.width == 0 && configure.height == 0)
        #expect(!window.log.contains { if case .configureBounds = $0 { true } else { false } })
        #expect(window.preferredScale120 == nil)

        window.ackAndCommit()
        try harness.roundtrip(client.connection)
        let simulated = try harness.simulator.window(.appID("org.diorama.test"))
        #expect(simulated.isMapped)
        #expect(simulated.enteredDisplayNames.isEmpty)

        try harness.simulator.plugDisplay(TestLayouts.display("DP-1", x: 0))
        try harness.roundtrip(client.connection)
        client.outputs.refresh()
        try harness.roundtrip(client.connection)
        #expect(window.enteredOutputs == ["DP-1"])
        #expect(window.preferredScale120 == 120)
        #expect(simulated.frame.origin.x >= 0 && simulated.frame.maxX <= 1920)
    }

    @Test func maximizeAndFullscreenWithoutDisplaysTakeEffectOnPlug() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let tall = try mapWindow(client, in: harness, appID: "tall")
        let wide = try mapWindow(client, in: harness, appID: "wide")
        tall.autoRespond = true
        wide.autoRespond = true
        try harness.simulator.unplugDisplay("eDP-1")
        try harness.simulator.maximizeWindow(.appID("tall"))
        try harness.simulator.fullscreenWindow(.appID("wide"))
        try harness.roundtrip(client.connection)
        // With nowhere to size them for, they keep their size.
        #expect(tall.lastConfigure?.has(.maximized) == true)
        #expect(tall.lastConfigure?.width == 400)
        #expect(wide.lastConfigure?.has(.fullscreen) == true)

        try harness.simulator.plugDisplay(TestLayouts.display("DP-1", x: 0, height: 1000))
        try harness.roundtrip(client.connection)
        #expect(tall.lastConfigure?.width == 1920 && tall.lastConfigure?.height == 1000)
        #expect(wide.lastConfigure?.width == 1920 && wide.lastConfigure?.height == 1000)
        let fullscreen = try harness.simulator.window(.appID("wide"))
        #expect(fullscreen.frame.origin == Point(x: 0, y: 0))
    }

    @Test func theLayoutHasNoPictureWithoutDisplays() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        try harness.simulator.unplugDisplay("eDP-1")
        #expect(throws: SimulatorControlError.noDisplay) { try harness.simulator.layoutScreenshot() }
        #expect(throws: SimulatorControlError.self) { try harness.simulator.screenshot(ofDisplay: "eDP-1") }
    }

    @Test func aNewDisplayBecomesTheDefault() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        try harness.simulator.unplugDisplay("eDP-1")
        #expect(harness.simulator.defaultDisplayName == "eDP-1")
        try harness.simulator.plugDisplay(TestLayouts.display("DP-1", x: 0))
        #expect(harness.simulator.defaultDisplayName == "DP-1")
    }
}

import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing

/// xdg_toplevel min/max size hints clamp what the simulator configures.
@Suite struct SizeHintsTests {
    private func windowWithHints(_ harness: Simulator.Harness, minimum: (Int32, Int32), maximum: (Int32, Int32)) throws
        -> (WindowingClient, ClientWindow)
    {
        let client = try WindowingClient(harness: harness)
        let window = client.makeWindow(initialCommit: false)
        window.toplevel.setMinSize(width: minimum.0, height: minimum.1)
        window.toplevel.setMaxSize(width: maximum.0, height: maximum.1)
        window.surface.commit()
        try harness.roundtrip(client.connection)
        window.ackAndCommit()
        try harness.roundtrip(client.connection)
        return (client, window)
    }

    @Test func scriptedResizesAreClampedToTheHints() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let (client, window) = try windowWithHints(harness, minimum: (300, 200), maximum: (800, 600))
        let simulated = try harness.simulator.window(.appID("org.diorama.test"))
        #expect(simulated.minimumSize == Size(width: 300, height: 200))
        #expect(simulated.maximumSize == Size(width: 800, height: 600))

        try harness.simulator.resizeWindow(.appID("org.diorama.test"), to: Size(width: 100, height: 1000))
        try harness.roundtrip(client.connection)
        #expect(window.lastConfigure?.width == 300 && window.lastConfigure?.height == 600)

        // Maximized on a 1920x1080 display: the maximum wins there too.
        try harness.simulator.maximizeWindow(.appID("org.diorama.test"))
        try harness.roundtrip(client.connection)
        #expect(window.lastConfigure?.width == 800 && window.lastConfigure?.height == 600)
    }

    @Test func aDisplaySmallerThanTheMinimumStillGetsTheMinimum() throws {
        let small = DisplayLayout(displays: [TestLayouts.display("DSI-1", x: 0, width: 800, height: 600)])
        let harness = try Simulator.Harness(layout: small)
        let (client, window) = try windowWithHints(harness, minimum: (1024, 768), maximum: (0, 0))
        try harness.simulator.maximizeWindow(.appID("org.diorama.test"))
        try harness.roundtrip(client.connection)
        // The window overflows the display rather than being asked for less than it can draw.
        #expect(window.lastConfigure?.width == 1024 && window.lastConfigure?.height == 768)
        #expect(window.lastConfigure?.has(.maximized) == true)
    }

    @Test func zeroMeansTheClientChoosesAndIsNeverClamped() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let window = client.makeWindow(initialCommit: false)
        window.toplevel.setMinSize(width: 500, height: 500)
        window.surface.commit()
        try harness.roundtrip(client.connection)
        #expect(window.lastConfigure?.width == 0 && window.lastConfigure?.height == 0)
    }

    /// Floating, as scripted resizes apply to floating windows (a tiled one keeps its display's size).
    @Test func sway17HonoursHintsOnlyInInteractiveResizes() throws {
        let harness = try Simulator.Harness.shipped("dual.json") { $0.profile = .sway17Floating }
        let (client, window) = try windowWithHints(harness, minimum: (300, 200), maximum: (0, 0))
        try harness.simulator.resizeWindow(.appID("org.diorama.test"), to: Size(width: 100, height: 100))
        try harness.roundtrip(client.connection)
        #expect(window.lastConfigure?.width == 100 && window.lastConfigure?.height == 100)

        window.autoRespond = true
        window.ackAndCommit()
        try harness.roundtrip(client.connection)
        try harness.simulator.resizeWindowInteractively(.appID("org.diorama.test"), to: Size(width: 50, height: 50), steps: 2)
        try harness.pump()
        let resizing = window.configures.filter { $0.has(.resizing) }
        #expect(resizing.count == 2)
        #expect(resizing.allSatisfy { $0.width >= 300 && $0.height >= 200 })
        #expect(window.lastConfigure?.width == 300 && window.lastConfigure?.height == 200)
    }

    @Test func hintsAreTracedWhenCommitted() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        _ = try windowWithHints(harness, minimum: (320, 240), maximum: (1280, 960))
        let hints = harness.simulator.trace.records.compactMap { record -> (Size, Size)? in
            if case .sizeHints(_, let minimum, let maximum) = record.event { return (minimum, maximum) }
            return nil
        }
        #expect(hints.count == 1)
        #expect(hints.first?.0 == Size(width: 320, height: 240))
        #expect(hints.first?.1 == Size(width: 1280, height: 960))
    }
}

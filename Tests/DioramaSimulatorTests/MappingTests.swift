import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing
import WaylandClient

/// A toplevel's first configure, its map on the default display, and what
/// the simulator's window list and trace say about it.
@Suite struct MappingTests {
    @Test func initialConfigureLetsTheClientChooseThenTheFirstBufferMaps() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let window = client.makeWindow(appID: "org.diorama.map", title: "Map")
        try harness.roundtrip(client.connection)

        let first = try #require(window.configures.first)
        #expect(first.width == 0 && first.height == 0)
        // The preferred scale (the display's 2x) comes before the first
        // configure, so the first buffer can be right; with xdg_wm_base v5
        // configure_bounds is the usable area (1440x900 minus a 32-point bar).
        #expect(Array(window.log.prefix(3)) == [.preferredScale(240), .configureBounds(width: 1440, height: 868), .configure(first)])
        #expect(harness.simulator.windows.count == 1)
        #expect(harness.simulator.windows[0].isMapped == false)

        window.bufferScale = 2
        window.ackAndCommit()
        try harness.roundtrip(client.connection)

        let mapped = try harness.simulator.window(.appID("org.diorama.map"))
        #expect(mapped.isMapped)
        #expect(mapped.title == "Map")
        #expect(mapped.frame.size == Size(width: 400, height: 300))
        // Cascade: 32 points in from the usable area's corner (0, 32).
        #expect(mapped.frame.origin == Point(x: 32, y: 64))
        #expect(mapped.enteredDisplayNames == ["eDP-1"])
        #expect(window.enteredOutputs == ["eDP-1"])
        #expect(mapped.bufferSize == Size(width: 800, height: 600))
        #expect(mapped.states.contains(.activated))
        // Focus follows the last mapped window: a configure with `activated` followed.
        #expect(window.lastConfigure?.has(.activated) == true)
        #expect(window.preferredScale120 == 240)

        let types = harness.simulator.trace.events(window: mapped.id).map { TraceJSON.typeName($0.event) }
        #expect(types.contains("window_mapped"))
        #expect(types.contains("commit"))
        #expect(types.contains("configure_acked"))
    }
}

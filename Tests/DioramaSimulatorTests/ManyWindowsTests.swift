import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing

/// With many windows mapped, a scripted move only concerns the moved window:
/// the simulator does per-window work, which is what keeps a move among a
/// thousand surfaces cheap (the benchmark measures the time).
@Suite struct ManyWindowsTests {
    @Test func aMoveAmongManyWindowsOnlyTouchesTheMovedOne() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        var windows: [ClientWindow] = []
        for index in 0..<200 {
            let window = client.makeWindow(appID: "app-\(index)", fractional: false)
            window.autoRespond = true
            windows.append(window)
        }
        try harness.pump()
        #expect(harness.simulator.windows.filter(\.isMapped).count == 200)

        let start = harness.simulator.trace.lastSequence
        try harness.simulator.moveWindow(.appID("app-100"), toDisplay: "DP-2")
        let records = harness.simulator.trace.events(since: start)
        let moved = try harness.simulator.window(.appID("app-100")).id
        #expect(!records.isEmpty)
        #expect(records.allSatisfy { $0.event.window == moved })
        try harness.pump()
        #expect(windows[100].enteredOutputs == ["DP-2"])
        #expect(windows[99].enteredOutputs == ["DP-1"])
    }
}

import DioramaControlClient
import DioramaModel
import DioramaSimulatorHarness
import Foundation
import Testing

@testable import DioramaSimulator

/// Display counts and long control batches (issue #21, finding 7): a plug
/// beyond `DisplayLayout.maximumDisplayCount` is refused with the layout's
/// error, and a batch of display changes is carried out in slices, so other
/// clients are served while it runs.
@Suite struct DisplayLimitTests {
    /// Display `index` of a row of 1920×1080 displays, left to right.
    private static func display(_ index: Int) -> DisplayConfiguration {
        TestLayouts.display("OUT-\(index)", x: 1920 * index)
    }

    @Test func aPlugBeyondTheDisplayLimitIsRefusedAndChangesNothing() throws {
        let limit = DisplayLayout.maximumDisplayCount
        let harness = try Simulator.Harness(layout: DisplayLayout(displays: (0..<limit).map(Self.display)))
        let client = try WindowingClient(harness: harness)
        #expect(client.outputs.outputs.count == limit)

        let refusal = #expect(throws: SimulatorControlError.self) { try harness.simulator.plugDisplay(Self.display(limit)) }
        guard case .invalidLayout(let error)? = refusal else {
            Issue.record("not a layout error: \(String(describing: refusal))")
            return
        }
        #expect(error.display == "OUT-\(limit)")
        #expect(error.problem.contains("at most \(limit) displays"))
        #expect(error.problem.contains("unplug one before plugging another"))
        try harness.roundtrip(client.connection)
        #expect(harness.simulator.displays.count == limit)
        #expect(client.outputs.outputs.count == limit, "no global was announced")

        // Room again after an unplug.
        try harness.simulator.unplugDisplay("OUT-0")
        try harness.simulator.plugDisplay(Self.display(limit))
        #expect(harness.simulator.displays.count == limit)
    }

    /// A plug still compares the new display with every plugged one, though
    /// it no longer compares the plugged ones with each other again.
    @Test func aPluggedDisplayOverlappingAnyOtherIsRefused() throws {
        let harness = try Simulator.Harness(layout: DisplayLayout(displays: (0..<8).map(Self.display)))
        var overlapping = Self.display(8)
        overlapping.position = Point(x: 1920 * 5 + 100, y: 0)
        #expect(throws: SimulatorControlError.self) { try harness.simulator.plugDisplay(overlapping) }
        #expect(harness.simulator.displays.count == 8)
    }

    /// One batch line of 1,000 display changes (plug, unplug, …): another
    /// client's roundtrip is answered while the batch is under way, not after
    /// it. The test pumps the simulator itself, so it sees the state between
    /// two turns of the event loop: before slicing, the first turn that
    /// showed a display change had carried out the whole batch.
    @Test(.timeLimit(.minutes(10)))
    func aLongBatchOfDisplayChangesLetsAnotherClientsRoundtripThrough() throws {
        let harness = try Simulator.Harness(layout: TestLayouts.dual)
        let observer = try WindowingClient(harness: harness)
        let server = try ControlServer(simulator: harness.simulator)
        defer { server.stop() }
        let pairs = 500
        let batch = (0..<pairs).flatMap { index -> [ControlRequest] in
            let configuration = TestLayouts.display("HOT-\(index)", x: 1920 * 2)
            return [.plugDisplay(configuration), .unplugDisplay(configuration.name)]
        }
        let answers = ControlEndpointTests.Outcome<[ControlResponse]>()
        let path = server.path
        Thread { answers.value = Result { try ControlClient(path: path).send(batch: batch) } }.start()

        let simulator = harness.simulator
        // The layout's own displays were traced as added at start.
        let atStart = simulator.displays.count
        func displayChanges() -> Int {
            let traced = simulator.trace.records.count { record in
                switch record.event {
                case .displayAdded, .displayRemoved: true
                default: false
                }
            }
            return traced - atStart
        }
        try harness.run(until: { displayChanges() > 0 }, timeout: .seconds(60), "the batch to begin")
        try harness.roundtrip(observer.connection)
        let changesWhenAnswered = displayChanges()
        #expect(changesWhenAnswered < 2 * pairs, "the observer was answered only after all \(2 * pairs) display changes")

        try harness.run(until: { answers.value != nil }, timeout: .seconds(60), "the batch's answers")
        let responses = try #require(try answers.value?.get())
        #expect(responses.count == 2 * pairs)
        #expect(responses.allSatisfy { $0.error == nil }, "\(responses.first { $0.error != nil }?.error ?? "")")
        #expect(displayChanges() == 2 * pairs)
        try harness.roundtrip(observer.connection)
        #expect(observer.connection.protocolError == nil)
    }
}

import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing

/// Scripted interactive resizes: N configures with `resizing`, each after the
/// client answered the previous one, then one without.
@Suite struct InteractiveResizeTests {
    @Test func stepsArePacedByTheClientAndEndWithoutResizing() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, size: (400, 300))
        let before = window.configures.count

        try harness.simulator.resizeWindowInteractively(.appID("org.diorama.test"), to: Size(width: 800, height: 500), steps: 4)
        try harness.roundtrip(client.connection)
        // Only the first step went out: the client has not answered it yet.
        #expect(window.configures.count == before + 1)
        #expect(window.lastConfigure?.has(.resizing) == true)
        #expect(window.lastConfigure?.width == 500 && window.lastConfigure?.height == 350)

        // Acking without committing does not advance the resize.
        window.ackLastConfigure()
        try harness.roundtrip(client.connection)
        #expect(window.configures.count == before + 1)

        window.autoRespond = true
        window.commitBuffer(width: 500, height: 350)
        try harness.pump()
        let sequence = Array(window.configures.dropFirst(before))
        #expect(sequence.map { [$0.width, $0.height] } == [[500, 350], [600, 400], [700, 450], [800, 500], [800, 500]])
        #expect(sequence.prefix(4).allSatisfy { $0.has(.resizing) })
        #expect(sequence.last?.has(.resizing) == false)
        #expect(sequence.allSatisfy { $0.has(.activated) })
        try harness.settle(.appID("org.diorama.test"))
        #expect(try harness.simulator.window(.appID("org.diorama.test")).frame.size == Size(width: 800, height: 500))
    }

    @Test func theTraceRecordsEachStep() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness, size: (400, 300))
        window.autoRespond = true
        let start = harness.simulator.trace.lastSequence
        try harness.simulator.resizeWindowInteractively(.appID("org.diorama.test"), to: Size(width: 600, height: 300), steps: 2)
        try harness.pump()
        let configures = harness.simulator.trace.events(since: start).compactMap { record -> ConfigureFact? in
            if case .configureSent(let fact) = record.event { return fact }
            return nil
        }
        #expect(configures.map(\.size.width) == [500, 600, 600])
        #expect(configures.map { $0.states.contains(.resizing) } == [true, true, false])
    }
}

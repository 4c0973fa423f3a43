import DioramaControlClient
import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Foundation
import WaylandClient

/// What hostile input costs the simulator (issue #21, findings 6 and 7),
/// and how long it makes everyone else wait: a subsurface chain at the
/// nesting limit, a wide tree of siblings up to the surface limit, and one
/// control batch of 1,000 plugs and one of 1,000 display changes (plug,
/// unplug, …).
///
/// Everything runs on this thread in a `Simulator.Harness`, with an observer
/// client beside the attacker. For a tree, the attacker's requests go out in
/// chunks; after each chunk is on the socket, the observer's roundtrip is
/// timed: the simulator reads the chunk and the observer's sync in the same
/// turn of its event loop, so the roundtrip includes the chunk's cost, which
/// is what any other client waits for. For a batch, the control request
/// comes from another thread while the observer roundtrips again and again
/// until the batch is answered; each roundtrip includes the batch slices
/// that ran in the meantime.
enum HostileCostBenchmark {
    /// Requests the attacker puts on the socket between two observer roundtrips.
    static let levelsPerChunk = 32

    static func run(layoutPath: String) throws -> HostileCostSection {
        let limits = SimulatorLimits.standard
        let layout = try DisplayLayout.load(contentsOf: layoutPath)
        return HostileCostSection(
            deepTree: try tree(surfaces: limits.maximumNestingDepth, nested: true, layout: layout),
            wideTree: try tree(surfaces: limits.maximumSurfacesPerClient - 2, nested: false, layout: layout),
            plugBatch: try batch(layout: layout, requests: (0..<1_000).map { .plugDisplay(display($0)) }),
            plugUnplugBatch: try batch(
                layout: layout,
                requests: (0..<500).flatMap { index -> [ControlRequest] in [.plugDisplay(display(index)), .unplugDisplay(display(index).name)] }))
    }

    /// A display to plug right of the studio layout's, side by side.
    private static func display(_ index: Int) -> DisplayConfiguration {
        DisplayConfiguration(
            name: "HOT-\(index)", mode: DisplayMode(width: 640, height: 480), scale: .one,
            position: Point(x: 10_000 + 640 * index, y: 0))
    }

    /// Grows a subsurface tree of `surfaces` below a mapped window: a chain
    /// (`nested`) or siblings of the window's surface.
    private static func tree(surfaces: Int, nested: Bool, layout: DisplayLayout) throws -> HostileCost {
        let harness = try Simulator.Harness(layout: layout)
        let observer = try WindowingClient(harness: harness)
        let attacker = try WindowingClient(harness: harness)
        let window = attacker.makeWindow(appID: "bench-tree", fractional: false)
        window.preferredSize = (64, 48)
        window.autoRespond = true
        try harness.pump()
        let subcompositor = try attacker.connection.bind(WlSubcompositor.self)
        var children: [WlSurface] = []
        var roundtrips: [UInt64] = []
        var parent = window.surface
        let start = ProcessResources.monotonicNanoseconds()
        var added = 0
        while added < surfaces {
            for _ in 0..<min(levelsPerChunk, surfaces - added) {
                let child = attacker.compositor.createSurface()
                _ = subcompositor.getSubsurface(surface: child, parent: parent)
                children.append(child)
                if nested { parent = child }
                added += 1
            }
            attacker.connection.flush()
            let before = ProcessResources.monotonicNanoseconds()
            try harness.roundtrip(observer.connection)
            roundtrips.append(ProcessResources.monotonicNanoseconds() - before)
            try harness.roundtrip(attacker.connection)
        }
        let total = Double(ProcessResources.monotonicNanoseconds() - start) / 1e6
        guard attacker.connection.protocolError == nil else {
            throw BenchError("the tree of \(surfaces) surfaces was refused: \(attacker.connection.protocolError!)")
        }
        withExtendedLifetime(children) {}
        return HostileCost(
            size: surfaces, totalMilliseconds: total, observerRoundtrips: LatencySummary(nanoseconds: roundtrips),
            refused: 0)
    }

    /// Sends `requests` as one batch line while an observer roundtrips.
    private static func batch(layout: DisplayLayout, requests: [ControlRequest]) throws -> HostileCost {
        let harness = try Simulator.Harness(layout: layout)
        let observer = try WindowingClient(harness: harness)
        let server = try ControlServer(simulator: harness.simulator)
        defer { server.stop() }
        let answers = BatchAnswers()
        let path = server.path
        let start = ProcessResources.monotonicNanoseconds()
        Thread { answers.set(Result { try ControlClient(path: path).send(batch: requests) }) }.start()
        var roundtrips: [UInt64] = []
        while answers.result == nil {
            let before = ProcessResources.monotonicNanoseconds()
            try harness.roundtrip(observer.connection)
            roundtrips.append(ProcessResources.monotonicNanoseconds() - before)
        }
        let total = Double(ProcessResources.monotonicNanoseconds() - start) / 1e6
        let responses = try answers.result!.get()
        return HostileCost(
            size: requests.count, totalMilliseconds: total, observerRoundtrips: LatencySummary(nanoseconds: roundtrips),
            refused: responses.filter { $0.error != nil }.count)
    }

    /// The batch's answers, handed from the control client's thread.
    private final class BatchAnswers: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Result<[ControlResponse], any Error>?

        func set(_ result: Result<[ControlResponse], any Error>) {
            lock.lock()
            stored = result
            lock.unlock()
        }

        var result: Result<[ControlResponse], any Error>? {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
    }
}

import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Foundation

/// Scripted moves per second with N mapped surfaces, the simulator's CPU per
/// move (without and with the trace written as JSON lines), and the memory N
/// surfaces take.
///
/// Everything runs on this thread: a `Simulator.Harness` (manual clock, so no
/// frame timers interfere) and one raw-binding client owning N toplevels with
/// 64×48 buffers. Only `moveWindow` and the flush of its events to the client
/// socket are inside the timed region; the client reads its events between
/// batches, outside it. So the CPU per move is the simulator's alone.
enum SimulatorThroughputBenchmark {
    static let batch = 50

    static func run(surfaces: Int, moves: Int, layoutPath: String) throws -> (SimulatorThroughput, SimulatorMemory) {
        let before = ProcessResources.memory()
        let layout = try DisplayLayout.load(contentsOf: layoutPath)
        let harness = try Simulator.Harness(layout: layout)
        let client = try WindowingClient(harness: harness)
        var windows: [ClientWindow] = []
        for index in 0..<surfaces {
            let window = client.makeWindow(appID: "bench-\(index)", fractional: true)
            window.preferredSize = (64, 48)
            window.autoRespond = true
            windows.append(window)
            // Let the simulator answer every few windows: a client writing a
            // thousand toplevels and buffers in one go fills its socket.
            if index % batch == batch - 1 { try harness.pump() }
        }
        try harness.pump()
        let ids = harness.simulator.windows.filter(\.isMapped).map(\.id)
        guard ids.count == surfaces else { throw BenchError("only \(ids.count) of \(surfaces) windows mapped") }
        let after = ProcessResources.memory()

        // The same moves twice: as they are, then with every trace record
        // encoded as its JSON line the moment it is recorded, as
        // `diorama sim --trace FILE` does (the file write itself left out).
        var encodesTrace = false
        var traceBytes: [UInt8] = []
        var traceLines = 0
        harness.simulator.trace.observe { record in
            guard encodesTrace else { return }
            traceBytes += TraceJSON.line(record)
            traceLines += 1
        }
        /// Moves `first ..< first + moves` of one endless sequence, so the
        /// second run goes on where the first stopped (every move moves).
        func timedMoves(from first: Int) throws -> (cpu: UInt64, wall: UInt64) {
            var cpu: UInt64 = 0
            var wall: UInt64 = 0
            var done = first
            while done < first + moves {
                let count = min(batch, first + moves - done)
                let wallStart = ProcessResources.monotonicNanoseconds()
                let cpuStart = ProcessResources.threadCPUNanoseconds()
                for move in done..<(done + count) {
                    // Round after round over every window: DP-1 → DP-2 (1× → 2×), then back.
                    let display = (move / ids.count) % 2 == 0 ? "DP-2" : "DP-1"
                    try harness.simulator.moveWindow(.id(ids[move % ids.count]), toDisplay: display)
                    harness.simulator.flushClients()
                }
                cpu += ProcessResources.threadCPUNanoseconds() - cpuStart
                wall += ProcessResources.monotonicNanoseconds() - wallStart
                done += count
                traceBytes.removeAll(keepingCapacity: true)
                try harness.roundtrip(client.connection)  // the client reads its events (not timed)
            }
            return (cpu, wall)
        }
        let plain = try timedMoves(from: 0)
        encodesTrace = true
        let traced = try timedMoves(from: moves)
        let perMove = { (nanoseconds: UInt64) in moves == 0 ? 0 : Double(nanoseconds) / Double(moves) / 1000 }
        let throughput = SimulatorThroughput(
            surfaces: surfaces, moves: moves,
            movesPerSecond: plain.wall == 0 ? 0 : Double(moves) / (Double(plain.wall) / 1e9),
            cpuMicrosecondsPerMove: perMove(plain.cpu),
            tracedCPUMicrosecondsPerMove: perMove(traced.cpu),
            traceLinesPerMove: moves == 0 ? 0 : Double(traceLines) / Double(moves))
        let memory = SimulatorMemory(
            surfaces: surfaces, rssKiB: after?.rssKiB ?? 0,
            anonymousDeltaKiB: (after?.anonymousKiB ?? 0) - (before?.anonymousKiB ?? 0))
        withExtendedLifetime(windows) {}
        return (throughput, memory)
    }
}

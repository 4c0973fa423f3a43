import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import DioramaTestSupport
import Foundation

/// Reaction latency, stale frames and first correct frame of every client,
/// one after the other under ONE simulator (studio layout: DP-1 1×, DP-2 2×,
/// HDMI-A-1 1.5×), so the numbers of Diorama's apps and of the peers come
/// from the same compositor on the same machine minutes apart.
///
/// Per client: launch on DP-2 (2×) and time launch → first commit drawn for
/// 2×; resize the window to 1280×800 points (what the latency target names);
/// then move it round DP-2 → DP-1 → HDMI-A-1 → DP-1 → DP-2 …, every move
/// changing the scale for every client (an integer-scale client sees 1.5× as
/// 2, so 2× ↔ 1.5× is never a direct step), waiting after each move for the
/// first commit drawn for the new scale.
enum ReactionBenchmark {
    /// The displays of `Configs/displays/studio.json` a move goes to, in order, with their scales' names.
    static let route: [(display: String, scale: String)] = [
        ("DP-1", "1x"), ("HDMI-A-1", "1.5x"), ("DP-1", "1x"), ("DP-2", "2x"),
    ]
    static let windowSize = Size(width: 1280, height: 800)

    static func run(
        _ configuration: BenchConfiguration, layoutPath: String,
        log: (String) -> Void
    ) throws -> [ClientReaction] {
        let layout = try DisplayLayout.load(contentsOf: layoutPath)
        let simulator = try BackgroundSimulator {
            SimulatorConfiguration(layout: layout, clock: MonotonicClock(), defaultDisplay: "DP-2")
        }
        let traceDirectory = ProcessInfo.processInfo.environment["DIORAMA_BENCH_TRACE_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        defer {
            // For finding out why a client missed: the simulator's whole trace.
            if let traceDirectory {
                let lines = try? simulator.perform { $0.trace.jsonLines() }
                try? lines.map { try OutputFileWriter.write($0.utf8, to: traceDirectory + "/simulator.jsonl") }
            }
            simulator.stop()
        }
        let probe = try simulator.perform { ScaleChangeProbe(simulator: $0) }
        let clients = BenchClient.all.filter { configuration.clients.isEmpty || configuration.clients.contains($0.name) }
        return clients.map { client in
            log("reaction: \(client.name)")
            do {
                return try measure(
                    client, under: simulator, probe: probe, configuration: configuration,
                    traceDirectory: traceDirectory)
            } catch {
                return ClientReaction(
                    client: client.name, role: client.role, renderer: client.renderer, unavailable: "\(error)",
                    directions: [], staleFrames: 0, moves: 0)
            }
        }
    }

    private static func measure(
        _ client: BenchClient, under simulator: BackgroundSimulator, probe: ScaleChangeProbe,
        configuration: BenchConfiguration, traceDirectory: String?
    ) throws -> ClientReaction {
        let executable = try client.locate()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-bench-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: state) }
        var environment = simulator.clientEnvironment.merging(client.environment) { _, new in new }
        environment["XDG_STATE_HOME"] = state.path  // no saved sessions from earlier runs
        if let traceDirectory, client.role.isDioramaApp {
            environment["DIORAMA_TRACE"] = "\(traceDirectory)/\(client.name).jsonl"
        }
        let launched = ProcessResources.monotonicNanoseconds()
        let child = try ChildProcess(
            executable, arguments: client.arguments,
            environment: ChildProcess.minimalEnvironment(environment),
            currentDirectory: client.currentDirectory.map { URL(fileURLWithPath: $0) })
        defer { child.stop() }
        let pid = child.processIdentifier

        guard let window = try poll(timeout: 20, { try simulator.perform { probe.mappedWindow(pid: pid, in: $0) } }) else {
            let tail = child.standardError.split(separator: "\n").suffix(3).joined(separator: " | ")
            throw BenchError("never mapped a window within 20 s (\(child.state)); stderr: \(tail)")
        }
        let firstCorrect = try poll(timeout: 3) { try simulator.perform { _ in probe.firstCorrectAt2x[pid]?.nanoseconds } }

        // Same size for everyone; a client that ignores configures keeps its own.
        let resized = DispatchSemaphore(value: 0)
        try simulator.perform { simulator in
            probe.watchResize(window: window, width: windowSize.width, height: windowSize.height, signal: resized)
            try simulator.resizeWindow(.id(window), to: windowSize)
        }
        _ = resized.wait(timeout: .now() + 2)
        Thread.sleep(forTimeInterval: 0.05)
        let size = try simulator.perform { try $0.window(.id(window)).size }

        var samples: [String: [UInt64]] = [:]
        var unanswered: [String: Int] = [:]
        var stale: [String: Int] = [:]
        var answerSizes: [String: Set<String>] = [:]
        var directionOrder: [String] = []
        var from = "2x"
        var previousDirection: String?
        func note(_ observation: ScaleChangeProbe.MoveObservation?) {
            guard let observation, let direction = previousDirection else { return }
            stale[direction, default: 0] += observation.staleCommits
            if let change = observation.changeNanoseconds, let reaction = observation.reactionNanoseconds {
                samples[direction, default: []].append(reaction - change)
                if let buffer = observation.answerBufferSize {
                    answerSizes[direction, default: []].insert("\(buffer.width)x\(buffer.height)")
                }
            } else {
                unanswered[direction, default: 0] += 1
            }
        }
        let moves = configuration.movesPerDirection * route.count
        for index in 0..<moves {
            let step = route[index % route.count]
            let direction = "\(from)->\(step.scale)"
            if !directionOrder.contains(direction) { directionOrder.append(direction) }
            let reacted = DispatchSemaphore(value: 0)
            let previous = try simulator.perform { simulator in
                let previous = probe.beginMove(window: window, signal: reacted)
                try simulator.moveWindow(.id(window), toDisplay: step.display)
                return previous
            }
            note(previous)
            previousDirection = direction
            // A client that never answers a direction (the baseline at 2×) is
            // given one short wait per later move instead of the full timeout.
            let timeout = unanswered[direction, default: 0] >= 3 ? 100 : configuration.reactionTimeoutMilliseconds
            _ = reacted.wait(timeout: .now() + .milliseconds(timeout))
            from = step.scale
        }
        Thread.sleep(forTimeInterval: 0.05)  // late stale commits of the last move
        note(try simulator.perform { _ in probe.endMoves() })

        let directions = directionOrder.map { direction in
            DirectionLatency(
                direction: direction, latency: LatencySummary(nanoseconds: samples[direction] ?? []),
                unanswered: unanswered[direction, default: 0], staleFrames: stale[direction, default: 0],
                answerBufferSizes: answerSizes[direction, default: []].sorted())
        }
        return ClientReaction(
            client: client.name, role: client.role, renderer: client.renderer, unavailable: nil, windowWidth: size.width, windowHeight: size.height,
            firstCorrectFrameMilliseconds: firstCorrect.map { Double(Int64($0) - Int64(launched)) / 1_000_000 },
            directions: directions, overall: LatencySummary(nanoseconds: samples.values.flatMap { $0 }),
            staleFrames: stale.values.reduce(0, +), moves: moves)
    }

    /// Calls `body` every 5 ms until it returns a value or `timeout` seconds pass.
    static func poll<Value>(timeout: TimeInterval, _ body: () throws -> Value?) throws -> Value? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let value = try body() { return value }
            Thread.sleep(forTimeInterval: 0.005)
        } while Date() < deadline
        return nil
    }
}

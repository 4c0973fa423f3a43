import DioramaModel
import DioramaTestSupport
import Foundation
import HeadlessCompositors
import SwayIPC

/// TimerApp next to foot under a real compositor: sway 1.7 headless with
/// HEADLESS-1 at scale 1 and HEADLESS-2 at scale 2 (sway 1.7 sends integer
/// scales only), each client floating, moved back and forth between the
/// outputs with `[con_id=…] move container to output HEADLESS-k` through
/// sway's IPC socket, one move at a time.
///
/// sway keeps no trace, so everything is seen from the client's side:
/// - every client runs under `WAYLAND_DEBUG=client`, and its stderr gives, per
///   move, command → first enter/leave dispatched (sway's share) and
///   enter/leave → first commit at the new buffer scale (the client's share),
///   both on the realtime clock libwayland stamps with (``WaylandDebugReactions``);
/// - a Diorama app also writes its runtime trace (`DIORAMA_TRACE`), giving
///   command → first `commit` record with the new `bufferScale`, and → the
///   `traits` record with the new `displayScale`, on CLOCK_MONOTONIC.
/// The log printing costs the client time; it is on in both clients, so the
/// enter → commit figures compare like with like.
///
/// After each command the bench waits for the client's answer (or the
/// timeout) before the next, so every move starts from a settled window.
enum SwayReactionBenchmark {
    static let outputs = [
        SwayHeadless.Output(width: 1920, height: 1080, scale: 1, x: 0, y: 0),
        SwayHeadless.Output(width: 2560, height: 1440, scale: 2, x: 1920, y: 0),
    ]
    /// The clients compared, as ``BenchClient/all`` names them.
    static let clientNames = ["TimerApp", "foot"]

    static func run(movesPerDirection: Int, timeoutMilliseconds: Int, log: (String) -> Void) -> SwayReactionSection {
        guard movesPerDirection > 0 else {
            return SwayReactionSection(unavailable: "skipped (0 moves asked)", movesPerDirection: 0, clients: [])
        }
        do {
            let sway = try SwayHeadless.start(outputs: outputs, floatingWindows: true)
            defer { sway.stop() }
            let ipc = try SwayIPC(sway)
            defer { ipc.close() }
            let version = try? ipc.version().humanReadable
            let clients = BenchClient.all.filter { clientNames.contains($0.name) }.map { client in
                log("sway reaction: \(client.name)")
                do {
                    return try measure(
                        client, sway: sway, ipc: ipc, movesPerDirection: movesPerDirection,
                        timeoutMilliseconds: timeoutMilliseconds)
                } catch {
                    return SwayClientReaction(
                        client: client.name, role: client.role, unavailable: "\(error)",
                        directions: [])
                }
            }
            return SwayReactionSection(version: version, movesPerDirection: movesPerDirection, clients: clients)
        } catch {
            return SwayReactionSection(unavailable: "\(error)", movesPerDirection: movesPerDirection, clients: [])
        }
    }

    /// One sent command: its stamps on both clocks and where it sent the window.
    private struct SentMove {
        var monotonic: UInt64
        var debug: WaylandDebugReactions.Move
        var direction: String
    }

    private static func measure(
        _ client: BenchClient, sway: RunningCompositor, ipc: SwayIPC, movesPerDirection: Int,
        timeoutMilliseconds: Int
    ) throws -> SwayClientReaction {
        let executable = try client.locate()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-bench-sway-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let traceFile = scratch.appendingPathComponent("trace.jsonl")
        var environment = sway.clientEnvironment().merging(client.environment) { _, new in new }
        environment["WAYLAND_DEBUG"] = "client"
        environment["XDG_STATE_HOME"] = scratch.path  // no saved sessions from earlier runs
        if client.role.isDioramaApp { environment["DIORAMA_TRACE"] = traceFile.path }
        let child = try ChildProcess(
            executable, arguments: client.arguments,
            environment: ChildProcess.minimalEnvironment(environment),
            currentDirectory: client.currentDirectory.map { URL(fileURLWithPath: $0) })
        defer { child.stop() }
        let pid = child.processIdentifier

        guard
            let window = try ReactionBenchmark.poll(
                timeout: 20,
                {
                    try ipc.tree().windows().first { $0.node.pid == pid }
                })
        else {
            let tail = child.standardError.split(separator: "\n").filter { !$0.hasPrefix("[") }.suffix(3)
            throw BenchError("never mapped a window under sway within 20 s (\(child.state)); stderr: \(tail.joined(separator: " | "))")
        }
        Thread.sleep(forTimeInterval: 0.3)  // the first frames at the launch output

        var debugLog = WaylandDebugLogFollower(path: child.outputDirectory.appendingPathComponent("stderr").path)
        debugLog.catchUp()
        guard WaylandDebugReactions.toplevelSurface(in: debugLog.messages) != nil else {
            throw BenchError("no xdg_toplevel in its WAYLAND_DEBUG output (\(debugLog.messages.count) libwayland lines read)")
        }
        var outputIndex = window.output == SwayHeadless.outputName(index: 1) ? 1 : 0
        var sent: [SentMove] = []
        for _ in 0..<(2 * movesPerDirection) {
            let from = outputIndex
            outputIndex = 1 - outputIndex
            let scale = Int(outputs[outputIndex].scale)
            let command = "[con_id=\(window.node.id)] move container to output \(SwayHeadless.outputName(index: outputIndex))"
            let move = SentMove(
                monotonic: ProcessResources.monotonicNanoseconds(),
                debug: .init(sentAt: WaylandDebugLog.now(), targetScale: scale),
                direction: "\(Int(outputs[from].scale))x->\(scale)x")
            let results = try ipc.command(command)
            if let failure = results.first(where: { !$0.success }) {
                throw BenchError("sway refused `\(command)`: \(failure.error ?? "no reason given")")
            }
            sent.append(move)
            // Wait for the answer; the stamps, not this loop, give the numbers.
            // A Diorama app's trace line for that commit is waited for too: it
            // is written just after the commit, and on a loaded machine the app
            // can be descheduled in between, so the next command would otherwise
            // be sent first and the line counted for no move.
            _ = try ReactionBenchmark.poll(timeout: Double(timeoutMilliseconds) / 1000) { () -> Bool? in
                debugLog.catchUp()
                let reaction = WaylandDebugReactions.measure(debugLog.messages, moves: sent.map(\.debug)).last
                guard reaction?.enterToCommitMicroseconds != nil else { return nil }
                guard client.role.isDioramaApp else { return true }
                let log = try? RuntimeTraceLog.read(traceFile, strictness: .tolerant)
                let traced =
                    log?.entries.contains {
                        $0.time >= move.monotonic && $0.as(CommitRecord.self)?.bufferScale == scale
                    } ?? false
                return traced ? true : nil
            }
        }
        Thread.sleep(forTimeInterval: 0.05)  // the trace line of the last commit
        debugLog.catchUp()
        let reactions = WaylandDebugReactions.measure(debugLog.messages, moves: sent.map(\.debug))
        let trace = client.role.isDioramaApp ? try RuntimeTraceLog.read(traceFile, strictness: .tolerant) : nil

        /// Per move (in order) the nanoseconds from its command to the first
        /// trace entry before the next command that `matches`.
        func traceDelays(_ matches: (TraceEntry, Int) -> Bool) -> [UInt64?] {
            guard let trace else { return [] }
            return sent.indices.map { index in
                let start = sent[index].monotonic
                let end = index + 1 < sent.count ? sent[index + 1].monotonic : UInt64.max
                return trace.entries.first { $0.time >= start && $0.time < end && matches($0, sent[index].debug.targetScale) }
                    .map { $0.time - start }
            }
        }
        let toCommit = traceDelays { entry, scale in entry.as(CommitRecord.self)?.bufferScale == scale }
        let toTraits = traceDelays { entry, scale in entry.as(TraitsRecord.self)?.displayScale == Double(scale) }

        func summary(_ direction: String, _ indices: [Int]) -> SwayDirectionReaction {
            func nanoseconds(_ microseconds: Int64?) -> UInt64? { microseconds.map { UInt64(max(0, $0)) * 1000 } }
            return SwayDirectionReaction(
                direction: direction, moves: indices.count,
                ipcToEnter: LatencySummary(nanoseconds: indices.compactMap { nanoseconds(reactions[$0].startMicroseconds) }),
                enterToCommit: LatencySummary(nanoseconds: indices.compactMap { nanoseconds(reactions[$0].enterToCommitMicroseconds) }),
                ipcToCommit: trace == nil ? nil : LatencySummary(nanoseconds: indices.compactMap { toCommit[$0] }),
                ipcToTraits: trace == nil ? nil : LatencySummary(nanoseconds: indices.compactMap { toTraits[$0] }),
                unanswered: indices.filter { reactions[$0].enterToCommitMicroseconds == nil }.count)
        }
        var directions: [String] = []
        for move in sent where !directions.contains(move.direction) { directions.append(move.direction) }
        let perDirection = directions.map { direction in summary(direction, sent.indices.filter { sent[$0].direction == direction }) }
        return SwayClientReaction(
            client: client.name, role: client.role, unavailable: nil,
            directions: perDirection + [summary("all", Array(sent.indices))])
    }
}

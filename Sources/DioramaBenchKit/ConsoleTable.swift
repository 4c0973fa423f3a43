/// The report as plain-text tables for the console.
enum ConsoleTable {
    static func render(_ report: BenchReport) -> String {
        var lines: [String] = []
        let f = TargetEvaluation.fmt
        func ms(_ value: Double?) -> String { value.map(f) ?? "-" }
        lines.append("diorama-bench \(report.timestamp) — \(report.machine.cpuModel), \(report.machine.cores) cores")
        lines.append("")
        lines.append("Reaction latency (ms, scale-changing event → first commit drawn for the new scale)")
        lines.append(
            "every window is resized to \(ReactionBenchmark.windowSize.width)x\(ReactionBenchmark.windowSize.height) points first; "
                + "answer px: the buffers that answered (same window, same pixels to draw)")
        lines.append(row(["client", "direction", "n", "median", "p90", "max", "unanswered", "stale", "answer px"]))
        for client in report.reaction {
            if let why = client.unavailable {
                lines.append(row([client.client, "not available: \(why)"]))
                continue
            }
            for direction in client.directions {
                lines.append(
                    row([
                        client.client, direction.direction, "\(direction.latency.count)",
                        ms(direction.latency.medianMilliseconds), ms(direction.latency.p90Milliseconds),
                        ms(direction.latency.maxMilliseconds), "\(direction.unanswered)", "\(direction.staleFrames)",
                        direction.answerBufferSizes.joined(separator: ","),
                    ]))
            }
            lines.append(
                row([
                    client.client, "all", "\(client.overall?.count ?? 0)", ms(client.overall?.medianMilliseconds),
                    ms(client.overall?.p90Milliseconds), ms(client.overall?.maxMilliseconds), "",
                    "\(client.staleFrames)",
                ]))
            lines.append(row([client.client, "first correct frame at 2x", "", ms(client.firstCorrectFrameMilliseconds)]))
            lines.append(row([client.client, "window (points)", "", "\(client.windowWidth ?? 0)x\(client.windowHeight ?? 0)"]))
        }
        lines.append("")
        lines.append("Simulator throughput and memory")
        lines.append(row(["surfaces", "moves/s", "CPU µs/move", "with trace", "lines/move", "RSS KiB", "anon Δ KiB"]))
        for (throughput, memory) in zip(report.throughput.simulator, report.memory.simulator) {
            lines.append(
                row([
                    "\(throughput.surfaces)", f(throughput.movesPerSecond), f(throughput.cpuMicrosecondsPerMove),
                    throughput.tracedCPUMicrosecondsPerMove.map(f) ?? "-", throughput.traceLinesPerMove.map(f) ?? "-",
                    "\(memory.rssKiB)", "\(memory.anonymousDeltaKiB)",
                ]))
        }
        let sway = report.throughput.sway
        let control = report.throughput.controlSocket
        lines.append(
            "sway IPC moves/s (one per round trip / pipelined, \(control.pipelineDepth) in flight): "
                + (sway.unavailable.map { "not available: \($0)" }
                    ?? "\(sway.movesPerSecond.map(f) ?? "-") / \(sway.pipelinedMovesPerSecond.map(f) ?? "-")"))
        lines.append(
            "simulator control socket moves/s (one per round trip / pipelined / batches of \(control.batchSize)): "
                + (control.unavailable.map { "not available: \($0)" }
                    ?? "\(control.requestsPerSecond.map(f) ?? "-") / \(control.pipelinedRequestsPerSecond.map(f) ?? "-") / "
                    + "\(control.batchedMovesPerSecond.map(f) ?? "-")"
                    + "; one per round trip with TimerApp attached: "
                    + (control.timerAppRequestsPerSecond.map(f) ?? "not available: \(control.timerAppUnavailable ?? "not measured")")))
        lines.append("")
        lines.append(contentsOf: swayReaction(report.swayReaction, ms: ms))
        let client = report.memory.client
        lines.append(
            "TimerApp anonymous KiB 1 scene / 2 scenes / per scene beyond buffers: "
                + (client.unavailable.map { "not available: \($0)" }
                    ?? "\(client.oneSceneAnonymousKiB ?? 0) / \(client.twoScenesAnonymousKiB ?? 0) / \(client.perSceneBeyondBuffersKiB ?? 0)"))
        let scanner = report.scanner
        lines.append(
            "scanner ms per target × \(scanner.targetsUsingPlugin) targets: "
                + (scanner.unavailable.map { "not available: \($0)" }
                    ?? "\(ms(scanner.scannerMillisecondsPerTarget)) × \(scanner.targetsUsingPlugin) = \(ms(scanner.scannerTotalMilliseconds))")
                + (scanner.coldBuildSeconds.map { "; cold build \(f($0)) s, scanner share \(f(100 * (scanner.scannerShare ?? 0))) %" } ?? ""))
        let shot = report.screenshot
        lines.append(
            "screenshot \(shot.width)×\(shot.height) (\(shot.build)) ms compose / PNG / total (CPU), bytes: "
                + (shot.unavailable.map { "not available: \($0)" }
                    ?? "\(ms(shot.composeMilliseconds)) / \(ms(shot.encodeMilliseconds)) / \(ms(shot.totalMilliseconds)) (\(ms(shot.cpuMilliseconds))), \(shot.fileBytes)")
        )
        let lint = report.lint
        lines.append(
            "lint of a \(lint.pbxprojBytes)-byte pbxproj, \(lint.targets) targets, \(lint.swiftFiles) Swift files (\(lint.build)) ms wall (CPU): "
                + (lint.unavailable.map { "not available: \($0)" }
                    ?? "\(ms(lint.wallMilliseconds)) (\(ms(lint.cpuMilliseconds))); 8 × 8 include diamond: \(ms(lint.includeDiamondCPUMilliseconds)) CPU"))
        lines.append("")
        lines.append("Hostile input (ms; another client's roundtrips meanwhile: n, median / p90 / max)")
        lines.append(row(["workload", "size", "total", "refused", "n", "median", "p90", "max"]))
        let hostile = report.hostileCost
        for (name, cost) in [
            ("deep tree", hostile.deepTree), ("wide tree", hostile.wideTree),
            ("plug batch", hostile.plugBatch), ("plug+unplug batch", hostile.plugUnplugBatch),
        ] {
            guard let cost else {
                lines.append(row([name, "skipped"]))
                continue
            }
            let roundtrips = cost.observerRoundtrips
            lines.append(
                row([
                    name, "\(cost.size)", f(cost.totalMilliseconds), "\(cost.refused)", "\(roundtrips.count)",
                    ms(roundtrips.medianMilliseconds), ms(roundtrips.p90Milliseconds), ms(roundtrips.maxMilliseconds),
                ]))
        }
        lines.append("")
        lines.append("Whole commands (s wall, each run; the target is on the median)")
        if let why = report.commandTimes.unavailable { lines.append("not available: \(why)") }
        for command in report.commandTimes.commands {
            lines.append(
                row([command.name, command.failure ?? command.seconds.map(f).joined(separator: " "), "target ≤ \(f(command.targetSeconds))"], width: 24))
        }
        lines.append("")
        lines.append("Targets")
        lines.append(row(["target", "limit", "measured", "met", "ratio"]))
        for target in report.targets {
            lines.append(
                row([
                    target.name, target.target, target.measured,
                    target.met.map { $0 ? "met" : "NOT met" } ?? "unmeasured", target.ratio.map(f) ?? "-",
                ]))
        }
        return lines.joined(separator: "\n")
    }

    /// The `sway reaction` section: one line per client and direction, each
    /// figure as median / p90 / max in ms.
    private static func swayReaction(_ section: SwayReactionSection, ms: (Double?) -> String) -> [String] {
        var lines = ["Sway reaction (ms, median / p90 / max; sway \(section.version ?? "?"), outputs at scale 1 and 2)"]
        if let why = section.unavailable { return lines + ["not available: \(why)"] }
        func cell(_ summary: LatencySummary?) -> String {
            guard let summary, summary.count > 0 else { return "-" }
            return "\(ms(summary.medianMilliseconds)) / \(ms(summary.p90Milliseconds)) / \(ms(summary.maxMilliseconds))"
        }
        lines.append(
            row(
                [
                    "client", "direction", "n", "unanswered", "IPC → enter", "enter → commit", "IPC → commit",
                    "IPC → traits",
                ], width: 18))
        for client in section.clients {
            if let why = client.unavailable {
                lines.append(row([client.client, "not available: \(why)"], width: 18))
                continue
            }
            for direction in client.directions {
                lines.append(
                    row(
                        [
                            client.client, direction.direction, "\(direction.moves)", "\(direction.unanswered)",
                            cell(direction.ipcToEnter), cell(direction.enterToCommit),
                            cell(direction.ipcToCommit), cell(direction.ipcToTraits),
                        ], width: 18))
            }
        }
        return lines
    }

    private static func row(_ cells: [String], width columnWidth: Int = 12) -> String {
        cells.enumerated().map { index, cell in
            let width = index == 0 ? 20 : columnWidth
            return cell.count >= width ? cell : cell + String(repeating: " ", count: width - cell.count)
        }.joined(separator: " ")
    }
}

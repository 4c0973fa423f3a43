/// Issue 7's targets (and issue 15's for the GL renderer), judged against what a run measured. A target that
/// could not be measured is reported with `met: nil` and says why.
enum TargetEvaluation {
    static func evaluate(
        reaction: [ClientReaction], throughput: ThroughputSection,
        memory: MemorySection, screenshot: ScreenshotSection,
        lint: LintSection, hostileCost: HostileCostSection = .skipped,
        commandTimes: CommandTimesSection = CommandTimesSection(unavailable: "skipped", runs: 0, commands: [])
    ) -> [TargetResult] {
        var results: [TargetResult] = []
        let measured = reaction.filter { $0.unavailable == nil }
        let diorama = measured.filter { $0.role == .diorama }

        results += latencyAgainstPeers(measured)
        results += latencyToTwoX(diorama)
        // Zero stale frames for Diorama clients.
        for app in diorama {
            results.append(
                TargetResult(
                    name: "\(app.client) stale frames", target: "0", measured: "\(app.staleFrames) in \(app.moves) moves",
                    met: app.staleFrames == 0, ratio: nil))
        }
        // Throughput ≥ 20 × sway; ≤ 50 µs CPU per move at 1,000 surfaces.
        let single = throughput.simulator.min { $0.surfaces < $1.surfaces }
        if let single, let sway = throughput.sway.movesPerSecond {
            let ratio = single.movesPerSecond / sway
            results.append(
                TargetResult(
                    name: "move throughput vs sway", target: "≥ 20 × sway",
                    measured: fmt(single.movesPerSecond) + "/s vs sway " + fmt(sway) + "/s",
                    met: ratio >= 20, ratio: ratio / 20))
        } else {
            results.append(
                TargetResult(
                    name: "move throughput vs sway", target: "≥ 20 × sway",
                    measured: throughput.sway.unavailable ?? "not measured", met: nil, ratio: nil))
        }
        results += controlRequestTargets(throughput)
        let largest = throughput.simulator.max { $0.surfaces < $1.surfaces }
        results.append(
            TargetResult(
                name: "simulator CPU per move at \(largest?.surfaces ?? 0) surfaces", target: "≤ 50 µs at 1,000 surfaces",
                measured: largest.map { fmt($0.cpuMicrosecondsPerMove) + " µs" } ?? "not measured",
                met: largest.map { $0.cpuMicrosecondsPerMove <= 50 }, ratio: largest.map { $0.cpuMicrosecondsPerMove / 50 }))
        // ≤ 1 MB anonymous memory per scene beyond its buffers.
        let perScene = memory.client.perSceneBeyondBuffersKiB
        results.append(
            TargetResult(
                name: "client memory per scene", target: "≤ 1 MB (1024 KiB) beyond buffers",
                measured: perScene.map { "\($0) KiB" } ?? (memory.client.unavailable ?? "not measured"),
                met: perScene.map { $0 <= 1024 }, ratio: perScene.map { Double($0) / 1024 }))
        results.append(screenshotTarget(screenshot))
        results.append(lintTarget(lint))
        results.append(includeDiamondTarget(lint))
        results += hostileCostTargets(hostileCost)
        results += commandTimeTargets(commandTimes)
        return results
    }

    /// Issue 19: a control request costs ≤ 1/10 of a sway IPC command, with a
    /// client attached, in the same run. Judged like for like, twice: one
    /// request per round trip on both sides, and pipelined on both sides
    /// (the same depth, the same client code shape). Batch lines are shown
    /// beside them, judged on nothing: each sway message here carries one command.
    /// One request per round trip is judged again with TimerApp attached, a
    /// client that is sent events by every move (weston-simple-shm binds no
    /// output, so a move sends it nothing), against the same sway figure.
    static func controlRequestTargets(_ throughput: ThroughputSection) -> [TargetResult] {
        let control = throughput.controlSocket, sway = throughput.sway
        let target = "≥ 10 × sway"
        let ways: [(name: String, ours: Double?, theirs: Double?)] = [
            ("one round trip each", control.requestsPerSecond, sway.movesPerSecond),
            ("pipelined, \(control.pipelineDepth) in flight", control.pipelinedRequestsPerSecond, sway.pipelinedMovesPerSecond),
        ]
        let timerApp: (name: String, ours: Double?, theirs: Double?) = (
            "one round trip each, TimerApp attached", control.timerAppRequestsPerSecond, sway.movesPerSecond
        )
        var results = (ways + [timerApp]).map { way -> TargetResult in
            let name = "control requests vs sway IPC, \(way.name)"
            guard let ours = way.ours, let theirs = way.theirs else {
                let missing = way.name == timerApp.name ? control.timerAppUnavailable : nil
                return TargetResult(
                    name: name, target: target, measured: control.unavailable ?? missing ?? sway.unavailable ?? "not measured", met: nil,
                    ratio: nil)
            }
            let ratio = ours / theirs
            return TargetResult(
                name: name, target: target, measured: fmt(ours) + " moves/s vs sway " + fmt(theirs) + "/s (\(fmt(ratio))×)",
                met: ratio >= 10, ratio: ratio / 10)
        }
        if let batched = control.batchedMovesPerSecond {
            results.append(
                TargetResult(
                    name: "control requests in batch lines of \(control.batchSize)", target: "shown only",
                    measured: fmt(batched) + " moves/s" + (sway.movesPerSecond.map { " (\(fmt(batched / $0))× sway one at a time)" } ?? ""),
                    met: nil, ratio: nil))
        }
        return results
    }

    /// Issue 19: the shipped suite in ≤ 4 s with `--jobs 2` and ≤ 8 s
    /// serially, `diorama check -- foot` in ≤ 5 s (release build), on the
    /// median of the runs; a command that failed is not met.
    static func commandTimeTargets(_ section: CommandTimesSection) -> [TargetResult] {
        section.commands.map { command in
            let name = command.name + " (\(ScreenshotBenchmark.buildConfiguration) build)"
            let target = "≤ \(fmt(command.targetSeconds)) s wall (release)"
            if let failure = command.failure {
                return TargetResult(name: name, target: target, measured: failure, met: false, ratio: nil)
            }
            guard let median = command.medianSeconds else {
                return TargetResult(name: name, target: target, measured: "not measured", met: nil, ratio: nil)
            }
            let runs = command.seconds.map(fmt).joined(separator: ", ")
            return TargetResult(
                name: name, target: target, measured: "median " + fmt(median) + " s of " + runs,
                met: ScreenshotBenchmark.buildConfiguration == "release" ? median <= command.targetSeconds : nil,
                ratio: median / command.targetSeconds)
        }
    }

    /// Issue 21: a subsurface tree at the nesting limit builds in ≤ 1 s, and
    /// while it (or a wide tree, or a 1,000-request control batch) is under
    /// way no other client's roundtrip takes over 100 ms.
    static func hostileCostTargets(_ section: HostileCostSection) -> [TargetResult] {
        var results: [TargetResult] = []
        if let deep = section.deepTree {
            results.append(
                TargetResult(
                    name: "subsurface chain of \(deep.size) levels", target: "≤ 1 s",
                    measured: fmt(deep.totalMilliseconds) + " ms", met: deep.totalMilliseconds <= 1000,
                    ratio: deep.totalMilliseconds / 1000))
        }
        let workloads: [(String, HostileCost?)] = [
            ("the \(section.deepTree?.size ?? 0)-level chain", section.deepTree),
            ("\(section.wideTree?.size ?? 0) sibling subsurfaces", section.wideTree),
            ("a batch of \(section.plugBatch?.size ?? 0) plugs", section.plugBatch),
            ("a batch of \(section.plugUnplugBatch?.size ?? 0) plugs and unplugs", section.plugUnplugBatch),
        ]
        for (what, cost) in workloads {
            guard let cost, let longest = cost.observerRoundtrips.maxMilliseconds else { continue }
            results.append(
                TargetResult(
                    name: "another client's roundtrip during \(what)", target: "≤ 100 ms",
                    measured: fmt(longest) + " ms longest of \(cost.observerRoundtrips.count)", met: longest <= 100,
                    ratio: longest / 100))
        }
        return results
    }

    /// ≤ 2 ms for a 1280×800 window going to 2× (issue 7, for software
    /// frames; a GL app's figure is shown, judged only against GL peers by
    /// ``latencyAgainstPeers(_:)``).
    static func latencyToTwoX(_ apps: [ClientReaction]) -> [TargetResult] {
        apps.map { app in
            let toTwo = app.directions.first { $0.direction.hasSuffix("->2x") }?.latency.medianMilliseconds
            let sized = app.windowWidth == 1280 && app.windowHeight == 800
            let judged = app.renderer == .software
            let measured = toTwo.map {
                fmt($0) + " ms" + (sized ? "" : " (window \(app.windowWidth ?? 0)×\(app.windowHeight ?? 0))")
                    + (judged ? "" : " (shown only: the target is for software frames; GL is judged against GL peers)")
            }
            return TargetResult(
                name: "\(app.client) 1280×800 → 2× latency", target: "median ≤ 2 ms",
                measured: measured ?? "no samples",
                met: judged ? toTwo.map { $0 <= 2 } : nil, ratio: toTwo.map { $0 / 2 })
        }
    }

    /// Latency median ≤ 0.5 × the median of the best peer that draws the
    /// same way: software apps against software peers, GL apps against GL
    /// peers (the rasterizer, not the toolkit, dominates a GL frame's cost),
    /// and only peers whose window had the app's size, so both drew the same
    /// number of pixels (a peer that kept its own size is left out).
    static func latencyAgainstPeers(_ measured: [ClientReaction]) -> [TargetResult] {
        let peers = measured.filter { $0.role == .peer && $0.unavailable == nil }
        return measured.filter { $0.role == .diorama && $0.unavailable == nil }.map { app in
            let kind = app.renderer == .openGL ? "GL peer" : "peer"
            let name = "\(app.client) latency vs best \(kind)"
            let target = "median ≤ 0.5 × best \(kind) median"
            let window = "windows \(app.windowWidth ?? 0)x\(app.windowHeight ?? 0) pt"
            let bestPeer = peers.filter { $0.renderer == app.renderer }
                .filter { $0.windowWidth == app.windowWidth && $0.windowHeight == app.windowHeight }
                .compactMap { peer in peer.overall?.medianMilliseconds.map { (peer.client, $0) } }
                .min { $0.1 < $1.1 }
            guard let median = app.overall?.medianMilliseconds, let (peer, peerMedian) = bestPeer else {
                return TargetResult(
                    name: name, target: target, measured: "no \(kind) at the app's window size or no samples", met: nil, ratio: nil)
            }
            let ratio = median / peerMedian
            return TargetResult(
                name: name, target: target, measured: fmt(median) + " ms vs \(peer) " + fmt(peerMedian) + " ms (\(window))",
                met: ratio <= 0.5, ratio: ratio)
        }
    }

    /// Issue 14: linting a 2.5 MB project takes under a second in a release build. A
    /// debug build's time is shown but not judged.
    static func lintTarget(_ lint: LintSection) -> TargetResult {
        let name = "lint of a 2.5 MB project (\(lint.build) build)"
        let target = "< 1 s (release)"
        guard let cpu = lint.cpuMilliseconds else {
            return TargetResult(name: name, target: target, measured: lint.unavailable ?? "not measured", met: nil, ratio: nil)
        }
        let measured = fmt(cpu) + " ms CPU, \(lint.pbxprojBytes) bytes"
        guard lint.build == "release" else {
            return TargetResult(
                name: name, target: target, measured: measured + " (judged in release builds only)",
                met: nil, ratio: nil)
        }
        return TargetResult(name: name, target: target, measured: measured, met: cpu < 1000, ratio: cpu / 1000)
    }

    /// Issue 21: an 8-level include diamond (8 includes per level) lints in ≤ 1 s, in
    /// any build: read file by file it is 65 small files (before, 8^8 paths took
    /// over 300 s).
    static func includeDiamondTarget(_ lint: LintSection) -> TargetResult {
        let name = "lint of an 8 × 8 xcconfig include diamond (\(lint.build) build)"
        let target = "≤ 1 s"
        guard let cpu = lint.includeDiamondCPUMilliseconds else {
            return TargetResult(name: name, target: target, measured: lint.unavailable ?? "not measured", met: nil, ratio: nil)
        }
        return TargetResult(name: name, target: target, measured: fmt(cpu) + " ms CPU", met: cpu <= 1000, ratio: cpu / 1000)
    }

    /// Issue 13: a 5120×2880 screenshot (compose + PNG) in ≤ 0.25 s from a
    /// release build, ≤ 1 s from a debug build; judged on the wall clock
    /// (issue 19: the encoder works on several cores), with the CPU time of
    /// all threads shown beside it.
    static func screenshotTarget(_ screenshot: ScreenshotSection) -> TargetResult {
        let limit = screenshot.build == "debug" ? 1000.0 : 250.0
        let name = "5120×2880 screenshot (\(screenshot.build) build)"
        let target = "≤ \(fmt(limit)) ms wall compose + PNG"
        guard let total = screenshot.totalMilliseconds else {
            return TargetResult(
                name: name, target: target, measured: screenshot.unavailable ?? "not measured",
                met: nil, ratio: nil)
        }
        let sized = screenshot.width == 5120 && screenshot.height == 2880
        let cpu = screenshot.cpuMilliseconds.map { ", \(fmt($0)) ms CPU" } ?? ""
        return TargetResult(
            name: name, target: target,
            measured: fmt(total) + " ms wall" + cpu + (sized ? "" : " (\(screenshot.width)×\(screenshot.height))"),
            met: sized && total <= limit, ratio: total / limit)
    }

    static func fmt(_ value: Double) -> String {
        value >= 100 ? String(Int(value.rounded())) : String((value * 100).rounded() / 100)
    }
}

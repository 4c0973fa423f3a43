import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Foundation

/// Runs every measurement of a configuration, in one process and one run, and
/// writes the report.
package enum BenchRunner {
    /// Runs the measurements; `log` gets a line as each one starts.
    package static func run(
        _ configuration: BenchConfiguration, packageRoot: URL,
        log: (String) -> Void = { _ in }
    ) throws -> BenchReport {
        let layoutPath = packageRoot.appendingPathComponent("Configs/displays/studio.json").path
        let machine = MachineInfo.current()

        log("throughput and simulator memory")
        var throughputs: [SimulatorThroughput] = []
        var memories: [SimulatorMemory] = []
        for surfaces in configuration.surfaceCounts {
            let (throughput, memory) = try SimulatorThroughputBenchmark.run(
                surfaces: surfaces, moves: configuration.throughputMoves, layoutPath: layoutPath)
            throughputs.append(throughput)
            memories.append(memory)
        }
        if configuration.swayMoves > 0 { log("sway moves") }
        let sway = SwayMoveBenchmark.run(moves: configuration.swayMoves, pipelineDepth: configuration.pipelineDepth)
        let products =
            ProcessInfo.processInfo.environment["DIORAMA_BUILD_PRODUCTS"].map { URL(fileURLWithPath: $0) }
            ?? ConfigFileLocator.executableFolder
        if configuration.controlMoves > 0 { log("control socket moves") }
        let controlSocket = ControlSocketMoveBenchmark.run(
            moves: configuration.controlMoves, batchSize: configuration.controlBatchSize,
            pipelineDepth: configuration.pipelineDepth, productsDirectory: products, layoutPath: layoutPath)

        let reaction =
            configuration.measureSimulatorReaction
            ? try ReactionBenchmark.run(configuration, layoutPath: layoutPath, log: log) : []
        let swayReaction = SwayReactionBenchmark.run(
            movesPerDirection: configuration.swayReactionMovesPerDirection,
            timeoutMilliseconds: configuration.reactionTimeoutMilliseconds, log: log)

        log("client memory")
        let clientMemory =
            configuration.measureClientMemory
            ? ClientSceneMemoryBenchmark.run(layoutPath: layoutPath)
            : ClientSceneMemory(unavailable: "skipped in this configuration", note: "")
        log("scanner")
        let scanner =
            configuration.measureScanner
            ? ScannerBenchmark.run(
                packageRoot: packageRoot, productsDirectory: products,
                withColdBuild: configuration.withColdBuild)
            : ScannerSection(unavailable: "skipped in this configuration", targetsUsingPlugin: ScannerBenchmark.pluginTargets)

        let screenshot: ScreenshotSection
        if configuration.screenshotRepeats > 0 {
            log("screenshot of a 5K display")
            screenshot = try ScreenshotBenchmark.run(repeats: configuration.screenshotRepeats, layoutPath: layoutPath)
        } else {
            screenshot = ScreenshotSection(
                unavailable: "skipped in this configuration",
                build: ScreenshotBenchmark.buildConfiguration, width: 0, height: 0,
                repeats: 0, fileBytes: 0)
        }

        let lint: LintSection
        if configuration.lintRepeats > 0 {
            log("lint of a 2.5 MB project")
            lint = try LintBenchmark.run(repeats: configuration.lintRepeats)
        } else {
            lint = LintSection(
                unavailable: "skipped in this configuration", build: ScreenshotBenchmark.buildConfiguration,
                pbxprojBytes: 0, targets: 0, swiftFiles: 0, repeats: 0)
        }

        let hostileCost: HostileCostSection
        if configuration.measureHostileCost {
            log("hostile surface trees and control batches")
            hostileCost = try HostileCostBenchmark.run(layoutPath: layoutPath)
        } else {
            hostileCost = .skipped
        }

        if configuration.commandRuns > 0 { log("the shipped suite and check -- foot, timed whole") }
        let commandTimes = CommandTimeBenchmark.run(runs: configuration.commandRuns, productsDirectory: products, packageRoot: packageRoot)

        let throughput = ThroughputSection(simulator: throughputs, sway: sway, controlSocket: controlSocket)
        let memory = MemorySection(simulator: memories, client: clientMemory)
        return BenchReport(
            timestamp: Date().formatted(.iso8601), machine: machine,
            configuration: configuration, reaction: reaction, throughput: throughput, memory: memory,
            scanner: scanner, swayReaction: swayReaction, screenshot: screenshot, lint: lint,
            hostileCost: hostileCost, commandTimes: commandTimes,
            targets: TargetEvaluation.evaluate(
                reaction: reaction, throughput: throughput, memory: memory,
                screenshot: screenshot, lint: lint, hostileCost: hostileCost, commandTimes: commandTimes))
    }

    /// Writes `<directory>/<timestamp>.json` (creating the directory) and returns its path.
    package static func write(_ report: BenchReport, to directory: URL) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let name = report.timestamp.replacingOccurrences(of: ":", with: "-") + ".json"
        let url = directory.appendingPathComponent(name)
        try OutputFileWriter.write(encoder.encode(report), to: url.path)
        return url
    }

    /// The console table.
    package static func table(_ report: BenchReport) -> String { ConsoleTable.render(report) }

    /// The package checkout this was built from (for Configs/ and Protocols/).
    package static var packageRoot: URL {
        URL(fileURLWithPath: Simulator.Harness.configsDirectory).deletingLastPathComponent().deletingLastPathComponent()
    }
}

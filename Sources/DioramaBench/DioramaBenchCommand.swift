import ArgumentParser
import DioramaBenchKit
import DioramaModel
import Foundation

struct DioramaBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diorama-bench",
        abstract: "Measure scale-change reaction, stale frames, simulator throughput and memory against peers.")

    @Option(help: "Moves per direction per client (four directions among 1x, 2x, 1.5x).")
    var moves = BenchConfiguration.standard.movesPerDirection
    @Option(help: "Only these clients (repeatable): \(BenchClientNames.all.map { "'\($0)'" }.joined(separator: ", ")).")
    var client: [String] = []
    @Flag(
        help:
            "Measure only the GL clients' reaction under the simulator (GameScene --renderer gles, SDL2 testgl2 and testgles2, weston-simple-egl, on Mesa's software GL; --client picks among them); other sections stay empty."
    )
    var glOnly = false
    @Option(help: "Mapped surface counts for throughput and memory (comma-separated).")
    var surfaces = "1,100,1000"
    @Option(help: "Scripted moves per surface count.")
    var throughputMoves = BenchConfiguration.standard.throughputMoves
    @Option(help: "Moves sway executes through IPC (0 skips sway).")
    var swayMoves = BenchConfiguration.standard.swayMoves
    @Option(help: "Moves over diorama sim's control socket, one request at a time and again batched (0 skips it).")
    var controlMoves = BenchConfiguration.standard.controlMoves
    @Option(help: "Requests per batch line for the batched control-socket moves.")
    var controlBatch = BenchConfiguration.standard.controlBatchSize
    @Option(help: "Requests in flight at once when sway's IPC and the control socket are sent moves pipelined.")
    var pipelineDepth = BenchConfiguration.standard.pipelineDepth
    @Flag(help: "Measure only the move rates: in process, sway's IPC and the control socket, in one run.")
    var moveRatesOnly = false
    @Option(help: "Moves per direction (1x->2x, 2x->1x) of TimerApp and foot between sway's outputs (0 skips it).")
    var swayReactionMoves = BenchConfiguration.standard.swayReactionMovesPerDirection
    @Flag(help: "Measure only the sway reaction section (TimerApp and foot under sway); other sections stay empty.")
    var swayReactionOnly = false
    @Flag(help: "Measure only the 5K screenshot (compose + PNG); other sections stay empty. Works in a debug build.")
    var screenshotOnly = false
    @Option(help: "Screenshots to time (median reported; 0 skips them).")
    var screenshots = BenchConfiguration.standard.screenshotRepeats
    @Flag(help: "Measure only `diorama lint` of a generated 2.5 MB, 63-target project; other sections stay empty.")
    var lintOnly = false
    @Flag(help: "Measure only what hostile surface trees and long control batches cost the simulator and another client.")
    var hostileOnly = false
    @Option(help: "Runs of each whole command timed: the shipped suite with --jobs 2 and serially, diorama check -- foot (0 skips them).")
    var commandRuns = BenchConfiguration.standard.commandRuns
    @Flag(help: "Measure only the whole commands (the shipped suite, diorama check -- foot); other sections stay empty.")
    var commandsOnly = false
    @Flag(help: "Also time a cold `swift build` of the package (takes minutes).")
    var withBuild = false
    @Option(help: "Where the JSON goes.")
    var output = "bench/results"

    func validate() throws {
        guard moves > 0 else { throw ValidationError("--moves must be at least 1") }
        guard swayMoves >= 0, swayReactionMoves >= 0, controlMoves >= 0 else {
            throw ValidationError("--sway-moves, --sway-reaction-moves and --control-moves must be 0 (skip) or more")
        }
        guard screenshots >= 0 else { throw ValidationError("--screenshots must be 0 (skip) or more") }
        if screenshotOnly && screenshots == 0 {
            throw ValidationError("--screenshot-only needs --screenshots of at least 1")
        }
        if screenshotOnly && swayReactionOnly {
            throw ValidationError("--screenshot-only and --sway-reaction-only exclude each other; pick one")
        }
        if lintOnly && (screenshotOnly || swayReactionOnly || moveRatesOnly) {
            throw ValidationError("--lint-only excludes --screenshot-only, --sway-reaction-only and --move-rates-only; pick one")
        }
        if glOnly && (lintOnly || screenshotOnly || swayReactionOnly || moveRatesOnly) {
            throw ValidationError("--gl-only excludes the other --…-only flags; pick one")
        }
        if hostileOnly && (glOnly || lintOnly || screenshotOnly || swayReactionOnly || moveRatesOnly) {
            throw ValidationError("--hostile-only excludes the other --…-only flags; pick one")
        }
        if commandsOnly && (hostileOnly || glOnly || lintOnly || screenshotOnly || swayReactionOnly || moveRatesOnly) {
            throw ValidationError("--commands-only excludes the other --…-only flags; pick one")
        }
        if commandsOnly && commandRuns == 0 { throw ValidationError("--commands-only needs --command-runs of at least 1") }
        guard commandRuns >= 0 else { throw ValidationError("--command-runs must be 0 (skip) or more") }
        guard pipelineDepth > 0 else { throw ValidationError("--pipeline-depth must be at least 1") }
        let openGL = BenchClient.openGLNames
        if glOnly, let other = client.first(where: { !openGL.contains($0) }) {
            throw ValidationError("--gl-only measures GL clients only, and '\(other)' is not one; GL clients: \(openGL.joined(separator: ", "))")
        }
        guard (1...10_000).contains(controlBatch) else { throw ValidationError("--control-batch must be within 1…10000") }
        if moveRatesOnly && swayReactionOnly { throw ValidationError("--move-rates-only and --sway-reaction-only exclude each other") }
        if screenshotOnly && moveRatesOnly {
            throw ValidationError("--screenshot-only and --move-rates-only exclude each other; pick one")
        }
        if swayReactionOnly && swayReactionMoves == 0 {
            throw ValidationError("--sway-reaction-only needs --sway-reaction-moves of at least 1")
        }
        guard parsedSurfaces.count == surfaces.split(separator: ",").count, parsedSurfaces.allSatisfy({ $0 > 0 }) else {
            throw ValidationError("--surfaces must be positive whole numbers separated by commas, e.g. 1,100,1000")
        }
        let known = BenchClientNames.all
        for name in client where !known.contains(name) {
            throw ValidationError("unknown client '\(name)'; known: \(known.joined(separator: ", "))")
        }
    }

    private var parsedSurfaces: [Int] { surfaces.split(separator: ",").compactMap { Int($0) } }

    func run() throws {
        let configuration: BenchConfiguration =
            if glOnly {
                .glOnly(movesPerDirection: moves, clients: client)
            } else if hostileOnly {
                .hostileCostOnly
            } else if commandsOnly {
                .commandsOnly(runs: commandRuns)
            } else if lintOnly {
                .lintOnly(repeats: BenchConfiguration.standard.lintRepeats)
            } else if screenshotOnly {
                .screenshotOnly(repeats: screenshots)
            } else if swayReactionOnly {
                .swayReactionOnly(movesPerDirection: swayReactionMoves)
            } else if moveRatesOnly {
                .moveRatesOnly(
                    surfaceCounts: parsedSurfaces, throughputMoves: throughputMoves, swayMoves: swayMoves,
                    controlMoves: controlMoves, controlBatchSize: controlBatch, pipelineDepth: pipelineDepth)
            } else {
                BenchConfiguration(
                    movesPerDirection: moves, clients: client, surfaceCounts: parsedSurfaces, throughputMoves: throughputMoves,
                    swayMoves: swayMoves, controlMoves: controlMoves, controlBatchSize: controlBatch, pipelineDepth: pipelineDepth,
                    swayReactionMovesPerDirection: swayReactionMoves, withColdBuild: withBuild,
                    screenshotRepeats: screenshots, commandRuns: commandRuns)
            }
        let report = try BenchRunner.run(configuration, packageRoot: BenchRunner.packageRoot) { line in
            DescriptorWriter.reportToStandardError("bench: \(line)")
        }
        print(BenchRunner.table(report))
        let file = try BenchRunner.write(report, to: URL(fileURLWithPath: output))
        print("\nJSON: \(file.path)")
    }
}

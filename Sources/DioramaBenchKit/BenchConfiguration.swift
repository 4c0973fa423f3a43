/// How big a run is. ``standard`` is what `make bench` runs; ``smoke`` is the
/// tiny run `make test` makes to check the harness end to end.
package struct BenchConfiguration: Codable, Sendable {
    /// Moves per direction (four directions among 1×, 2× and 1.5×) per client.
    package var movesPerDirection: Int
    /// Measure reaction latency under the simulator (off: that section is empty).
    package var measureSimulatorReaction: Bool
    /// Client names to measure (see ``BenchClient/all``); empty means all.
    package var clients: [String]
    /// Mapped surface counts for the throughput and memory measurements.
    package var surfaceCounts: [Int]
    /// Scripted moves per surface count.
    package var throughputMoves: Int
    /// Moves sway executes through its IPC socket (0 skips sway).
    package var swayMoves: Int
    /// Moves sent over `diorama sim`'s control socket, one request at a time
    /// and again in batches (0 skips it).
    package var controlMoves: Int
    /// Requests per batch line for the batched control-socket moves.
    package var controlBatchSize: Int
    /// Requests kept unanswered at once when sway's IPC and the control
    /// socket are sent moves pipelined (the same for both).
    package var pipelineDepth: Int
    /// Moves per direction (1x->2x, 2x->1x) of TimerApp and foot between
    /// sway's outputs, timed from the clients' side (0 skips it).
    package var swayReactionMovesPerDirection: Int
    /// Measure client memory with 1 and 2 scenes (two TimerApp launches).
    package var measureClientMemory: Bool
    /// Time the scanner plugin's work.
    package var measureScanner: Bool
    /// Also time a cold `swift build` of the package (minutes).
    package var withColdBuild: Bool
    /// Shots of the 5K display to time (median reported; 0 skips it).
    package var screenshotRepeats: Int
    /// Lint runs of the generated 2.5 MB project to time (median reported; 0 skips it).
    package var lintRepeats: Int
    /// How long to wait for a correctly scaled commit after a move, in ms.
    package var reactionTimeoutMilliseconds: Int
    /// Time deep and wide surface trees and long control batches, with
    /// another client's roundtrips meanwhile (``HostileCostBenchmark``).
    package var measureHostileCost: Bool
    /// Runs of each whole command timed (the shipped suite with `--jobs 2`
    /// and serially, `diorama check -- foot`; 0 skips them).
    package var commandRuns: Int

    package init(
        movesPerDirection: Int = 50, measureSimulatorReaction: Bool = true, clients: [String] = [], surfaceCounts: [Int] = [1, 100, 1000],
        throughputMoves: Int = 2000, swayMoves: Int = 2000, controlMoves: Int = 20000, controlBatchSize: Int = 100,
        pipelineDepth: Int = 64, swayReactionMovesPerDirection: Int = 20,
        measureClientMemory: Bool = true,
        measureScanner: Bool = true, withColdBuild: Bool = false, screenshotRepeats: Int = 5,
        lintRepeats: Int = 3, reactionTimeoutMilliseconds: Int = 1000, measureHostileCost: Bool = true,
        commandRuns: Int = 3
    ) {
        self.movesPerDirection = movesPerDirection
        self.measureSimulatorReaction = measureSimulatorReaction
        self.clients = clients
        self.surfaceCounts = surfaceCounts
        self.throughputMoves = throughputMoves
        self.swayMoves = swayMoves
        self.controlMoves = controlMoves
        self.controlBatchSize = controlBatchSize
        self.pipelineDepth = pipelineDepth
        self.swayReactionMovesPerDirection = swayReactionMovesPerDirection
        self.measureClientMemory = measureClientMemory
        self.measureScanner = measureScanner
        self.withColdBuild = withColdBuild
        self.screenshotRepeats = screenshotRepeats
        self.lintRepeats = lintRepeats
        self.reactionTimeoutMilliseconds = reactionTimeoutMilliseconds
        self.measureHostileCost = measureHostileCost
        self.commandRuns = commandRuns
    }

    package static let standard = BenchConfiguration()

    /// 2 moves (one per direction pair), TimerApp only, 10 surfaces, no sway
    /// (neither throughput nor reaction), one screenshot.
    package static let smoke = BenchConfiguration(
        movesPerDirection: 1, clients: ["TimerApp"], surfaceCounts: [10],
        throughputMoves: 2, swayMoves: 0, controlMoves: 0,
        swayReactionMovesPerDirection: 0, measureClientMemory: false,
        measureScanner: true, withColdBuild: false, screenshotRepeats: 1,
        lintRepeats: 1, reactionTimeoutMilliseconds: 5000, measureHostileCost: false, commandRuns: 0)

    /// Only the move rates (`--move-rates-only`): the simulator in process,
    /// sway over its IPC socket and the simulator over its control socket,
    /// in one run; every other section is empty or marked skipped.
    package static func moveRatesOnly(
        surfaceCounts: [Int], throughputMoves: Int, swayMoves: Int,
        controlMoves: Int, controlBatchSize: Int, pipelineDepth: Int
    ) -> BenchConfiguration {
        BenchConfiguration(
            measureSimulatorReaction: false, surfaceCounts: surfaceCounts, throughputMoves: throughputMoves,
            swayMoves: swayMoves, controlMoves: controlMoves, controlBatchSize: controlBatchSize, pipelineDepth: pipelineDepth,
            swayReactionMovesPerDirection: 0, measureClientMemory: false, measureScanner: false,
            screenshotRepeats: 0, lintRepeats: 0, measureHostileCost: false, commandRuns: 0)
    }

    /// Only the reaction of the GL clients under the simulator (`--gl-only`):
    /// GameScene with `--renderer gles` beside SDL2's testgl2 and testgles2 and
    /// weston-simple-egl, all on Mesa's software GL; every other section is empty
    /// or marked skipped. `clients` narrows the GL clients (empty: all of them).
    package static func glOnly(movesPerDirection: Int, clients: [String] = []) -> BenchConfiguration {
        BenchConfiguration(
            movesPerDirection: movesPerDirection, clients: clients.isEmpty ? BenchClient.openGLNames : clients,
            surfaceCounts: [],
            throughputMoves: 0, swayMoves: 0, controlMoves: 0, swayReactionMovesPerDirection: 0,
            measureClientMemory: false, measureScanner: false, screenshotRepeats: 0, lintRepeats: 0,
            measureHostileCost: false, commandRuns: 0)
    }

    /// Only the sway reaction section (`--sway-reaction-only`): every other
    /// section is present in the report but empty or marked skipped.
    package static func swayReactionOnly(movesPerDirection: Int) -> BenchConfiguration {
        BenchConfiguration(
            measureSimulatorReaction: false, surfaceCounts: [], throughputMoves: 0, swayMoves: 0, controlMoves: 0,
            swayReactionMovesPerDirection: movesPerDirection, measureClientMemory: false,
            measureScanner: false, screenshotRepeats: 0, lintRepeats: 0, measureHostileCost: false, commandRuns: 0)
    }

    /// Only the screenshot section (`--screenshot-only`): quick enough to run
    /// against a debug build, whose screenshot target is separate.
    package static func screenshotOnly(repeats: Int) -> BenchConfiguration {
        BenchConfiguration(
            measureSimulatorReaction: false, surfaceCounts: [], throughputMoves: 0, swayMoves: 0, controlMoves: 0,
            swayReactionMovesPerDirection: 0, measureClientMemory: false,
            measureScanner: false, screenshotRepeats: repeats, lintRepeats: 0, measureHostileCost: false, commandRuns: 0)
    }

    /// Only the lint section (`--lint-only`): the generated 2.5 MB project, linted
    /// `repeats` times.
    package static func lintOnly(repeats: Int) -> BenchConfiguration {
        BenchConfiguration(
            measureSimulatorReaction: false, surfaceCounts: [], throughputMoves: 0, swayMoves: 0, controlMoves: 0,
            swayReactionMovesPerDirection: 0, measureClientMemory: false,
            measureScanner: false, screenshotRepeats: 0, lintRepeats: repeats, measureHostileCost: false, commandRuns: 0)
    }

    /// Only the hostile-input costs (`--hostile-only`): deep and wide surface
    /// trees and long control batches beside an observer client.
    /// Only the whole commands (`--commands-only`): the shipped suite with
    /// `--jobs 2` and serially, and `diorama check -- foot`, `runs` times each.
    package static func commandsOnly(runs: Int) -> BenchConfiguration {
        BenchConfiguration(
            measureSimulatorReaction: false, surfaceCounts: [], throughputMoves: 0, swayMoves: 0, controlMoves: 0,
            swayReactionMovesPerDirection: 0, measureClientMemory: false,
            measureScanner: false, screenshotRepeats: 0, lintRepeats: 0, measureHostileCost: false, commandRuns: runs)
    }

    package static let hostileCostOnly = BenchConfiguration(
        measureSimulatorReaction: false, surfaceCounts: [], throughputMoves: 0, swayMoves: 0, controlMoves: 0,
        swayReactionMovesPerDirection: 0, measureClientMemory: false,
        measureScanner: false, screenshotRepeats: 0, lintRepeats: 0, measureHostileCost: true, commandRuns: 0)
}

/// Everything one `diorama-bench` run measured, as written to
/// `bench/results/<timestamp>.json`. Every section is present in every run;
/// a measurement that could not be made says why in `unavailable`/`note`
/// instead of being left out.
package struct BenchReport: Codable, Sendable {
    package var timestamp: String
    package var machine: MachineInfo
    package var configuration: BenchConfiguration
    package var reaction: [ClientReaction]
    package var throughput: ThroughputSection
    package var memory: MemorySection
    package var scanner: ScannerSection
    /// Moves between outputs executed by sway, TimerApp next to foot.
    package var swayReaction: SwayReactionSection
    /// A 5120×2880 screenshot: composite and PNG.
    package var screenshot: ScreenshotSection
    /// `diorama lint` of a 2.5 MB project.
    package var lint: LintSection
    /// Deep and wide surface trees and long control batches.
    package var hostileCost: HostileCostSection
    /// The shipped scenario suite and `diorama check -- foot`, timed whole.
    package var commandTimes: CommandTimesSection
    package var targets: [TargetResult]
}

/// One client's reaction to scale changes under the simulator.
package struct ClientReaction: Codable, Sendable {
    package var client: String
    package var role: BenchClient.Role
    /// Software or GL: a Diorama app's target compares it with peers that draw the same way.
    package var renderer: BenchClient.Renderer
    /// Why the client could not be measured (missing program, never mapped …).
    package var unavailable: String?
    /// The window's size in points while it was moved.
    package var windowWidth: Int?
    package var windowHeight: Int?
    /// Launch → first commit drawn for 2× on a 2× display; nil when none came.
    package var firstCorrectFrameMilliseconds: Double?
    /// Per direction ("1x->2x" …): scale-changing event → first commit drawn for the new scale.
    package var directions: [DirectionLatency]
    /// All moves together.
    package var overall: LatencySummary?
    /// Commits drawn for the old scale after a change (until the next move).
    package var staleFrames: Int
    package var moves: Int
}

package struct DirectionLatency: Codable, Sendable {
    package var direction: String
    package var latency: LatencySummary
    /// Moves after which no correctly scaled commit came before the timeout.
    package var unanswered: Int
    package var staleFrames: Int
    /// The buffer sizes in pixels ("2560x1600") of the commits that answered:
    /// clients at the same window size draw the same number of pixels.
    package var answerBufferSizes: [String] = []
}

package struct ThroughputSection: Codable, Sendable {
    /// In-process: `moveWindow` called directly, no socket.
    package var simulator: [SimulatorThroughput]
    package var sway: SwayThroughput
    /// Out of process over the control socket, in the same run as `sway`.
    package var controlSocket: ControlSocketThroughput
}

/// Moves over `diorama sim`'s control socket (see ``ControlSocketMoveBenchmark``).
package struct ControlSocketThroughput: Codable, Sendable {
    package var unavailable: String?
    package var moves: Int
    /// Requests per batch line in the batched measurement.
    package var batchSize: Int
    /// One `move` request per line, each answered before the next is sent.
    package var requestsPerSecond: Double?
    /// Requests kept unanswered at once in the pipelined measurement.
    package var pipelineDepth: Int
    /// One `move` request per line, written without waiting for the answers
    /// before it (at most `pipelineDepth` unanswered), each answered in order.
    package var pipelinedRequestsPerSecond: Double?
    /// The same moves as batch lines of `batchSize` requests.
    package var batchedMovesPerSecond: Double?
    /// One `move` request per line, each answered before the next is sent,
    /// with the release TimerApp attached instead of weston-simple-shm: a
    /// client that is told of every move (`leave`, `enter`, its preferred
    /// scale) and reacts to each. Nil when it was not measured
    /// (`timerAppUnavailable` says why).
    package var timerAppRequestsPerSecond: Double?
    package var timerAppUnavailable: String?
}

package struct SimulatorThroughput: Codable, Sendable {
    package var surfaces: Int
    package var moves: Int
    /// Moves per second of wall time (the move and flushing its events).
    package var movesPerSecond: Double
    /// Simulator thread CPU per move (clients excluded), in µs.
    package var cpuMicrosecondsPerMove: Double
    /// The same with every trace record encoded as its JSON line when it is
    /// recorded (what `diorama sim --trace` adds, the write left out), in µs.
    package var tracedCPUMicrosecondsPerMove: Double?
    /// Trace lines a move writes (configure, moved, enter/leave, scale …).
    package var traceLinesPerMove: Double?
}

package struct SwayThroughput: Codable, Sendable {
    package var unavailable: String?
    package var moves: Int
    /// `[con_id=…] move position X Y` commands per second through the IPC
    /// socket, each answered before the next is sent.
    package var movesPerSecond: Double?
    /// The same commands, one message each, written without waiting for the
    /// replies before them (at most `pipelineDepth` unanswered).
    package var pipelinedMovesPerSecond: Double?
    package var pipelineDepth: Int?
    package var version: String?
}

/// Reaction to moves between sway's outputs (scale 1 and 2), TimerApp and
/// foot one after the other under one sway (see ``SwayReactionBenchmark``).
package struct SwayReactionSection: Codable, Sendable {
    package var unavailable: String?
    package var version: String?
    package var movesPerDirection: Int
    package var clients: [SwayClientReaction]
}

package struct SwayClientReaction: Codable, Sendable {
    package var client: String
    package var role: BenchClient.Role
    /// Why the client could not be measured.
    package var unavailable: String?
    /// "1x->2x", "2x->1x", then "all".
    package var directions: [SwayDirectionReaction]
}

package struct SwayDirectionReaction: Codable, Sendable {
    package var direction: String
    package var moves: Int
    /// IPC command sent → first `wl_surface.enter`/`leave` of the window the
    /// client dispatched (WAYLAND_DEBUG stamps): sway's part, plus the socket
    /// and the client's wake-up.
    package var ipcToEnter: LatencySummary
    /// First enter/leave dispatched → first commit at the new buffer scale
    /// sent (WAYLAND_DEBUG stamps): the client's part, comparable across toolkits.
    package var enterToCommit: LatencySummary
    /// IPC command sent → the runtime trace's first `commit` with the new
    /// `bufferScale` (Diorama apps only, CLOCK_MONOTONIC).
    package var ipcToCommit: LatencySummary?
    /// IPC command sent → the runtime trace's `traits` with the new `displayScale`.
    package var ipcToTraits: LatencySummary?
    /// Moves after which no commit at the new scale was seen.
    package var unanswered: Int
}

package struct MemorySection: Codable, Sendable {
    package var simulator: [SimulatorMemory]
    package var client: ClientSceneMemory
}

package struct SimulatorMemory: Codable, Sendable {
    package var surfaces: Int
    /// The whole bench process (simulator plus its in-process raw clients).
    package var rssKiB: Int
    /// Anonymous memory added since before the simulator started.
    package var anonymousDeltaKiB: Int
}

package struct ClientSceneMemory: Codable, Sendable {
    package var unavailable: String?
    package var oneSceneAnonymousKiB: Int?
    package var twoScenesAnonymousKiB: Int?
    /// Anonymous memory the second scene added, minus its buffers' bytes.
    package var perSceneBeyondBuffersKiB: Int?
    package var note: String
}

package struct ScannerSection: Codable, Sendable {
    package var unavailable: String?
    /// One scanner run over Protocols/bindings.list (client + server sides).
    package var scannerMillisecondsPerTarget: Double?
    package var targetsUsingPlugin: Int
    package var scannerTotalMilliseconds: Double?
    /// Cold `swift build` (only with --with-build).
    package var coldBuildSeconds: Double?
    /// Scanner total ÷ cold build.
    package var scannerShare: Double?
}

/// One target of issue 7, measured.
package struct TargetResult: Codable, Sendable {
    package var name: String
    package var target: String
    package var measured: String
    /// nil when it could not be measured (see `measured`).
    package var met: Bool?
    /// measured ÷ limit for "≤" targets, measured ÷ required for "≥" targets.
    package var ratio: Double?
}

/// A screenshot of the studio's 5K display (``ScreenshotBenchmark``), median of
/// ``repeats`` shots.
package struct ScreenshotSection: Codable, Sendable {
    package var unavailable: String?
    /// "debug" or "release": the build the bench ran in (the targets differ).
    package var build: String
    package var width: Int
    package var height: Int
    package var repeats: Int
    /// Compositing the display's windows into one image.
    package var composeMilliseconds: Double?
    /// Encoding the PNG and writing it to a file.
    package var encodeMilliseconds: Double?
    /// Compose plus encode, median over the repeats (wall clock): what the
    /// targets judge, since the PNG encoder spreads its work over the cores
    /// and the caller waits for the wall-clock time.
    package var totalMilliseconds: Double?
    /// The CPU time the same work took in all of the bench's threads (the
    /// encoder's included): more than the wall time when it ran in parallel;
    /// on a busy machine other processes stretch the wall-clock time but not this.
    package var cpuMilliseconds: Double?
    package var fileBytes: Int
}

/// `diorama lint` of a generated 2.5 MB, 63-target project (``LintBenchmark``), median
/// of ``repeats`` runs.
package struct LintSection: Codable, Sendable {
    package var unavailable: String?
    /// "debug" or "release": the target holds for release builds.
    package var build: String
    package var pbxprojBytes: Int
    package var targets: Int
    package var swiftFiles: Int
    package var repeats: Int
    package var wallMilliseconds: Double?
    /// The CPU time the same work took on the bench's thread (what the target judges).
    package var cpuMilliseconds: Double?
    /// Lint of a one-target project based on an 8-level, 8-wide `.xcconfig` include
    /// diamond (issue 21: 65 files, 8^8 include paths), median CPU time.
    package var includeDiamondCPUMilliseconds: Double?
}

/// What hostile input costs the simulator and the other clients
/// (``HostileCostBenchmark``); nil sections were skipped.
package struct HostileCostSection: Codable, Sendable {
    /// A subsurface chain at the nesting limit.
    package var deepTree: HostileCost?
    /// Sibling subsurfaces up to the surface limit.
    package var wideTree: HostileCost?
    /// One batch line of 1,000 `plug`s (those beyond the display limit refused).
    package var plugBatch: HostileCost?
    /// One batch line of 500 plug-then-unplug pairs.
    package var plugUnplugBatch: HostileCost?

    package static let skipped = HostileCostSection()
}

/// One hostile workload: how long it took and what another client's
/// roundtrips cost meanwhile.
package struct HostileCost: Codable, Sendable {
    /// Surfaces added, or requests in the batch.
    package var size: Int
    /// From the first request to the last answer.
    package var totalMilliseconds: Double
    /// The observer's roundtrips while it ran: the longest is the longest
    /// any other client waited.
    package var observerRoundtrips: LatencySummary
    /// Requests of a batch answered with an error (plugs beyond the limit).
    package var refused: Int
}

/// Whole `diorama` commands timed from spawn to exit (see ``CommandTimeBenchmark``).
package struct CommandTimesSection: Codable, Sendable {
    package var unavailable: String?
    /// Runs of each command.
    package var runs: Int
    package var commands: [CommandTime]
}

package struct CommandTime: Codable, Sendable {
    /// "shipped suite, --jobs 2", "check -- foot".
    package var name: String
    /// The command line, `diorama` first.
    package var command: String
    /// Issue 19's limit on the median wall time.
    package var targetSeconds: Double
    /// Wall time of each successful run, in order.
    package var seconds: [Double] = []
    /// Why the figure is withheld: a run that did not exit 0.
    package var failure: String?

    package var medianSeconds: Double? { seconds.isEmpty ? nil : seconds.sorted()[seconds.count / 2] }
}

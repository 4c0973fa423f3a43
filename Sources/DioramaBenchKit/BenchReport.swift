/// Everything one `diorama-bench` run measured, as written to
/// `bench/results/<timestamp>.json`. Every section is present in every run;
/// a measurement that could not be made says why in `unavailable`/`note`
/// instead of being left out.
public struct BenchReport: Codable, Sendable {
    public var timestamp: String
    public var machine: MachineInfo
    public var configuration: BenchConfiguration
    public var reaction: [ClientReaction]
    public var throughput: ThroughputSection
    public var memory: MemorySection
    public var scanner: ScannerSection
    /// Moves between outputs executed by sway, TimerApp next to foot.
    public var swayReaction: SwayReactionSection
    /// A 5120×2880 screenshot: composite and PNG.
    public var screenshot: ScreenshotSection
    /// `diorama lint` of a 2.5 MB project.
    public var lint: LintSection
    /// Deep and wide surface trees and long control batches.
    public var hostileCost: HostileCostSection
    public var targets: [TargetResult]
}

/// One client's reaction to scale changes under the simulator.
public struct ClientReaction: Codable, Sendable {
    public var client: String
    public var role: BenchClient.Role
    /// Software or GL: a Diorama app's target compares it with peers that draw the same way.
    public var renderer: BenchClient.Renderer
    /// Why the client could not be measured (missing program, never mapped …).
    public var unavailable: String?
    /// The window's size in points while it was moved.
    public var windowWidth: Int?
    public var windowHeight: Int?
    /// Launch → first commit drawn for 2× on a 2× display; nil when none came.
    public var firstCorrectFrameMilliseconds: Double?
    /// Per direction ("1x->2x" …): scale-changing event → first commit drawn for the new scale.
    public var directions: [DirectionLatency]
    /// All moves together.
    public var overall: LatencySummary?
    /// Commits drawn for the old scale after a change (until the next move).
    public var staleFrames: Int
    public var moves: Int
}

public struct DirectionLatency: Codable, Sendable {
    public var direction: String
    public var latency: LatencySummary
    /// Moves after which no correctly scaled commit came before the timeout.
    public var unanswered: Int
    public var staleFrames: Int
    /// The buffer sizes in pixels ("2560x1600") of the commits that answered:
    /// clients at the same window size draw the same number of pixels.
    public var answerBufferSizes: [String] = []
}

public struct ThroughputSection: Codable, Sendable {
    /// In-process: `moveWindow` called directly, no socket.
    public var simulator: [SimulatorThroughput]
    public var sway: SwayThroughput
    /// Out of process over the control socket, in the same run as `sway`.
    public var controlSocket: ControlSocketThroughput
}

/// Moves over `diorama sim`'s control socket (see ``ControlSocketMoveBenchmark``).
public struct ControlSocketThroughput: Codable, Sendable {
    public var unavailable: String?
    public var moves: Int
    /// Requests per batch line in the batched measurement.
    public var batchSize: Int
    /// One `move` request per line, each answered before the next is sent.
    public var requestsPerSecond: Double?
    /// The same moves as batch lines of `batchSize` requests.
    public var batchedMovesPerSecond: Double?
}

public struct SimulatorThroughput: Codable, Sendable {
    public var surfaces: Int
    public var moves: Int
    /// Moves per second of wall time (the move and flushing its events).
    public var movesPerSecond: Double
    /// Simulator thread CPU per move (clients excluded), in µs.
    public var cpuMicrosecondsPerMove: Double
    /// The same with every trace record encoded as its JSON line when it is
    /// recorded (what `diorama sim --trace` adds, the write left out), in µs.
    public var tracedCPUMicrosecondsPerMove: Double?
    /// Trace lines a move writes (configure, moved, enter/leave, scale …).
    public var traceLinesPerMove: Double?
}

public struct SwayThroughput: Codable, Sendable {
    public var unavailable: String?
    public var moves: Int
    /// `[con_id=…] move position X Y` commands per second through the IPC socket.
    public var movesPerSecond: Double?
    public var version: String?
}

/// Reaction to moves between sway's outputs (scale 1 and 2), TimerApp and
/// foot one after the other under one sway (see ``SwayReactionBenchmark``).
public struct SwayReactionSection: Codable, Sendable {
    public var unavailable: String?
    public var version: String?
    public var movesPerDirection: Int
    public var clients: [SwayClientReaction]
}

public struct SwayClientReaction: Codable, Sendable {
    public var client: String
    public var role: BenchClient.Role
    /// Why the client could not be measured.
    public var unavailable: String?
    /// "1x->2x", "2x->1x", then "all".
    public var directions: [SwayDirectionReaction]
}

public struct SwayDirectionReaction: Codable, Sendable {
    public var direction: String
    public var moves: Int
    /// IPC command sent → first `wl_surface.enter`/`leave` of the window the
    /// client dispatched (WAYLAND_DEBUG stamps): sway's part, plus the socket
    /// and the client's wake-up.
    public var ipcToEnter: LatencySummary
    /// First enter/leave dispatched → first commit at the new buffer scale
    /// sent (WAYLAND_DEBUG stamps): the client's part, comparable across toolkits.
    public var enterToCommit: LatencySummary
    /// IPC command sent → the runtime trace's first `commit` with the new
    /// `bufferScale` (Diorama apps only, CLOCK_MONOTONIC).
    public var ipcToCommit: LatencySummary?
    /// IPC command sent → the runtime trace's `traits` with the new `displayScale`.
    public var ipcToTraits: LatencySummary?
    /// Moves after which no commit at the new scale was seen.
    public var unanswered: Int
}

public struct MemorySection: Codable, Sendable {
    public var simulator: [SimulatorMemory]
    public var client: ClientSceneMemory
}

public struct SimulatorMemory: Codable, Sendable {
    public var surfaces: Int
    /// The whole bench process (simulator plus its in-process raw clients).
    public var rssKiB: Int
    /// Anonymous memory added since before the simulator started.
    public var anonymousDeltaKiB: Int
}

public struct ClientSceneMemory: Codable, Sendable {
    public var unavailable: String?
    public var oneSceneAnonymousKiB: Int?
    public var twoScenesAnonymousKiB: Int?
    /// Anonymous memory the second scene added, minus its buffers' bytes.
    public var perSceneBeyondBuffersKiB: Int?
    public var note: String
}

public struct ScannerSection: Codable, Sendable {
    public var unavailable: String?
    /// One scanner run over Protocols/bindings.list (client + server sides).
    public var scannerMillisecondsPerTarget: Double?
    public var targetsUsingPlugin: Int
    public var scannerTotalMilliseconds: Double?
    /// Cold `swift build` (only with --with-build).
    public var coldBuildSeconds: Double?
    /// Scanner total ÷ cold build.
    public var scannerShare: Double?
}

/// One target of issue 7, measured.
public struct TargetResult: Codable, Sendable {
    public var name: String
    public var target: String
    public var measured: String
    /// nil when it could not be measured (see `measured`).
    public var met: Bool?
    /// measured ÷ limit for "≤" targets, measured ÷ required for "≥" targets.
    public var ratio: Double?
}

/// A screenshot of the studio's 5K display (``ScreenshotBenchmark``), median of
/// ``repeats`` shots.
public struct ScreenshotSection: Codable, Sendable {
    public var unavailable: String?
    /// "debug" or "release": the build the bench ran in (the targets differ).
    public var build: String
    public var width: Int
    public var height: Int
    public var repeats: Int
    /// Compositing the display's windows into one image.
    public var composeMilliseconds: Double?
    /// Encoding the PNG and writing it to a file.
    public var encodeMilliseconds: Double?
    /// Compose plus encode, median over the repeats (wall clock): what the
    /// targets judge, since the PNG encoder spreads its work over the cores
    /// and the caller waits for the wall-clock time.
    public var totalMilliseconds: Double?
    /// The CPU time the same work took in all of the bench's threads (the
    /// encoder's included): more than the wall time when it ran in parallel;
    /// on a busy machine other processes stretch the wall-clock time but not this.
    public var cpuMilliseconds: Double?
    public var fileBytes: Int
}

/// `diorama lint` of a generated 2.5 MB, 63-target project (``LintBenchmark``), median
/// of ``repeats`` runs.
public struct LintSection: Codable, Sendable {
    public var unavailable: String?
    /// "debug" or "release": the target holds for release builds.
    public var build: String
    public var pbxprojBytes: Int
    public var targets: Int
    public var swiftFiles: Int
    public var repeats: Int
    public var wallMilliseconds: Double?
    /// The CPU time the same work took on the bench's thread (what the target judges).
    public var cpuMilliseconds: Double?
    /// Lint of a one-target project based on an 8-level, 8-wide `.xcconfig` include
    /// diamond (issue 21: 65 files, 8^8 include paths), median CPU time.
    public var includeDiamondCPUMilliseconds: Double?
}

/// What hostile input costs the simulator and the other clients
/// (``HostileCostBenchmark``); nil sections were skipped.
public struct HostileCostSection: Codable, Sendable {
    /// A subsurface chain at the nesting limit.
    public var deepTree: HostileCost?
    /// Sibling subsurfaces up to the surface limit.
    public var wideTree: HostileCost?
    /// One batch line of 1,000 `plug`s (those beyond the display limit refused).
    public var plugBatch: HostileCost?
    /// One batch line of 500 plug-then-unplug pairs.
    public var plugUnplugBatch: HostileCost?

    public static let skipped = HostileCostSection()
}

/// One hostile workload: how long it took and what another client's
/// roundtrips cost meanwhile.
public struct HostileCost: Codable, Sendable {
    /// Surfaces added, or requests in the batch.
    public var size: Int
    /// From the first request to the last answer.
    public var totalMilliseconds: Double
    /// The observer's roundtrips while it ran: the longest is the longest
    /// any other client waited.
    public var observerRoundtrips: LatencySummary
    /// Requests of a batch answered with an error (plugs beyond the limit).
    public var refused: Int
}

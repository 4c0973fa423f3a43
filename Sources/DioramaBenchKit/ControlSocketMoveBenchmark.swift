import DioramaControlClient
import DioramaPOSIX
import DioramaSimulator
import Foundation
import HeadlessCompositors

/// Scripted moves per second over the simulator's control socket: what
/// `diorama ctl` and scenario scripts pay, measured like sway's IPC figure.
///
/// `diorama sim` runs as its own process (the `studio` layout: DP-1 1×,
/// DP-2 2×) with one weston-simple-shm window. This process sends `move`
/// requests alternating between DP-1 and DP-2 on one connection: first one
/// request at a time, each waiting for its answer; then the same requests
/// pipelined (written without waiting, at most `pipelineDepth` unanswered,
/// as ``SwayMoveBenchmark`` sends sway's); then the same number of moves as
/// batch lines of `batchSize` requests, each line waiting for its answers.
/// Then weston-simple-shm quits, the release TimerApp starts in the same
/// simulator, and the moves are sent one per round trip again. Every answer
/// must be ok and carry no warning.
///
/// Why not foot, the client sway's figure moves: under the simulator foot
/// draws its own decorations (10 surfaces, each told leave and enter) and
/// re-renders for every scale change, about 1.7 ms per move here, so the
/// endpoint's backpressure paces a flood to foot's reading speed (see
/// `Docs/control-protocol.md`) and the figure would be foot's, not the
/// control path's. weston-simple-shm reads its events at once (one surface,
/// no work on enter/leave), as a client that keeps up does; it binds no
/// `wl_output`, so a move sends it no event at all. TimerApp is the client
/// that is told of every move (`leave`, `enter`, its preferred scale) and
/// reacts (new traits, a redraw at the next frame) while the moves go on.
enum ControlSocketMoveBenchmark {
    static func run(moves: Int, batchSize: Int, pipelineDepth: Int, productsDirectory: URL, layoutPath: String) -> ControlSocketThroughput {
        var result = ControlSocketThroughput(moves: moves, batchSize: batchSize, pipelineDepth: pipelineDepth)
        guard moves > 0 else {
            result.unavailable = "skipped (0 moves asked)"
            return result
        }
        let diorama = productsDirectory.appendingPathComponent("diorama")
        guard FileManager.default.isExecutableFile(atPath: diorama.path) else {
            result.unavailable = "\(diorama.path) not built; swift build -c release --product diorama"
            return result
        }
        let client = "/usr/bin/weston-simple-shm"
        guard FileManager.default.isExecutableFile(atPath: client) else {
            result.unavailable = "\(client) not found; apt-get install weston"
            return result
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-bench-control-\(getpid())")
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            defer { try? FileManager.default.removeItem(at: directory) }
            let controlPath = directory.appendingPathComponent("control").path
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_RUNTIME_DIR"] = directory.path
            environment["WAYLAND_DISPLAY"] = "wayland-bench"

            let simulator = try SpawnedProcess(
                executable: diorama.path,
                arguments: [
                    "sim", "--layout", layoutPath, "--socket", "wayland-bench",
                    "--control", controlPath,
                ],
                environment: environment, standardOutput: .null, standardError: .null)
            defer { simulator.terminate(grace: .seconds(5)) }
            let control = try connect(to: controlPath, while: simulator, timeoutSeconds: 15)

            let windowed = try SpawnedProcess(
                executable: client, environment: environment,
                standardOutput: .null, standardError: .null)
            defer { windowed.terminate(grace: .seconds(5)) }
            let window = try waitForWindow(client: control, timeoutSeconds: 15)

            let requests = alternatingMoves(of: window, count: moves)
            result.requestsPerSecond = try oneAtATime(requests, on: control, what: "move")
            result.pipelinedRequestsPerSecond = try ProcessResources.rate(moves) {
                for response in try control.send(pipelined: requests, depth: pipelineDepth) { try check(response, "pipelined move") }
            }
            result.batchedMovesPerSecond = try ProcessResources.rate(moves) {
                for start in stride(from: 0, to: moves, by: batchSize) {
                    for response in try control.send(batch: Array(requests[start..<min(moves, start + batchSize)])) {
                        try check(response, "batched move")
                    }
                }
            }
            if let ended = windowed.termination {
                result.unavailable = "weston-simple-shm \(ended) during the moves"
                return result
            }
            windowed.terminate(grace: .seconds(5))
            do {
                result.timerAppRequestsPerSecond = try oneAtATimeWithTimerApp(
                    moves: moves, control: control, productsDirectory: productsDirectory, environment: environment, directory: directory)
            } catch {
                result.timerAppUnavailable = "\(error)"
            }
        } catch {
            result.unavailable = "\(error)"
        }
        return result
    }

    /// `moves` moves one per round trip with the release TimerApp as the
    /// only window (its scenes saved in `directory`, not the caller's state).
    private static func oneAtATimeWithTimerApp(
        moves: Int, control: ControlClient, productsDirectory: URL, environment: [String: String], directory: URL
    ) throws -> Double {
        let timerApp = productsDirectory.appendingPathComponent("TimerApp")
        guard FileManager.default.isExecutableFile(atPath: timerApp.path) else {
            throw BenchError("\(timerApp.path) not built; swift build -c release --product TimerApp")
        }
        var environment = environment
        environment["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
        let app = try SpawnedProcess(executable: timerApp.path, environment: environment, standardOutput: .null, standardError: .null)
        defer { app.terminate(grace: .seconds(5)) }
        let window = try waitForWindow(client: control, appID: "org.diorama.TimerApp", timeoutSeconds: 15)
        let rate = try oneAtATime(alternatingMoves(of: window, count: moves), on: control, what: "move with TimerApp attached")
        if let ended = app.termination { throw BenchError("TimerApp \(ended) during the moves") }
        return rate
    }

    /// `count` moves of `window`, to DP-2 and back to DP-1 in turn.
    private static func alternatingMoves(of window: WindowSelector, count: Int) -> [ControlRequest] {
        (0..<count).map { index in ControlRequest.moveWindow(window, .display(index % 2 == 0 ? "DP-2" : "DP-1")) }
    }

    /// Requests per second sending `requests` one at a time, each answered
    /// (ok, no warning) before the next goes out.
    private static func oneAtATime(_ requests: [ControlRequest], on control: ControlClient, what: String) throws -> Double {
        try ProcessResources.rate(requests.count) {
            for (index, request) in requests.enumerated() { try check(control.send(request), "\(what) \(index)") }
        }
    }

    /// `what` is worked out only for an answer that fails: the timed loops
    /// would otherwise pay for describing every request.
    private static func check(_ response: ControlResponse, _ what: @autoclosure () -> String) throws {
        if let failure = response.failure { throw BenchError("\(what()): \(failure)") }
        if let warning = response.warning { throw BenchError("\(what()): \(warning)") }
    }

    /// Connects once `diorama sim` listens (bounded).
    private static func connect(to path: String, while simulator: SpawnedProcess, timeoutSeconds: Double) throws -> ControlClient {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while true {
            if let client = try? ControlClient(path: path) { return client }
            if let ended = simulator.termination { throw BenchError("diorama sim \(ended) before opening \(path)") }
            guard Date() < deadline else { throw BenchError("diorama sim did not open \(path) within \(Int(timeoutSeconds)) s") }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// The mapped window of `appID` (any when nil), by id (bounded).
    private static func waitForWindow(client: ControlClient, appID: String? = nil, timeoutSeconds: Double) throws -> WindowSelector {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while true {
            if let window = try client.send(.listWindows).windows?.first(where: { $0.mapped && (appID == nil || $0.appID == appID) }) {
                return .id(window.id)
            }
            guard Date() < deadline else { throw BenchError("\(appID ?? "weston-simple-shm") did not map a window within \(Int(timeoutSeconds)) s") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}

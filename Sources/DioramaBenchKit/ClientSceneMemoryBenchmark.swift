import DioramaModel
import DioramaSessionStore
import DioramaSimulator
import DioramaSimulatorHarness
import DioramaTestSupport
import Foundation

/// What one more scene costs a Diorama app in private memory.
///
/// TimerApp is launched twice under the simulator: once with one saved scene
/// session in its `XDG_STATE_HOME`, once with two (the runtime reconnects every
/// saved session at launch, so the second launch has two windows). After every
/// window mapped and a short settle, `Anonymous` of /proc/PID/smaps_rollup is
/// read. The shm buffers are memfd pages (shared memory, not `Anonymous`), so
/// they are outside the figure already: the difference is what the second
/// scene costs beyond its buffers. (The runtime draws straight into the shm
/// buffer, so there is no private canvas to subtract; the first measurement
/// here subtracted one and went negative, which showed it.)
enum ClientSceneMemoryBenchmark {
    static func run(layoutPath: String) -> ClientSceneMemory {
        let note = "TimerApp 1 vs 2 restored scenes at 1x; Anonymous from smaps_rollup; buffers are memfd shared memory, outside Anonymous"
        do {
            let executable = try TestExecutable.locate("TimerApp")
            let layout = try DisplayLayout.load(contentsOf: layoutPath)
            let simulator = try BackgroundSimulator {
                SimulatorConfiguration(layout: layout, clock: MonotonicClock(), defaultDisplay: "DP-1")
            }
            defer { simulator.stop() }
            let one = try launch(executable, scenes: 1, under: simulator)
            let two = try launch(executable, scenes: 2, under: simulator)
            let delta = two.anonymousKiB - one.anonymousKiB
            return ClientSceneMemory(
                unavailable: nil, oneSceneAnonymousKiB: one.anonymousKiB,
                twoScenesAnonymousKiB: two.anonymousKiB,
                perSceneBeyondBuffersKiB: delta, note: note)
        } catch {
            return ClientSceneMemory(unavailable: "\(error)", note: note)
        }
    }

    private static func launch(
        _ executable: URL, scenes: Int,
        under simulator: BackgroundSimulator
    ) throws -> (anonymousKiB: Int, bufferBytes: Int) {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-bench-mem-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let store = SessionStore(directory: state.appendingPathComponent("org.diorama.TimerApp"))
        for index in 0..<scenes {
            try store.save(SceneSessionRecord(persistentIdentifier: "bench-scene-\(index)"))
        }
        var environment = simulator.clientEnvironment
        environment["XDG_STATE_HOME"] = state.path
        let child = try ChildProcess(executable, environment: ChildProcess.minimalEnvironment(environment))
        defer { child.stop() }
        let pid = child.processIdentifier
        let mapped = try ReactionBenchmark.poll(timeout: 20) {
            try simulator.perform { simulator -> [Int]? in
                let windows = simulator.windows.filter { $0.pid == pid && $0.isMapped }
                guard windows.count == scenes else { return nil }
                return windows.map { ($0.lastCommit?.bufferSize).map { $0.width * $0.height * 4 } ?? 0 }
            }
        }
        guard let canvases = mapped else { throw BenchError("TimerApp did not map \(scenes) windows within 20 s; stderr: \(child.standardError.suffix(300))") }
        Thread.sleep(forTimeInterval: 0.5)
        guard let memory = ProcessResources.memory(pid: pid) else { throw BenchError("cannot read /proc/\(pid)/smaps_rollup") }
        return (memory.anonymousKiB, canvases.last ?? 0)
    }
}

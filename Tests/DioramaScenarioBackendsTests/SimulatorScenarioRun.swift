import DioramaPOSIX
import DioramaScenarioBackends
import DioramaScenarios
import DioramaTestSupport
import Foundation
import Glibc
import Testing

/// Runs scenario text on the embedded simulator with the built TimerApp, as
/// `diorama run` would, optionally through a wrapping backend (one that
/// freezes the app, say) — a real app process over a real socket.
enum SimulatorScenarioRun {
    /// The scenario's result and its console timeline (for failure messages).
    static func run(
        _ text: String, label: String,
        wrapping wrap: @escaping @Sendable (any ScenarioBackend) -> any ScenarioBackend = { $0 }
    ) async throws -> (result: ScenarioResult, timeline: String) {
        let work = try PackageRoot.temporaryDirectory(label)
        defer { try? FileManager.default.removeItem(at: work) }
        let file = work.appendingPathComponent("\(label).scenario")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let scenario = try ScenarioLoader.load(path: file.path)
        let timer = try TestExecutable.locate("TimerApp")
        let configuration = BackendConfiguration(
            executableDirectories: [timer.deletingLastPathComponent().path],
            workDirectory: work.appendingPathComponent("run").path)
        let options = ScenarioRunOptions(backend: .sim, jobs: 1, artifactsDirectory: work.appendingPathComponent("artifacts").path)
        let results = await ScenarioSuiteRunner(options: options).run([scenario]) {
            wrap(ScenarioBackends.make(.sim, configuration: configuration))
        }
        guard let result = results.first else { throw NoResult() }
        return (result, ConsoleReporter.render(result, useColor: false))
    }

    /// Runs the scenario and expects every step and clause to pass.
    static func expectPassing(
        _ text: String, label: String,
        wrapping wrap: @escaping @Sendable (any ScenarioBackend) -> any ScenarioBackend = { $0 }
    ) async throws {
        let (result, timeline) = try await run(text, label: label, wrapping: wrap)
        #expect(result.status == .passed, "\(timeline)")
        #expect(result.failedClauseCount == 0, "\(timeline)")
    }

    struct NoResult: Error, CustomStringConvertible {
        var description: String { "the suite runner returned no result for the scenario" }
    }
}

/// The simulator backend, except that the app is stopped (SIGSTOP) just
/// before each step `freezes` picks, and continued a second after the step
/// was performed: as slow an app as a loaded machine makes, without
/// depending on the load. `whileStopped` runs after the step, with the app's
/// process id, while it is still stopped.
final class AppFreezingBackend: ScenarioBackend {
    let inner: any ScenarioBackend
    let freezes: (StepAction) -> Bool
    let whileStopped: (Int32) -> Void
    var appProcess: Int32?

    init(_ inner: any ScenarioBackend, freezingAround freezes: @escaping (StepAction) -> Bool, whileStopped: @escaping (Int32) -> Void = { _ in }) {
        self.inner = inner
        self.freezes = freezes
        self.whileStopped = whileStopped
    }

    var kind: BackendKind { inner.kind }
    func start(_ setup: ScenarioSetup) async throws { try await inner.start(setup) }
    func launch(_ client: ClientLaunch) async throws -> ClientHandle {
        let handle = try await inner.launch(client)
        appProcess = handle.processID
        return handle
    }
    func perform(_ step: Step) async -> StepOutcome {
        guard freezes(step.action), let pid = appProcess else { return await inner.perform(step) }
        kill(pid, SIGSTOP)
        let outcome = await inner.perform(step)
        whileStopped(pid)
        // On a thread of its own: a detached task's sleep runs on Swift's
        // shared pool, which other tests' blocking waits can hold far past the
        // second (in one CI run the app stayed stopped past the scenario's 20 s
        // timeout, and the step after it read no input handled).
        startThread(named: "app-continuer") {
            usleep(1_000_000)
            kill(pid, SIGCONT)
        }
        return outcome
    }
    func settle(windows: [String], timeout: ScenarioDuration) async -> SettleOutcome {
        await inner.settle(windows: windows, timeout: timeout)
    }
    func observe(window: String) async -> WindowObservation { await inner.observe(window: window) }
    func observeDisplays() async -> [DisplayObservation] { await inner.observeDisplays() }
    func pause(for duration: ScenarioDuration) async { await inner.pause(for: duration) }
    func stop() async {
        if let appProcess { kill(appProcess, SIGCONT) }
        await inner.stop()
    }
}

extension RealCompositorBackendTests {
    /// Runs scenario text (written to a temporary file) on `backend`.
    static func run(_ text: String, label: String, on backend: BackendKind) async throws -> ScenarioResult {
        let work = try PackageRoot.temporaryDirectory(label)
        defer { try? FileManager.default.removeItem(at: work) }
        let file = work.appendingPathComponent("\(label).scenario")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return try await run(path: file.path, on: backend)
    }
}

import DioramaScenarioBackends
import DioramaScenarios
import DioramaTestSupport
import Foundation

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

    struct NoResult: Error, CustomStringConvertible {
        var description: String { "the suite runner returned no result for the scenario" }
    }
}

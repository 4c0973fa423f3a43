import DioramaScenarioBackends
import DioramaScenarios
import DioramaTestSupport
import Foundation
import Testing

/// Every scenario in Configs/scenarios, run on the simulator with the real
/// sample apps as child processes: the suite `make test` keeps green.
@Suite("Shipped scenarios on the simulator")
struct ShippedSuiteTests {
    @Test("every shipped scenario passes on --on sim")
    func everyShippedScenarioPasses() async throws {
        // The apps must be where the backend looks (next to the test runner).
        let timer = try TestExecutable.locate("TimerApp")
        let suite = try ScenarioSuite.collect([PackageRoot.path("Configs/scenarios")])
        #expect(suite.files.count >= 14, "the shipped suite shrank: \(suite.files)")
        let scenarios = try suite.files.map { try ScenarioLoader.load(path: $0) }
        let work = try PackageRoot.temporaryDirectory("suite")
        defer { try? FileManager.default.removeItem(at: work) }
        let configuration = BackendConfiguration(
            executableDirectories: [timer.deletingLastPathComponent().path],
            workDirectory: work.path)
        let options = ScenarioRunOptions(backend: .sim, jobs: 2, artifactsDirectory: work.appendingPathComponent("artifacts").path)
        let results = await ScenarioSuiteRunner(options: options).run(scenarios) {
            ScenarioBackends.make(.sim, configuration: configuration)
        }
        #expect(results.count == scenarios.count)
        for result in results {
            #expect(
                result.status == .passed,
                "\(result.name) did not pass:\n\(ConsoleReporter.render(result, useColor: false))")
            // A pass must rest on checks that ran, not on skipped ones.
            #expect(result.passedClauseCount > 0, "\(result.name) checked nothing")
        }
        let timerTour = try #require(results.first { $0.name == "timer-tour" })
        #expect(timerTour.failedClauseCount == 0 && timerTour.skippedClauseCount == 0)
    }
}

import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

/// The shipped scenarios with an external-display scene, run on the
/// simulator through `diorama run` with the real TimerApp: the scene's first
/// frame is held to the TV's scale (`no stale frames` on a mapping frame,
/// issue 23 bug 4) and passes, judged rather than skipped.
@Suite("External-display scenarios on the simulator", .ownThreads)
struct ExternalDisplayScenarioTests {
    @Test(
        "the external-display scene's first frame is judged against the TV and is not stale",
        .timeLimit(.minutes(10)), arguments: ["external-display-scale", "timer-tour"])
    func externalSceneHasNoStaleFirstFrame(name: String) throws {
        let work = try PackageRoot.temporaryDirectory("external-\(name)")
        defer { try? FileManager.default.removeItem(at: work) }
        let json = work.appendingPathComponent("report.json").path
        let run = try ScenarioCommandLine.run(
            [
                "run", PackageRoot.path("Configs/scenarios/\(name).scenario"), "--on", "sim", "--json", json,
                "--work-dir", work.appendingPathComponent("work").path,
            ],
            timeout: 600)
        #expect(run.status == 0, "stdout:\n\(run.standardOutput)\nstderr:\n\(run.standardError)")
        let scenario = try #require(try RunReports.scenarios(json: json).first)
        #expect(scenario.status == "passed", "\(scenario.steps.joined(separator: "\n"))")
        let tvStep = try #require(scenario.steps.first { $0.contains("role external-display-non-interactive=") }, "\(scenario.steps)")
        #expect(tvStep.contains("no stale frames=passed"), "\(tvStep)")
    }
}

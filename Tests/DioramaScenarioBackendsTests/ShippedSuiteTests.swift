import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

/// Every scenario in Configs/scenarios, run on the simulator with the real
/// sample apps as child processes, through the `diorama` command as CI runs
/// it: the suite `make test` keeps green, and the same suite split into
/// three shards (separate processes, separate work folders) and merged.
@Suite("Shipped scenarios on the simulator", .ownThreads)
struct ShippedSuiteTests {
    @Test("every shipped scenario passes on --on sim; 3 shards merged equal that run, case for case")
    func everyShippedScenarioPassesAndShardsMergeToTheSameRun() throws {
        let work = try PackageRoot.temporaryDirectory("suite")
        defer { try? FileManager.default.removeItem(at: work) }
        let suite = PackageRoot.path("Configs/scenarios")
        func path(_ name: String) -> String { work.appendingPathComponent(name).path }

        let whole = try ScenarioCommandLine.run(
            ["run", suite, "--jobs", "2", "--json", path("whole.json"), "--junit", path("whole.xml"), "--work-dir", path("whole")],
            timeout: 1800)
        #expect(whole.status == 0, "stdout:\n\(whole.standardOutput)\nstderr:\n\(whole.standardError)")
        let scenarios = try RunReports.scenarios(json: path("whole.json"))
        #expect(scenarios.count >= 14, "the shipped suite shrank: \(scenarios)")
        for scenario in scenarios {
            #expect(scenario.status == "passed", "\(scenario.name) did not pass:\n\(scenario.steps.joined(separator: "\n"))")
            // A pass must rest on checks that ran, not on skipped ones.
            #expect((scenario.clauses["passed"] ?? 0) > 0, "\(scenario.name) checked nothing")
        }
        let timerTour = try #require(scenarios.first { $0.name == "timer-tour" })
        #expect(timerTour.clauses["failed"] == 0 && timerTour.clauses["skipped"] == 0)

        for index in 1...3 {
            let shard = try ScenarioCommandLine.run(
                [
                    "run", suite, "--shard", "\(index)/3", "--jobs", "2", "--json", path("shard-\(index).json"),
                    "--work-dir", path("shard-\(index)"),
                ],
                timeout: 1800)
            #expect(shard.status == 0, "shard \(index):\n\(shard.standardOutput)\n\(shard.standardError)")
            #expect(shard.standardOutput.hasPrefix("diorama run: shard \(index)/3 (from --shard)\n"))
        }
        let merge = try ScenarioCommandLine.run(
            ["merge"] + (1...3).map { path("shard-\($0).json") } + ["--json", path("merged.json"), "--junit", path("merged.xml")])
        #expect(merge.status == 0, "\(merge.standardOutput)\n\(merge.standardError)")
        let merged = try RunReports.scenarios(json: path("merged.json"))
        #expect(merged == scenarios, "differ: \(zip(merged, scenarios).filter { $0 != $1 }.map { "\($0) vs \($1)" })")
        #expect(try RunReports.cases(junit: path("merged.xml")) == RunReports.cases(junit: path("whole.xml")))
        #expect(try RunReports.runs(json: path("merged.json")) == ["sim 1/3", "sim 2/3", "sim 3/3"])
    }
}

import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

/// Every scenario in Configs/scenarios, run on the simulator with the real
/// sample apps as child processes, through the `diorama` command as CI runs
/// it: split into three shards (separate processes, separate work folders)
/// and merged, the suite `make test` keeps green. That shards merge into
/// exactly the unsharded run's reports is `MergeTests` (DioramaScenariosTests,
/// on the library); here each scenario runs once.
@Suite("Shipped scenarios on the simulator", .ownThreads(longChain: .seconds(9)))
struct ShippedSuiteTests {
    @Test("every shipped scenario passes on --on sim in one of 3 shards; their merge holds each shard's cases")
    func everyShippedScenarioPassesInShardsThatMergeCaseForCase() throws {
        let work = try PackageRoot.temporaryDirectory("suite")
        defer { try? FileManager.default.removeItem(at: work) }
        let suite = PackageRoot.path("Configs/scenarios")
        func path(_ name: String) -> String { work.appendingPathComponent(name).path }

        var shardScenarios: [RunReports.Scenario] = []
        var shardCases: [String] = []
        for index in 1...3 {
            let shard = try ScenarioCommandLine.run(
                [
                    "run", suite, "--shard", "\(index)/3", "--jobs", "2", "--json", path("shard-\(index).json"),
                    "--junit", path("shard-\(index).xml"), "--work-dir", path("shard-\(index)"),
                ],
                timeout: 1800)
            #expect(shard.status == 0, "shard \(index):\n\(shard.standardOutput)\n\(shard.standardError)")
            #expect(shard.standardOutput.hasPrefix("diorama run: shard \(index)/3 (from --shard)\n"))
            shardScenarios += try RunReports.scenarios(json: path("shard-\(index).json"))
            shardCases += try RunReports.cases(junit: path("shard-\(index).xml"))
        }
        let merge = try ScenarioCommandLine.run(
            ["merge"] + (1...3).map { path("shard-\($0).json") } + ["--json", path("merged.json"), "--junit", path("merged.xml")])
        #expect(merge.status == 0, "\(merge.standardOutput)\n\(merge.standardError)")
        let scenarios = try RunReports.scenarios(json: path("merged.json"))
        let files = try FileManager.default.contentsOfDirectory(atPath: suite).filter { $0.hasSuffix(".scenario") }
        #expect(
            scenarios.map(\.name).sorted() == files.map { String($0.dropLast(".scenario".count)) }.sorted(),
            "each shipped scenario ran in exactly one shard")
        for scenario in scenarios {
            #expect(scenario.status == "passed", "\(scenario.name) did not pass:\n\(scenario.steps.joined(separator: "\n"))")
            // A pass must rest on checks that ran, not on skipped ones.
            #expect((scenario.clauses["passed"] ?? 0) > 0, "\(scenario.name) checked nothing")
        }
        let timerTour = try #require(scenarios.first { $0.name == "timer-tour" })
        #expect(timerTour.clauses["failed"] == 0 && timerTour.clauses["skipped"] == 0)

        #expect(
            scenarios.sorted { $0.file < $1.file } == shardScenarios.sorted { $0.file < $1.file },
            "the merge holds each shard's scenarios as the shard reported them")
        #expect(try RunReports.cases(junit: path("merged.xml")).sorted() == shardCases.sorted())
        #expect(try RunReports.runs(json: path("merged.json")) == ["sim 1/3", "sim 2/3", "sim 3/3"])
    }
}

import DioramaModel
import Foundation
import Testing

@testable import DioramaScenarios

/// `diorama merge`'s core: shards' JSON documents checked and combined into
/// the reports an unsharded run would have written.
@Suite("Merging the results of shards and backends")
struct MergeTests {
    /// The fixture's three scenarios (failed, skipped, did not start), in suite order.
    func results() async throws -> [ScenarioResult] {
        try await ([ReportFixture.result()] + ReportFixture.otherResults()).map(ReportFixture.withFixedTimes)
    }

    /// Writes `results` as the JSON of one run on `shard` of `backend`.
    func write(
        _ results: [ScenarioResult], shard: String?, backend: BackendKind = .sim, in directory: TemporaryDirectory,
        as name: String
    ) throws -> String {
        let shard = try shard.map { try Shard(parsing: $0) }
        let placed = results.map {
            var copy = $0
            copy.shard = shard
            copy.backend = backend
            copy.machine = "runner-\(shard?.index ?? 0)"
            return copy
        }
        let data = try JSONReport.encode(placed, run: RunRecord(backend: backend, shard: shard, machine: "runner-\(shard?.index ?? 0)"))
        return try directory.write(String(decoding: data, as: UTF8.self), to: name)
    }

    /// The lines of `xml` without the shard and machine properties, which an
    /// unsharded run does not have.
    func withoutPlacement(_ xml: String) -> [String] {
        xml.split(separator: "\n").map(String.init).filter { !$0.contains(#"name="shard""#) && !$0.contains(#"name="machine""#) }
    }

    /// A JSON document as plain values, without what says where things ran.
    func withoutPlacement(json data: Data) throws -> NSDictionary {
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["runs"] = nil
        let scenarios = try #require(object["scenarios"] as? [[String: Any]])
        object["scenarios"] = scenarios.map { scenario in
            var copy = scenario
            copy["shard"] = nil
            copy["machine"] = nil
            return copy
        }
        return object as NSDictionary
    }

    @Test("shards merge into exactly the JUnit and JSON of the unsharded run, times included")
    func mergeEqualsUnsharded() async throws {
        let directory = try TemporaryDirectory("merge")
        defer { directory.cleanUp() }
        let all = try await results()
        // Dealt as --shard would: the files sorted by name, round-robin.
        let first = try write([all[1], all[0]], shard: "1/2", in: directory, as: "one.json")
        let second = try write([all[2]], shard: "2/2", in: directory, as: "two.json")
        let merged = try MergedResults.load([second, first])
        #expect(merged.scenarioCount == 3)
        #expect(merged.failedCount == 2)
        #expect(withoutPlacement(merged.junit()) == withoutPlacement(JUnitReport.render(all.sortedLikeASuite)))
        #expect(try withoutPlacement(json: merged.json()) == withoutPlacement(json: JSONReport.encode(all.sortedLikeASuite)))
        // Each case keeps where it ran.
        let xml = merged.junit()
        #expect(xml.contains(#"<property name="shard" value="1/2"/>"#) && xml.contains(#"<property name="machine" value="runner-2"/>"#))
        let document = try #require(try JSONSerialization.jsonObject(with: merged.json()) as? [String: Any])
        let runs = try #require(document["runs"] as? [[String: String]])
        #expect(runs.map { $0["shard"] } == ["1/2", "2/2"])
    }

    @Test("a shard given twice, a missing shard or a scenario that ran twice is an error naming it")
    func rejects() async throws {
        let directory = try TemporaryDirectory("merge-bad")
        defer { directory.cleanUp() }
        let all = try await results()
        let first = try write([all[0], all[1]], shard: "1/3", in: directory, as: "one.json")
        let second = try write([all[2]], shard: "2/3", in: directory, as: "two.json")
        let again = try write([all[0]], shard: "3/3", in: directory, as: "three.json")
        let otherSplit = try write([all[2]], shard: "2/4", in: directory, as: "quarter.json")

        func problems(_ paths: [String]) -> [String] {
            do {
                _ = try MergedResults.load(paths)
                return []
            } catch {
                return error.problems
            }
        }
        #expect(
            problems([first, second]) == [
                "sim shard 3/3 is missing: no results file has it; pass every shard's --json file (did its job fail to upload?)"
            ])
        let twice = problems([first, second, first])
        for expected in [
            "sim shard 1/3 is in both \(first) and \(first); pass each shard's results once",
            "sim shard 3/3 is missing: no results file has it; pass every shard's --json file (did its job fail to upload?)",
            "scenario report-sample on sim ran twice: in \(first) (shard 1/3) and \(first) (shard 1/3); each scenario must run in one shard only",
            "scenario weston-only on sim ran twice: in \(first) (shard 1/3) and \(first) (shard 1/3); each scenario must run in one shard only",
        ] {
            #expect(twice.contains(expected), "\(twice)")
        }
        #expect(twice.count == 4, "\(twice)")
        #expect(
            problems([first, second, again]) == [
                "scenario report-sample on sim ran twice: in \(first) (shard 1/3) and \(again) (shard 3/3); each scenario must run in one shard only"
            ])
        #expect(problems([first, otherSplit]).first?.contains("sim was split into 3 shards in \(first) but 4 in \(otherSplit)") == true)

        let badShard = try directory.write(
            #"{"schema": "diorama-scenario-results/1", "runs": [{"backend": "sim", "shard": "two"}], "scenarios": []}"#, to: "bad-shard.json")
        #expect(problems([badShard]) == [#"\#(badShard): sim run has the shard "two", not i/n; pass the --json file diorama run wrote"#])

        let notJSON = try directory.write("hello", to: "notes.json")
        let otherSchema = try directory.write(#"{"schema": "diorama-check/1"}"#, to: "check.json")
        let old = try directory.write(#"{"schema": "diorama-scenario-results/1", "scenarios": []}"#, to: "old.json")
        #expect(
            problems([notJSON, otherSchema, old, directory.path + "/missing.json"]).map { $0.components(separatedBy: ":").first! } == [
                notJSON, otherSchema, old, directory.path + "/missing.json",
            ])
        let noRuns = try directory.write(#"{"schema": "diorama-scenario-results/1", "runs": [], "scenarios": []}"#, to: "no-runs.json")
        #expect(problems([noRuns]) == ["\(noRuns): lists no runs, while every file diorama run writes lists its own; pass the --json file of each run"])
        // Which of the three a file that has no schema is: nothing, JSON of another shape, no JSON.
        let empty = try directory.write(" \n", to: "empty.json")
        let array = try directory.write("[1, 2]", to: "array.json")
        #expect(
            problems([empty, array, notJSON]) == [
                "\(empty): is empty; pass the --json file of each run",
                "\(array): is JSON, but not an object as a results document is; pass the --json file of each run",
                "\(notJSON): is not JSON; pass the --json file of each run",
            ])
    }

    @Test("an empty shard counts as present; several backends make one column each")
    func backendsAndEmptyShards() async throws {
        let directory = try TemporaryDirectory("merge-backends")
        defer { directory.cleanUp() }
        let all = try await results()
        let paths = [
            try write(all, shard: "1/2", in: directory, as: "sim-1.json"),
            try write([], shard: "2/2", in: directory, as: "sim-2.json"),
            try write([all[0]], shard: nil, backend: .sway, in: directory, as: "sway.json"),
        ]
        let merged = try MergedResults.load(paths)
        #expect(merged.backends == ["sim", "sway"])
        let names = merged.document.scenarios.map { "\($0.name)@\($0.backend)" }
        #expect(names == ["no-start@sim", "report-sample@sim", "report-sample@sway", "weston-only@sim"])
        let html = MatrixHTMLReport.render(merged)
        #expect(html.components(separatedBy: "<tr data-scenario=").count - 1 == 3, "one row per scenario")
        #expect(html.contains("<th>sim</th><th>sway</th></tr>"))
        #expect(html.components(separatedBy: #"<td class="absent" data-backend="sway">"#).count - 1 == 2)
        #expect(html.contains("expected restored, got not restored (connected fresh)"), "failures are listed with their message")
    }

    @Test("GitHub format: ten annotations at most, then a notice; the summary lists every failure")
    func gitHubAnnotations() throws {
        let cases = (1...12).map { number in
            #"{"name": "main: scale \#(number) (line \#(number))", "line": \#(number), "result": "failed", "message": "expected scale \#(number), got scale 1", "time": 0}"#
        }
        let json = """
            {"schema": "diorama-scenario-results/1", "runs": [{"backend": "sim", "shard": "2/3"}], "scenarios": [
              {"name": "many", "file": "Configs/scenarios/many.scenario", "backend": "sim", "status": "failed", "shard": "2/3",
               "clauses": {"passed": 0, "failed": 12, "skipped": 0}, "displays": [], "timeline": [], "time": 1,
               "cases": [\(cases.joined(separator: ","))]}]}
            """
        let document = try JSONDecoder().decode(JSONReport.Document.self, from: Data(json.utf8))
        let report = GitHubReport(document.scenarios)
        let lines = report.annotations.split(separator: "\n")
        #expect(lines.count == 11)
        #expect(lines.prefix(10).allSatisfy { $0.hasPrefix("::error file=Configs/scenarios/many.scenario,line=") })
        #expect(lines[0] == "::error file=Configs/scenarios/many.scenario,line=1,title=many on sim%3A main%3A scale 1 (line 1)::expected scale 1, got scale 1")
        #expect(lines[10].hasPrefix("::notice title=2 more failures::"))
        let summary = report.summary
        #expect(summary.hasPrefix("### Diorama scenarios: 12 failed checks on sim"))
        #expect(summary.components(separatedBy: "| many (Configs/scenarios/many.scenario:").count - 1 == 12)
        #expect(GitHubReport.cell("a|b\nc") == "a\\|b<br>c")
        // Names are shown as written: no tag swallowed, no markup, no code span.
        #expect(GitHubReport.cell("<x> & *y* `z` [l](u) ü") == "&lt;x&gt; &amp; \\*y\\* \\`z\\` \\[l\\](u) ü")
        #expect(GitHubReport([ScenarioResult]()).annotations.isEmpty)
    }

    @Test("GitHub summary: a scenario skipped whole is not counted as passed")
    func gitHubSummaryCountsSkips() async throws {
        let results = try await ReportFixture.otherResults()
        let skipped = try #require(results.first { ReportText.statusWord($0.status) == "skipped" })
        #expect(GitHubReport([skipped]).summary == "### Diorama scenarios: 0 passed, 1 skipped on sim\n\n")
        var passed = skipped
        passed.status = .passed
        #expect(GitHubReport([passed]).summary == "### Diorama scenarios: all 1 passed on sim\n\n")
    }
}

extension [ScenarioResult] {
    /// In the order a suite runs them: by file name.
    var sortedLikeASuite: [ScenarioResult] {
        let order = Shard.sortedByFileName(map(\.file))
        return sorted { order.firstIndex(of: $0.file)! < order.firstIndex(of: $1.file)! }
    }
}

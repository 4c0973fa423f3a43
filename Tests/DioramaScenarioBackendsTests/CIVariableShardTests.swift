import DioramaScenarios
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

/// `diorama run` sharded by the variables CI systems set instead of
/// `--shard`: GitLab's `parallel:` and Bazel's sharded tests (through the
/// Examples/ci recipe's own script), each merged back and compared with an
/// unsharded run of the same scenarios; and `diorama merge` refusing
/// results that do not add up. A few real scenarios keep it quick: the
/// property is the same as for the whole suite.
@Suite("diorama run sharded by CI variables, and diorama merge", .ownThreads)
struct CIVariableShardTests {
    /// A folder of links to three quick shipped scenarios, so every run
    /// records the same file paths.
    static func subset(in work: URL) throws -> String {
        let folder = work.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["fractional-rounding", "minimum-width", "profile-modern"] {
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("\(name).scenario").path,
                withDestinationPath: PackageRoot.path("Configs/scenarios/\(name).scenario"))
        }
        return folder.path
    }

    @Test("GitLab's CI_NODE_INDEX/CI_NODE_TOTAL and Bazel's TEST_SHARD_INDEX/TEST_TOTAL_SHARDS split the run; merged, it equals the unsharded run")
    func shardsFromCIVariables() throws {
        let work = try PackageRoot.temporaryDirectory("ci-shards")
        defer { try? FileManager.default.removeItem(at: work) }
        func path(_ name: String) -> String { work.appendingPathComponent(name).path }
        let scenarios = try Self.subset(in: work)

        let whole = try ScenarioCommandLine.run(
            ["run", scenarios, "--json", path("whole.json"), "--junit", path("whole.xml"), "--work-dir", path("whole")],
            timeout: 600)
        #expect(whole.status == 0, "\(whole.standardOutput)\n\(whole.standardError)")
        let expected = try RunReports.scenarios(json: path("whole.json"))
        #expect(expected.count == 3)

        // GitLab: CI_NODE_INDEX counts from 1. These shards are also split by
        // the unsharded run's times, as a pipeline would with its last report.
        let files = try ScenarioSuite.collect([scenarios]).files
        let byTime = Shard.partition(files, count: 2, times: try RecordedTimes.load(path: path("whole.xml")))
        for index in 1...2 {
            let shard = try ScenarioCommandLine.run(
                [
                    "run", scenarios, "--json", path("gitlab-\(index).json"), "--work-dir", path("gitlab-\(index)"),
                    "--shard-by-time", path("whole.xml"),
                ],
                environment: ["CI_NODE_TOTAL": "2", "CI_NODE_INDEX": "\(index)"], timeout: 600)
            #expect(shard.status == 0, "\(shard.standardOutput)\n\(shard.standardError)")
            #expect(
                shard.standardOutput.hasPrefix(
                    "diorama run: shard \(index)/2 (from GitLab CI: CI_NODE_INDEX=\(index), CI_NODE_TOTAL=2)\n"))
            #expect(try RunReports.scenarios(json: path("gitlab-\(index).json")).map(\.file) == byTime[index - 1])
        }
        let gitLab = try ScenarioCommandLine.run(
            ["merge", path("gitlab-1.json"), path("gitlab-2.json"), "--json", path("gitlab.json"), "--junit", path("gitlab.xml")])
        #expect(gitLab.status == 0, "\(gitLab.standardOutput)\n\(gitLab.standardError)")
        #expect(try RunReports.scenarios(json: path("gitlab.json")) == expected)
        #expect(try RunReports.cases(junit: path("gitlab.xml")) == RunReports.cases(junit: path("whole.xml")))

        // Bazel runs Examples/ci/bazel's script once per shard, TEST_SHARD_INDEX counting from 0.
        let diorama = try TestExecutable.locate("diorama").path
        for index in 0...1 {
            let outputs = path("bazel-\(index)")
            try FileManager.default.createDirectory(atPath: outputs, withIntermediateDirectories: true)
            let status = path("bazel-\(index)/shard-status")
            let shard = try ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"), arguments: [PackageRoot.path("Examples/ci/bazel/scenarios_test.sh")],
                environment: ScenarioCommandLine.environment([
                    "DIORAMA": diorama, "SCENARIOS": scenarios, "TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "\(index)",
                    "TEST_SHARD_STATUS_FILE": status, "XML_OUTPUT_FILE": outputs + "/test.xml", "TEST_TMPDIR": outputs,
                    "TEST_UNDECLARED_OUTPUTS_DIR": outputs,
                ]),
                timeout: 600)
            #expect(shard.status == 0, "\(shard.standardOutput)\n\(shard.standardError)")
            #expect(
                shard.standardOutput.hasPrefix(
                    "diorama run: shard \(index + 1)/2 (from Bazel: TEST_SHARD_INDEX=\(index), TEST_TOTAL_SHARDS=2)\n"))
            #expect(FileManager.default.fileExists(atPath: status), "Bazel's shard status file was not touched")
            // Bazel's JUnit file holds this shard's scenarios.
            let shardCases = try RunReports.cases(junit: outputs + "/test.xml")
            #expect(!shardCases.isEmpty)
            #expect(Set(shardCases).isSubset(of: Set(try RunReports.cases(junit: path("whole.xml")))))
        }
        let bazel = try ScenarioCommandLine.run(
            ["merge", path("bazel-0/results.json"), path("bazel-1/results.json"), "--json", path("bazel.json"), "--junit", path("bazel.xml")])
        #expect(bazel.status == 0, "\(bazel.standardOutput)\n\(bazel.standardError)")
        #expect(try RunReports.scenarios(json: path("bazel.json")) == expected)
        #expect(try RunReports.cases(junit: path("bazel.xml")) == RunReports.cases(junit: path("whole.xml")))

        // A missing shard, or one given twice, is exit 2 with the reason, and nothing is written.
        let missing = try ScenarioCommandLine.run(["merge", path("gitlab-1.json"), "--json", path("partial.json")])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("diorama merge: sim shard 2/2 is missing: no results file has it"))
        #expect(!FileManager.default.fileExists(atPath: path("partial.json")))
        let twice = try ScenarioCommandLine.run(["merge", path("gitlab-1.json"), path("gitlab-2.json"), path("gitlab-2.json")])
        #expect(twice.status == 2)
        #expect(twice.standardError.contains("sim shard 2/2 is in both \(path("gitlab-2.json")) and \(path("gitlab-2.json"))"))
        #expect(twice.standardError.contains("ran twice"))
    }

    @Test("--shard wins over the CI's variables; an empty shard still writes reports a merge counts")
    func optionWinsAndEmptyShard() throws {
        let work = try PackageRoot.temporaryDirectory("ci-empty-shard")
        defer { try? FileManager.default.removeItem(at: work) }
        let scenarios = try Self.subset(in: work)
        let json = work.appendingPathComponent("empty.json").path
        let empty = try ScenarioCommandLine.run(
            ["run", scenarios, "--shard", "4/4", "--json", json, "--work-dir", work.appendingPathComponent("w").path],
            environment: ["CI_NODE_TOTAL": "2", "CI_NODE_INDEX": "1"])
        #expect(empty.status == 0, "\(empty.standardOutput)\n\(empty.standardError)")
        #expect(empty.standardOutput.hasPrefix("diorama run: shard 4/4 (from --shard)\nno scenarios in shard 4/4\n"))
        #expect(try RunReports.runs(json: json) == ["sim 4/4"])
        #expect(try RunReports.scenarios(json: json).isEmpty)

        let bad = try ScenarioCommandLine.run(["run", scenarios], environment: ["CI_NODE_TOTAL": "3"])
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("GitLab CI sets CI_NODE_TOTAL=3 but not CI_NODE_INDEX"))
        let badTimes = try ScenarioCommandLine.run(["run", scenarios, "--shard", "1/2", "--shard-by-time", json + ".missing"])
        #expect(badTimes.status == 2)
        #expect(badTimes.standardError.contains("--shard-by-time \(json).missing: cannot be read"))
    }
}

import DioramaModel
import Foundation
import Testing

@testable import DioramaScenarios

/// Where a shard comes from (`--shard`, or a CI system's variables) and how
/// a suite is split by an earlier run's times.
@Suite("CI shards: environment conventions and time-balanced splits")
struct CIShardingTests {
    @Test("each CI convention gives the shard it means: Bazel, CircleCI and Buildkite count from 0, GitLab from 1")
    func conventions() throws {
        let cases: [([String: String], String, String)] = [
            (["TEST_TOTAL_SHARDS": "4", "TEST_SHARD_INDEX": "0"], "1/4", "Bazel: TEST_SHARD_INDEX=0, TEST_TOTAL_SHARDS=4"),
            (["CI_NODE_TOTAL": "3", "CI_NODE_INDEX": "3"], "3/3", "GitLab CI: CI_NODE_INDEX=3, CI_NODE_TOTAL=3"),
            (["CIRCLE_NODE_TOTAL": "2", "CIRCLE_NODE_INDEX": "1"], "2/2", "CircleCI: CIRCLE_NODE_INDEX=1, CIRCLE_NODE_TOTAL=2"),
            (
                ["BUILDKITE_PARALLEL_JOB_COUNT": "5", "BUILDKITE_PARALLEL_JOB": "4"], "5/5",
                "Buildkite: BUILDKITE_PARALLEL_JOB=4, BUILDKITE_PARALLEL_JOB_COUNT=5"
            ),
        ]
        for (environment, shard, source) in cases {
            let choice = try #require(try ShardConvention.choose(option: nil, environment: environment))
            #expect(choice.shard.description == shard, "\(environment)")
            #expect(choice.source == source)
            #expect(choice.description == "shard \(shard) (from \(source))")
        }
    }

    @Test("--shard wins over the variables; a job that is not parallel has no shard")
    func precedence() throws {
        let gitLab = ["CI_NODE_TOTAL": "3", "CI_NODE_INDEX": "2"]
        let chosen = try #require(try ShardConvention.choose(option: "1/2", environment: gitLab))
        #expect(chosen.shard.description == "1/2" && chosen.source == "--shard")
        // GitLab sets CI_NODE_TOTAL=1 on every job without parallel:, and no index.
        #expect(try ShardConvention.choose(option: nil, environment: ["CI_NODE_TOTAL": "1"]) == nil)
        #expect(try ShardConvention.choose(option: nil, environment: ["PATH": "/usr/bin"]) == nil)
    }

    @Test("variables that do not make a shard are errors naming them")
    func badVariables() {
        let cases: [([String: String], String)] = [
            (["CI_NODE_TOTAL": "3"], "GitLab CI sets CI_NODE_TOTAL=3 but not CI_NODE_INDEX; set both, or pass --shard i/n"),
            (["TEST_TOTAL_SHARDS": "4", "TEST_SHARD_INDEX": "4"], "Bazel sets TEST_SHARD_INDEX=4, outside 0…3 for TEST_TOTAL_SHARDS=4"),
            (["CI_NODE_TOTAL": "3", "CI_NODE_INDEX": "0"], "GitLab CI sets CI_NODE_INDEX=0, outside 1…3 for CI_NODE_TOTAL=3"),
            (
                ["CIRCLE_NODE_TOTAL": "two", "CIRCLE_NODE_INDEX": "0"],
                "CircleCI sets CIRCLE_NODE_TOTAL=two, which is not a job count; unset it or pass --shard i/n"
            ),
            (
                ["BUILDKITE_PARALLEL_JOB_COUNT": "2", "BUILDKITE_PARALLEL_JOB": "x"],
                "Buildkite sets BUILDKITE_PARALLEL_JOB=x, which is not a job index; unset it or pass --shard i/n"
            ),
        ]
        for (environment, message) in cases {
            #expect(throws: ShardError(message)) { try ShardConvention.choose(option: nil, environment: environment) }
        }
    }

    let files = [
        "b/zeta.scenario", "a/alpha.scenario", "c/mid.scenario", "a/beta.scenario", "gamma.scenario", "new.scenario",
    ]
    let times = RecordedTimes(seconds: ["zeta": 9, "alpha": 7, "mid": 4, "beta": 3, "gamma": 2, "gone": 30])

    @Test("by time: greedy longest first, each file to the lightest shard; an unknown one counts as the median")
    func partitionByTime() throws {
        // Median of 2, 3, 4, 7, 9, 30 is 5.5: new.scenario's expected time.
        #expect(times.median == 5.5)
        #expect(times.expectedSeconds(forFile: "x/new.scenario") == 5.5)
        // Longest first, each to the lighter shard (loads after each in brackets):
        // zeta 9 → 1 [9, 0]; alpha 7 → 2 [9, 7]; new 5.5 → 2 [9, 12.5];
        // mid 4 → 1 [13, 12.5]; beta 3 → 2 [13, 15.5]; gamma 2 → 1 [15, 15.5].
        let shards = Shard.partition(files, count: 2, times: times)
        #expect(shards[0] == ["gamma.scenario", "c/mid.scenario", "b/zeta.scenario"])
        #expect(shards[1] == ["a/alpha.scenario", "a/beta.scenario", "new.scenario"])
        #expect(try Shard(parsing: "2/2").select(files, times: times) == shards[1])
    }

    @Test("every split is a partition, whatever order the files come in", arguments: 1...7)
    func everyFileOnce(count: Int) throws {
        for _ in 0..<5 {
            let shuffled = files.shuffled()
            let byTime = Shard.partition(shuffled, count: count, times: times)
            #expect(byTime == Shard.partition(files, count: count, times: times))
            #expect(byTime.flatMap { $0 }.sorted() == files.sorted())
            let roundRobin = try (1...count).map { try Shard(index: $0, count: count).select(shuffled) }
            #expect(roundRobin.flatMap { $0 }.sorted() == files.sorted())
        }
    }

    @Test("a file named twice (itself and its folder, or two spellings) lands in one shard once")
    func fileNamedTwice() throws {
        let directory = try TemporaryDirectory("twice")
        defer { directory.cleanUp() }
        let first = try directory.write("# a\n", to: "a.scenario")
        try directory.write("# b\n", to: "b.scenario")
        let suite = try ScenarioSuite.collect([directory.path, first, directory.path + "/./a.scenario"])
        #expect(suite.files.map { ScenarioParser.scenarioName(forFile: $0) } == ["a", "b"])
        let shards = try (1...2).map { try ScenarioSuite.collect([first, directory.path], shard: Shard(index: $0, count: 2)).files }
        #expect(shards.map(\.count) == [1, 1])
    }

    /// `a/x.scenario` and `b/x.scenario` shared a work folder and report
    /// screenshots (the second wrote over the first, and `--jobs 2` raced in
    /// one folder); `.scenario` named its scenario "". Both are refused
    /// before anything runs, each at its file.
    @Test("two files of one scenario name, or a name that is no folder name, are refused at the file")
    func scenarioNamesMustBeDistinct() throws {
        let directory = try TemporaryDirectory("names")
        defer { directory.cleanUp() }
        let first = try directory.write("# a\n", to: "da/x.scenario")
        let second = try directory.write("# b\n", to: "db/x.scenario")
        let duplicate = try #require(throws: ScenarioErrors.self) { try ScenarioSuite.collect([first, second]) }
        #expect(duplicate.diagnostics.map(\.location.file) == [second])
        #expect(duplicate.description.contains("another scenario is named x too: \(first)"), "\(duplicate)")
        let unnamed = try directory.write("# c\n", to: "dc/.scenario")
        let empty = try #require(throws: ScenarioErrors.self) { try ScenarioSuite.collect([unnamed]) }
        #expect(empty.description.contains("\"\" is not a usable scenario name"), "\(empty)")
    }

    /// `Fixtures/shipped-suite-times.xml` is the JUnit report of a real
    /// `diorama run --jobs 2` of Configs/scenarios on the simulator.
    @Test("on the recorded times of the shipped suite, the longest of 3 time-balanced shards is within 1.3x of the shortest")
    func shippedSuiteBalance() throws {
        let report = repositoryRoot.appendingPathComponent("Tests/DioramaScenariosTests/Fixtures/shipped-suite-times.xml").path
        let recorded = try RecordedTimes.load(path: report)
        let files = try ScenarioSuite.collect([repositoryRoot.appendingPathComponent("Configs/scenarios").path]).files
        #expect(files.allSatisfy { recorded.seconds[ScenarioParser.scenarioName(forFile: $0)] != nil }, "the fixture is older than the suite")
        for count in [2, 3] {
            let loads = Shard.partition(files, count: count, times: recorded).map { $0.map(recorded.expectedSeconds).reduce(0, +) }
            let longest = try #require(loads.max()), shortest = try #require(loads.min())
            #expect(longest <= 1.3 * shortest, "\(count) shards: \(loads)")
            // Round-robin, for comparison, is what --shard-by-time improves on.
            let dealt = try (1...count).map { try Shard(index: $0, count: count).select(files).map(recorded.expectedSeconds).reduce(0, +) }
            #expect(longest <= dealt.max()!, "\(count) shards: by time \(loads), round-robin \(dealt)")
        }
    }

    @Test("times are read from a JUnit or a JSON report; an unusable one is an error naming the file")
    func readingTimes() async throws {
        let directory = try TemporaryDirectory("times")
        defer { directory.cleanUp() }
        let results = [ReportFixture.withFixedTimes(try await ReportFixture.result())]
        let junit = try directory.write(JUnitReport.render(results), to: "previous.xml")
        let json = try directory.write(String(decoding: try JSONReport.encode(results), as: UTF8.self), to: "previous.json")
        #expect(try RecordedTimes.load(path: junit).seconds == ["report-sample": results[0].duration / .seconds(1)])
        #expect(try RecordedTimes.load(path: json) == RecordedTimes.load(path: junit))

        let old = try directory.write(#"{"schema": "diorama-scenario-results/1", "scenarios": [{"name": "a"}]}"#, to: "old.json")
        let text = try directory.write("hello", to: "notes.txt")
        let broken = try directory.write("<testsuites><testsuite name=\"a\" time=\"1\">", to: "broken.xml")
        let untimed = try directory.write("<testsuites><testsuite name=\"a\"/></testsuites>", to: "untimed.xml")
        let emptyObject = try directory.write("{}", to: "empty.json")
        for (path, problem) in [
            (emptyObject, "is not a JSON report of diorama run (missing field `scenarios`)"),
            (old, "has no time for a"), (text, "is neither a JUnit XML nor a JSON report"), (broken, "is not well-formed XML"),
            (untimed, "<testsuite name=\"a\"> without a time"), (directory.path + "/missing.xml", "cannot be read"),
        ] {
            #expect {
                try RecordedTimes.load(path: path)
            } throws: { error in
                let description = "\(error)"
                return description.hasPrefix(path) && description.contains(problem)
            }
        }
    }
}

import ArgumentParser
import DioramaModel
import DioramaPOSIX
import DioramaScenarioBackends
import DioramaScenarios
import Foundation

/// `diorama run`: run scenario files and report, for people and CI.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scenario files: scripted multi-display window moves with expectations.",
        discussion: """
            Each scenario (Configs/scenarios/*.scenario, language in Docs/scenario-language.md) \
            starts its displays and clients on the backend, performs its steps and checks its \
            expectations once the windows have settled. The console shows one line per step: \
            the window's display, scale, buffer and drawable pixels and traits, and expected vs \
            actual for every failed clause.

            Every file is checked before anything runs: a problem is printed as \
            file:line:column: error: … with a hint, and nothing runs.

            Diorama apps (TimerApp, GameScene) are found next to this executable, or in \
            $DIORAMA_BUILD_PRODUCTS. Clients' traces, logs and saved sessions go to \
            --work-dir/<scenario>/.

            In CI, a job runs its part of the suite: --shard i/n, or else the shard its CI \
            system gives it (Bazel's TEST_TOTAL_SHARDS/TEST_SHARD_INDEX, GitLab's \
            CI_NODE_TOTAL/CI_NODE_INDEX, CircleCI's CIRCLE_NODE_TOTAL/CIRCLE_NODE_INDEX, \
            Buildkite's BUILDKITE_PARALLEL_JOB_COUNT/BUILDKITE_PARALLEL_JOB); the first \
            line says which. Under Bazel the JUnit report goes to XML_OUTPUT_FILE unless \
            --junit names another. Merge the shards' --json files with diorama merge \
            (Docs/ci.md).

            Exit status: 0 every scenario passed (or was skipped by its backend: line), \
            1 an expectation or step failed, 2 bad usage or a scenario file with errors.

            Examples:
              diorama run
                  every scenario in Configs/scenarios
              diorama run Configs/scenarios/timer-tour.scenario
              diorama run --junit results.xml --json results.json --report report/
              diorama run --shard 2/4 --jobs 2
                  the second quarter of the suite, two at a time
              diorama run --shard 2/4 --shard-by-time previous.json
                  quarters that take about as long
              diorama run --json results.json --format github
                  annotate failures in a GitHub workflow
              diorama run --profile sway-1.7
                  imitate sway 1.7 where a scenario names no profile
              diorama run --on mutter --refresh 10
                  Mutter's monitors at 10 Hz: far less CPU
            """)

    @Argument(help: "Scenario files, or folders of them (default: Configs/scenarios).")
    var paths: [String] = []

    @Option(name: .customLong("on"), help: "Where to run: sim (the embedded simulator), sway, weston, kwin or mutter.")
    var backend: BackendKind = .sim

    @Option(help: "The simulator profile for scenarios that name none: \(ScenarioProfile.allCases.map(\.rawValue).joined(separator: ", ")).")
    var profile: ScenarioProfile?

    @OptionGroup var reports: ReportOptions

    @Option(help: "Run only this part of the suite, as i/n (for CI matrices); without it, the CI's shard variables decide.")
    var shard: String?

    @Option(
        help: ArgumentHelp(
            "Split shards by the scenario times in an earlier run's JUnit or JSON report, so they finish together.",
            valueName: "PREVIOUS.xml|.json"))
    var shardByTime: String?

    @Option(
        help:
            "How many scenarios run their steps at the same time, each on its own backend (a finished scenario's backend stops beside the next one; with more than one, a scenario in a `wait` step lets the next one start)."
    )
    var jobs: Int = 1

    @Option(help: "Overrides every scenario's timeout, in seconds.")
    var timeout: Int?

    @Option(help: "Where clients' traces, logs and saved state go.")
    var workDir: String = ".diorama-run"

    @Option(help: RefreshOption.help(overriding: "its layout's or its display line's"))
    var refresh: String?

    @Option(help: "Colour: auto (when writing to a terminal), always, never.")
    var color: LintCommand.ColorChoice = .auto

    func validate() throws {
        if jobs < 1 { throw ValidationError("--jobs must be at least 1, found \(jobs)") }
        if let timeout, timeout < 1 { throw ValidationError("--timeout must be at least 1 second, found \(timeout)") }
        // As for a scenario's `timeout:` line: a run must end.
        let longest = InputRanges.timeoutMilliseconds.upperBound / 1000
        if let timeout, timeout > longest {
            throw ValidationError("--timeout must be at most \(longest) seconds (an hour), found \(timeout)")
        }
        try CIEnvironment.validateShardOption(shard)
        _ = try refreshMilliHz
    }

    /// `--refresh` in mHz, nil when not given.
    ///
    /// - Throws: `ValidationError` naming the value and what a refresh is.
    var refreshMilliHz: Int? {
        get throws { try RefreshOption.milliHz(refresh) }
    }

    /// What `diorama run` with no files runs: the scenarios of the project
    /// in the current folder.
    static let defaultFolder = "Configs/scenarios"

    /// Why `diorama run` without files has nothing to run here, and what to
    /// pass; `shipped` is Diorama's own suite when one is found above the
    /// executable.
    static func noDefaultFolderMessage(shipped: String?) -> String {
        "diorama run: no scenario files given, and this folder has no \(defaultFolder); "
            + "pass scenario files or folders of them"
            + (shipped.map { ", e.g. `diorama run \($0)` for Diorama's shipped suite" } ?? "")
    }

    func run() throws {
        ExitCleanup.stopOnTerminationSignals()
        try ScenarioSession.checkWorkDirectory(workDir, command: "run")
        let shard = try CIEnvironment.shard(option: self.shard, command: "run")
        let times = try shardByTime.map(Self.recordedTimes)
        if times != nil && shard == nil {
            print("diorama run: no shard (--shard, or a CI's shard variables), so --shard-by-time has nothing to split; running every scenario")
        }
        if paths.isEmpty, !FileManager.default.fileExists(atPath: Self.defaultFolder) {
            var standardError = StandardError()
            print(Self.noDefaultFolderMessage(shipped: ConfigFileLocator.locate(Self.defaultFolder)?.path), to: &standardError)
            throw DioramaExitCode.badInput
        }
        let suite: ScenarioSuite
        do throws(ScenarioErrors) {
            suite = try ScenarioSuite.collect(paths.isEmpty ? [Self.defaultFolder] : paths, shard: shard, times: times)
        } catch {
            var standardError = StandardError()
            print(error.description, to: &standardError)
            throw DioramaExitCode.badInput
        }
        // Every file of the suite, not only this shard's: another shard's
        // job reads the others.
        let junitPath = reports.junit ?? CIEnvironment.bazelJUnitPath
        try reports.refuseConflicts(
            junit: junitPath, inputs: suite.allFiles.map { ("the scenario", $0) }, command: "run",
            notDone: "no scenario was run and nothing was written")
        var scenarios = try ScenarioSession.load(suite.files)
        if let timeout {
            scenarios = scenarios.map {
                var copy = $0; copy.scenario.timeout = .seconds(timeout); return copy
            }
        }
        try ScenarioSession.prepareWorkDirectory(workDir, command: "run")
        let options = ScenarioRunOptions(
            backend: backend, profile: profile, junitPath: junitPath,
            jsonPath: reports.json, reportDirectory: reports.report, shard: shard, jobs: jobs,
            artifactsDirectory: workDir + "/artifacts", machine: CIEnvironment.machine, refreshMilliHz: try refreshMilliHz)
        let useColor = color == .always || (color == .auto && ConsoleReporter.shouldUseColor())
        let session = ScenarioSession(
            options: options, backend: BackendConfiguration(workDirectory: workDir),
            useColor: useColor)
        if let shard, scenarios.isEmpty {
            // The reports are still written: a merge must see that this shard ran.
            print("no scenarios in shard \(shard)")
        }
        let results = try session.run(scenarios)
        if reports.format == .github { try CIEnvironment.emitGitHub(GitHubReport(results), command: "run") }
        let code = ScenarioSession.exitCode(for: results)
        if code != DioramaExitCode.success { throw code }
    }

    /// `--shard-by-time`'s report, read before anything runs.
    ///
    /// - Throws: exit code 2 after a line naming the file and what is wrong.
    static func recordedTimes(_ path: String) throws -> RecordedTimes {
        do throws(RecordedTimesError) {
            return try RecordedTimes.load(path: path)
        } catch {
            var standardError = StandardError()
            print("diorama run: --shard-by-time \(error)", to: &standardError)
            throw DioramaExitCode.badInput
        }
    }
}

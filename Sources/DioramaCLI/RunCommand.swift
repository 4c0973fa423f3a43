import ArgumentParser
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

            Exit status: 0 every scenario passed (or was skipped by its backend: line), \
            1 an expectation or step failed, 2 bad usage or a scenario file with errors.

            Examples:
              diorama run                                   every scenario in Configs/scenarios
              diorama run Configs/scenarios/timer-tour.scenario
              diorama run --junit results.xml --json results.json --report report/
              diorama run --shard 2/4 --jobs 2              the second quarter of the suite, two at a time
              diorama run --profile sway-1.7                imitate sway 1.7 where a scenario names no profile
            """)

    @Argument(help: "Scenario files, or folders of them (default: Configs/scenarios).")
    var paths: [String] = []

    @Option(name: .customLong("on"), help: "Where to run: sim (the embedded simulator), sway, weston, kwin or mutter.")
    var backend: BackendKind = .sim

    @Option(help: "The simulator profile for scenarios that name none: modern, sway-1.7, weston-10.")
    var profile: ScenarioProfile?

    @Option(help: "Write a JUnit XML report here (one test case per expectation clause).")
    var junit: String?

    @Option(help: "Write the results as JSON here.")
    var json: String?

    @Option(help: "Write an HTML report (layout drawing, window paths, timeline, screenshots) into this folder.")
    var report: String?

    @Option(help: "Run only this part of the suite, as i/n (for CI matrices).")
    var shard: String?

    @Option(help: "How many scenarios run at the same time, each on its own backend.")
    var jobs: Int = 1

    @Option(help: "Overrides every scenario's timeout, in seconds.")
    var timeout: Int?

    @Option(help: "Where clients' traces, logs and saved state go.")
    var workDir: String = ".diorama-run"

    @Option(help: "Colour: auto (when writing to a terminal), always, never.")
    var color: LintCommand.ColorChoice = .auto

    func validate() throws {
        if jobs < 1 { throw ValidationError("--jobs must be at least 1, found \(jobs)") }
        if let timeout, timeout < 1 { throw ValidationError("--timeout must be at least 1 second, found \(timeout)") }
        if let shard {
            do throws(ShardError) { _ = try Shard(parsing: shard) } catch { throw ValidationError("--shard: \(error)") }
        }
    }

    func run() throws {
        try ScenarioSession.prepareWorkDirectory(workDir, command: "run")
        let shard = try self.shard.map { text in try Shard(parsing: text) }
        let suite: ScenarioSuite
        do throws(ScenarioErrors) {
            suite = try ScenarioSuite.collect(paths.isEmpty ? ["Configs/scenarios"] : paths, shard: shard)
        } catch {
            var standardError = StandardError()
            print(error.description, to: &standardError)
            throw DioramaExitCode.badInput
        }
        var scenarios = try ScenarioSession.load(suite.files)
        if let timeout {
            scenarios = scenarios.map {
                var copy = $0; copy.scenario.timeout = .seconds(timeout); return copy
            }
        }
        let options = ScenarioRunOptions(
            backend: backend, profile: profile, junitPath: junit, jsonPath: json,
            reportDirectory: report, shard: shard, jobs: jobs,
            artifactsDirectory: workDir + "/artifacts")
        let useColor = color == .always || (color == .auto && ConsoleReporter.shouldUseColor())
        let session = ScenarioSession(
            options: options, backend: BackendConfiguration(workDirectory: workDir),
            useColor: useColor)
        if scenarios.isEmpty {
            print("no scenarios in shard \(shard?.description ?? "")")
            return
        }
        let results = try session.run(scenarios)
        let code = ScenarioSession.exitCode(for: results)
        if code != DioramaExitCode.success { throw code }
    }
}

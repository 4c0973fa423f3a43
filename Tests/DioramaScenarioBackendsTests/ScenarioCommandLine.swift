import DioramaScenarios
import DioramaTestSupport
import Foundation

/// The built `diorama` run as a CI job runs it, in an environment that
/// cannot change what it does behind the test's back: no compositor of the
/// caller's, and none of the CI variables that choose a shard or a report
/// file (the test suite itself may run under GitLab CI or Bazel).
enum ScenarioCommandLine {
    /// Variables `diorama run` reads besides its options.
    static let ciVariables: Set<String> = Set(
        ShardConvention.all.flatMap { [$0.totalVariable, $0.indexVariable] }
            + ["TEST_SHARD_STATUS_FILE", "XML_OUTPUT_FILE", "GITHUB_STEP_SUMMARY"])

    /// The test's environment without a compositor or CI variables, with
    /// `NO_COLOR=1` and the test process's own `XDG_STATE_HOME`
    /// (``ChildProcess/privateStateHome``), plus `extra`.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !ciVariables.contains($0.key) }
        environment["NO_COLOR"] = "1"
        environment["XDG_STATE_HOME"] = ChildProcess.privateStateHome
        environment["WAYLAND_DISPLAY"] = nil
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Runs `diorama arguments…` to its exit.
    static func run(_ arguments: [String], environment extra: [String: String] = [:], timeout: TimeInterval = 120) throws
        -> ChildProcessResult
    {
        try ChildProcess.run(
            TestExecutable.locate("diorama"), arguments: arguments, environment: environment(extra), timeout: timeout)
    }
}

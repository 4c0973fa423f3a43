import DioramaTestSupport
import Foundation

/// The real `diorama` binary SwiftPM built next to the tests (this target
/// depends on it), run as a child process the way a user or CI job runs it.
enum DioramaCommandLine {
    /// Runs `diorama arguments…` to completion (bounded by `timeout`).
    /// `environment` replaces the test's own; by default it is the test's
    /// environment with `NO_COLOR=1` and the test process's own
    /// `XDG_STATE_HOME` (``ChildProcess/privateStateHome``). `standardOutput`: where stdout goes
    /// instead of the captured file (`/dev/full`).
    static func run(
        _ arguments: [String], environment: [String: String]? = nil,
        timeout: TimeInterval = 60, standardOutput: URL? = nil
    ) throws -> ChildProcessResult {
        var inherited = ProcessInfo.processInfo.environment
        inherited["NO_COLOR"] = "1"
        inherited["XDG_STATE_HOME"] = ChildProcess.privateStateHome
        return try ChildProcess.run(
            TestExecutable.locate("diorama"), arguments: arguments,
            environment: environment ?? inherited, timeout: timeout,
            standardOutput: standardOutput)
    }

    /// A minimal environment (PATH, HOME, a private XDG_STATE_HOME) plus `extra`, so that an inherited
    /// WAYLAND_DISPLAY cannot leak into a test.
    static func environment(_ extra: [String: String]) -> [String: String] {
        ChildProcess.minimalEnvironment(extra)
    }
}

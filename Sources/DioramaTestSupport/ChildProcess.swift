import DioramaPOSIX
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A program the test started, with its stdout and stderr captured in files
/// (readable while it runs), that can be signalled and waited for with a
/// bound. It never outlives the test: `stop()` (also run by `deinit`) kills
/// it if it still runs.
///
/// Started by DioramaPOSIX's `SpawnedProcess`, so children start with no
/// signals blocked: SIGTERM reaches them even though test threads block it.
package final class ChildProcess: @unchecked Sendable, CustomStringConvertible {
    package let executable: URL
    package let arguments: [String]
    /// Where stdout and stderr are written; removed by `stop()`.
    package let outputDirectory: URL
    /// The file stdout goes to (in ``outputDirectory`` unless the caller
    /// named another): what a ``Wait`` watches for what the child prints.
    package let standardOutputPath: String
    /// The file stderr goes to (in ``outputDirectory``): what a client's
    /// `WAYLAND_DEBUG` log is followed in as it grows.
    package let standardErrorPath: String
    private let process: SpawnedProcess
    /// True once `stop()` ran; held for all of `stop()`, so a second caller waits for the first.
    private let stopped = Mutex(false)

    /// Starts `executable arguments…` with exactly `environment` (nothing of
    /// the test's own leaks in, so a stray WAYLAND_DISPLAY cannot either) and
    /// stdin from /dev/null. `standardOutput`: a file stdout goes to instead
    /// of the captured one (`/dev/full`, to see how the child takes a failed write).
    package init(
        _ executable: URL, arguments: [String] = [], environment: [String: String],
        currentDirectory: URL? = nil, standardOutput: URL? = nil
    ) throws {
        self.executable = executable
        self.arguments = arguments
        outputDirectory = URL(
            fileURLWithPath: try TemporaryDirectory.make(named: "diorama-child-\(getpid())"), isDirectory: true)
        let outURL = outputDirectory.appendingPathComponent("stdout")
        let errURL = outputDirectory.appendingPathComponent("stderr")
        standardOutputPath = (standardOutput ?? outURL).path
        standardErrorPath = errURL.path
        process = try SpawnedProcess(
            executable: executable.path, arguments: arguments, environment: environment,
            workingDirectory: currentDirectory?.path,
            standardOutput: .file((standardOutput ?? outURL).path, append: false),
            standardError: .file(standardErrorPath, append: false))
    }

    deinit { stop() }

    package var processIdentifier: pid_t { process.pid }
    package var isRunning: Bool { process.isRunning }
    /// Readable once the child has ended: what a ``Wait`` sleeps on to
    /// notice at once that a child it waits on exited.
    package var exitDescriptor: Int32 { process.exitDescriptor }

    /// How the child ended ("exited with status 2", "killed by signal 11"),
    /// or "running".
    package var state: String { process.termination?.description ?? "running" }

    /// Everything the child wrote to stdout so far.
    package var standardOutput: String { read("stdout") }
    /// Everything the child wrote to stderr so far.
    package var standardError: String { read("stderr") }

    private func read(_ name: String) -> String {
        (try? String(contentsOf: outputDirectory.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    /// Sends `signal` (SIGTERM, SIGINT, …) to the child if it still runs.
    package func send(_ signal: Int32) {
        process.signal(signal)
    }

    /// Waits up to `timeout` seconds for the child to exit on its own.
    /// - Throws: `ChildProcessTimeout` (after killing it) with its stderr.
    @discardableResult
    package func waitForExit(timeout: TimeInterval) throws -> ChildProcessResult {
        guard let termination = process.waitForExit(timeout: .milliseconds(Int64(timeout * 1000))) else {
            process.signal(SIGKILL)
            process.waitForExit()
            throw ChildProcessTimeout(
                command: description, seconds: timeout,
                standardOutput: standardOutput, standardError: standardError)
        }
        let (status, bySignal): (Int32, Bool) =
            switch termination {
            case let .exited(status): (status, false)
            case let .killed(signal): (signal, true)
            }
        return ChildProcessResult(
            status: status, exitedBySignal: bySignal,
            standardOutput: standardOutput, standardError: standardError)
    }

    /// Kills the child and its process group if it still runs, waits for it,
    /// removes the captured output. Idempotent.
    package func stop() {
        stopped.withLock { stopped in
            guard !stopped else { return }
            stopped = true
            // The whole process group: what the child started (a session
            // bus under dbus-run-session, `sim -- COMMAND`) goes with it.
            process.killWithProcessGroup()
            TemporaryDirectory.remove(outputDirectory.path, unlessSet: "DIORAMA_KEEP_TEST_FILES")
        }
    }

    package var description: String {
        ([executable.lastPathComponent] + arguments).joined(separator: " ")
    }

    /// Runs a program to completion (at most `timeout` seconds) and returns
    /// its status and output.
    package static func run(
        _ executable: URL, arguments: [String] = [], environment: [String: String],
        timeout: TimeInterval = 30, standardOutput: URL? = nil
    ) throws -> ChildProcessResult {
        let child = try ChildProcess(
            executable, arguments: arguments, environment: environment,
            standardOutput: standardOutput)
        defer { child.stop() }
        return try child.waitForExit(timeout: timeout)
    }

    /// A minimal environment for a child: `PATH` and `HOME` of the test
    /// process, ``privateStateHome`` as `XDG_STATE_HOME`, plus `extra`
    /// (which wins).
    package static func minimalEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
        let inherited = ProcessInfo.processInfo.environment
        var environment = ["PATH": inherited["PATH"] ?? "/usr/bin:/bin", "XDG_STATE_HOME": privateStateHome]
        if let home = inherited["HOME"] { environment["HOME"] = home }
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// An `XDG_STATE_HOME` of this test process's own, for the apps its
    /// children start (TimerApp saves and restores its scenes' sessions
    /// there). Without it they used the user's `~/.local/state`: a size
    /// saved by one run (5300×3201 after an interactive resize) was
    /// restored by every later run on the machine, and TimerApp died asking
    /// for a buffer over the simulator's limit at 2×. A private directory
    /// (mkdtemp), removed with what the apps saved when the test process exits.
    package static let privateStateHome: String = {
        do {
            return try TemporaryDirectory.make(named: "diorama-test-state-\(getpid())")
        } catch {
            preconditionFailure("cannot make the tests' XDG_STATE_HOME: \(error); set TMPDIR to a writable folder")
        }
    }()
}

/// How a child process ended.
package struct ChildProcessResult: Sendable {
    /// The exit status, or the signal number when `exitedBySignal`.
    package var status: Int32
    package var exitedBySignal: Bool
    package var standardOutput: String
    package var standardError: String
}

/// A child did not exit within its time limit (it has been killed).
package struct ChildProcessTimeout: Error, CustomStringConvertible {
    package var command: String
    package var seconds: TimeInterval
    package var standardOutput: String
    package var standardError: String

    package var description: String {
        "\(command) did not exit within \(seconds) s (killed). stderr:\n\(standardError.suffix(4000))"
    }
}

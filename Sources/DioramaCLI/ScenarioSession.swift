import ArgumentParser
import DioramaScenarioBackends
import DioramaScenarios
import Foundation
import Glibc

/// What `diorama run` and `diorama demo` share: load every scenario (all
/// problems reported before anything runs), run the suite on the chosen
/// backend with the live console timeline, write the reports, and turn the
/// outcome into Diorama's exit code.
struct ScenarioSession {
    var options: ScenarioRunOptions
    var backend: BackendConfiguration
    var useColor: Bool

    /// Makes sure `--work-dir` is a folder a run can write into (creating
    /// it and its `artifacts/` when missing), before anything runs.
    ///
    /// - Throws: exit code 2 after one line naming the option, the path and
    ///   what is wrong (`--work-dir /etc/passwd: is not a directory`).
    static func prepareWorkDirectory(_ path: String, command: String) throws {
        try checkWorkDirectory(path, command: command)
        if let code = makeDirectories(path + "/artifacts") { throw refuseWorkDirectory(path, command: command, cannotCreate: code) }
    }

    /// What ``prepareWorkDirectory(_:command:)`` would refuse, found without
    /// making anything: a file at the path or in the way of it. Called before
    /// the scenarios are read; the folder itself is made only once there is
    /// something to run (a run that stops at its input leaves none behind:
    /// with `--work-dir /`, an `/artifacts`).
    static func checkWorkDirectory(_ path: String, command: String) throws {
        let prefixes = folders(leadingTo: path)
        for (index, prefix) in prefixes.enumerated() {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: prefix, isDirectory: &isDirectory) else { return }
            guard isDirectory.boolValue else {
                throw index == prefixes.count - 1
                    ? refuseWorkDirectory(path, command: command, problem: "is not a directory; pass a folder (it is created if missing)")
                    : refuseWorkDirectory(path, command: command, cannotCreate: ENOTDIR)
            }
        }
    }

    /// Says on stderr why `--work-dir` cannot be used; exit code 2 to throw.
    private static func refuseWorkDirectory(_ path: String, command: String, problem: String) -> ExitCode {
        var standardError = StandardError()
        print("diorama \(command): --work-dir \(path): \(problem)", to: &standardError)
        return DioramaExitCode.badInput
    }

    private static func refuseWorkDirectory(_ path: String, command: String, cannotCreate code: Int32) -> ExitCode {
        refuseWorkDirectory(path, command: command, problem: "cannot create it (\(String(cString: strerror(code)))); pass a folder you can write to")
    }

    /// `path` and each folder above it, outermost first (`a/b` is `./a`, `./a/b`).
    private static func folders(leadingTo path: String) -> [String] {
        var prefix = path.hasPrefix("/") ? "" : "."
        return path.split(separator: "/").map { component in
            prefix += "/" + component
            return prefix
        }
    }

    /// `mkdir -p`: nil when `path` is a folder now, else the errno that stopped
    /// it (`ENOTDIR` when a file is in the way), which Foundation's
    /// `createDirectory` hides behind a generic Cocoa error.
    private static func makeDirectories(_ path: String) -> Int32? {
        for prefix in folders(leadingTo: path) where mkdir(prefix, 0o755) != 0 && errno != EEXIST { return errno }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue ? nil : ENOTDIR
    }

    /// Loads and validates `files`.
    ///
    /// - Throws: exit code 2 after printing every `file:line:column: error: …`.
    static func load(_ files: [String]) throws -> [ValidatedScenario] {
        var scenarios: [ValidatedScenario] = []
        var problems: [ScenarioDiagnostic] = []
        for file in files {
            do throws(ScenarioErrors) {
                let scenario = try ScenarioLoader.load(path: file)
                if let problem = ScenarioBackends.startingDisplayProblem(of: scenario) {
                    problems.append(problem)
                } else {
                    scenarios.append(scenario)
                }
            } catch {
                problems += error.diagnostics
            }
        }
        guard problems.isEmpty else {
            var standardError = StandardError()
            print(ScenarioErrors(problems).description, to: &standardError)
            let files = Set(problems.map(\.location.file)).count
            print(
                "\(problems.count) problem\(problems.count == 1 ? "" : "s") in \(files) scenario file\(files == 1 ? "" : "s"); nothing was run",
                to: &standardError)
            throw DioramaExitCode.badInput
        }
        return scenarios
    }

    /// Runs `scenarios`, prints the timeline and summary, writes the reports.
    ///
    /// - Returns: the results, in suite order.
    ///
    /// - Throws: exit code 2, before anything runs, when a scenario's working
    ///   folder under `--work-dir` holds files Diorama did not make.
    func run(_ scenarios: [ValidatedScenario]) throws -> [ScenarioResult] {
        let refusals = scenarios.compactMap { validated in
            ScenarioWorkFolder.problem(reusing: backend.workDirectory + "/" + validated.scenario.name)
        }
        guard refusals.isEmpty else {
            var standardError = StandardError()
            for refusal in refusals { print("diorama: --work-dir \(backend.workDirectory): \(refusal)", to: &standardError) }
            throw DioramaExitCode.badInput
        }
        let reporter = ConsoleReporter(useColor: useColor, buffered: options.jobs > 1)
        let runner = ScenarioSuiteRunner(options: options)
        let kind = options.backend
        let configuration = backend
        let results = Self.blocking {
            await runner.run(scenarios, observer: reporter) {
                ScenarioBackends.make(kind, configuration: configuration)
            }
        }
        print(ConsoleReporter.suiteSummary(results, useColor: useColor), terminator: "")
        do throws(ReportWriteFailures) {
            for path in try ScenarioReportWriter.write(results, options: options) {
                print("wrote \(path)")
            }
        } catch {
            for path in error.written { print("wrote \(path)") }
            var standardError = StandardError()
            for failure in error.failures { print("diorama: \(failure)", to: &standardError) }
            throw DioramaExitCode.badInput
        }
        return results
    }

    /// 0 when every scenario passed (or was skipped by its `backend:` line), else 1.
    static func exitCode(for results: [ScenarioResult]) -> ExitCode {
        results.allSatisfy(\.isSuccess) ? DioramaExitCode.success : DioramaExitCode.checkFailed
    }

    /// Runs async work from a synchronous command (the CLI's entry point is
    /// synchronous) and waits for it on this thread, which is not one of the
    /// concurrency pool's.
    static func blocking<Result: Sendable>(_ work: @escaping @Sendable () async -> Result) -> Result {
        let box = ResultBox<Result>()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.value = await work()
            done.signal()
        }
        done.wait()
        return box.value!
    }
}

/// Hands a result from the task to the waiting thread; the semaphore orders
/// the write before the read.
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}

/// `--on`, parsed by argument parser.
extension BackendKind: ExpressibleByArgument {}
extension ScenarioProfile: ExpressibleByArgument {}

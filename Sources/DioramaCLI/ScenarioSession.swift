import ArgumentParser
import DioramaScenarioBackends
import DioramaScenarios
import Foundation

/// What `diorama run` and `diorama demo` share: load every scenario (all
/// problems reported before anything runs), run the suite on the chosen
/// backend with the live console timeline, write the reports, and turn the
/// outcome into Diorama's exit code.
struct ScenarioSession {
    var options: ScenarioRunOptions
    var backend: BackendConfiguration
    var useColor: Bool

    /// Loads and validates `files`.
    ///
    /// - Throws: exit code 2 after printing every `file:line:column: error: …`.
    static func load(_ files: [String]) throws -> [ValidatedScenario] {
        var scenarios: [ValidatedScenario] = []
        var problems: [ScenarioDiagnostic] = []
        for file in files {
            do throws(ScenarioErrors) {
                scenarios.append(try ScenarioLoader.load(path: file))
            } catch {
                problems += error.diagnostics
            }
        }
        guard problems.isEmpty else {
            var standardError = StandardError()
            print(ScenarioErrors(problems).description, to: &standardError)
            let files = Set(problems.map(\.location.file)).count
            print("\(problems.count) problem\(problems.count == 1 ? "" : "s") in \(files) scenario file\(files == 1 ? "" : "s"); nothing was run",
                  to: &standardError)
            throw DioramaExitCode.badInput
        }
        return scenarios
    }

    /// Runs `scenarios`, prints the timeline and summary, writes the reports.
    ///
    /// - Returns: the results, in suite order.
    func run(_ scenarios: [ValidatedScenario]) throws -> [ScenarioResult] {
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
        do {
            for path in try ScenarioReportWriter.write(results, options: options) {
                print("wrote \(path)")
            }
        } catch {
            var standardError = StandardError()
            print("diorama: \(error)", to: &standardError)
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

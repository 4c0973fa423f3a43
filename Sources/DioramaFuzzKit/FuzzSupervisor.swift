import DioramaLogging
import DioramaPOSIX
import Foundation
import Glibc

/// Runs each target's campaign in a child process and survives what kills it:
/// a crash or a hang is counted, its reproducer is copied out of the current
/// input file, and a new campaign continues with the next iteration until the
/// budget is spent. Prints one summary line per target.
package struct FuzzSupervisor {
    /// How much of each target to run.
    package enum Budget: Sendable {
        case iterations(Int)
        case seconds(Int)
    }

    package let executable: URL
    package let budget: Budget
    package let seed: UInt64
    package let hangTimeoutSeconds: Int
    /// Reproducers, logs and the lint sandboxes.
    package let output: URL
    /// Passed on to campaigns (`--checkout`), when the checkout is not found from the executable.
    package let checkout: URL?

    /// A target stops after this many crashes and hangs: the same bug tends to be
    /// hit again and again, and each costs a process start.
    static let fatalFindingsLimit = 20

    package init(executable: URL, budget: Budget, seed: UInt64, hangTimeoutSeconds: Int, output: URL, checkout: URL?) {
        self.executable = executable
        self.budget = budget
        self.seed = seed
        self.hangTimeoutSeconds = hangTimeoutSeconds
        self.output = output
        self.checkout = checkout
    }

    /// What happened to one target.
    package struct TargetResult: Sendable {
        package var name: String
        package var inputs = 0
        package var brokenPromises = 0
        package var crashes: [URL] = []
        package var hangs: [URL] = []
        package var seconds = 0.0

        package var isClean: Bool { crashes.isEmpty && hangs.isEmpty && brokenPromises == 0 }

        /// `scenario: 120000 inputs in 600 s, 0 crashes, 0 hangs, 0 broken promises`.
        package var line: String {
            "\(name): \(inputs) inputs in \(Int(seconds.rounded())) s, \(crashes.count) crashes, \(hangs.count) hangs, \(brokenPromises) broken promises"
        }
    }

    package func run(target: String) throws -> TargetResult {
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        var result = TargetResult(name: target)
        let began = ContinuousClock.now
        let deadline: ContinuousClock.Instant? = if case .seconds(let seconds) = budget { began + .seconds(seconds) } else { nil }
        var next = 0
        campaigns: while result.crashes.count + result.hangs.count < Self.fatalFindingsLimit {
            var arguments = [
                "--campaign", target, "--start", String(next), "--seed", String(seed),
                "--hang-timeout", String(hangTimeoutSeconds), "--output", output.path,
            ]
            if let checkout { arguments += ["--checkout", checkout.path] }
            var waitLimit = Double(hangTimeoutSeconds) + 60
            switch budget {
            case .iterations(let count):
                guard next < count else { break campaigns }
                arguments += ["--iterations", String(count)]
                // Generous: the slowest targets (a lint of a project, a simulator per
                // input) take up to half a second an input in a debug build under load;
                // the campaign's own watchdog ends a single stuck input far sooner.
                waitLimit += Double(count)
            case .seconds:
                let left = deadline! - ContinuousClock.now
                guard left > .zero else { break campaigns }
                arguments += ["--seconds", String(max(1, left.components.seconds))]
                waitLimit += Double(left.components.seconds)
            }
            let ended = try runCampaign(arguments, target: target, waitLimit: waitLimit)
            if let summary = ended.summary {
                result.inputs += summary.inputs
                result.brokenPromises += summary.brokenPromises
            }
            guard ended.status != .finished else { break }
            // Dead campaign: the current input file names the iteration that killed it.
            guard let (iteration, input) = CurrentInputFile.read(currentInputFile(target)) else {
                throw FuzzSetupError("the \(target) campaign ended (\(ended.status)) before running any input; see \(logFile(target).path)")
            }
            result.inputs += iteration - next + 1
            let kind = ended.status == .hang ? "hang" : "crash"
            let reproducer = output.appendingPathComponent("\(target)-\(kind)-\(iteration).input")
            _ = FileManager.default.createFile(atPath: reproducer.path, contents: Data(input))
            if ended.status == .hang { result.hangs.append(reproducer) } else { result.crashes.append(reproducer) }
            fuzzLog.error("\(target): \(kind) at iteration \(iteration) (\(ended.status)); reproducer \(reproducer.path), log \(logFile(target).path)")
            next = iteration + 1
            if case .iterations(let count) = budget, next >= count { break }
            if let deadline, ContinuousClock.now >= deadline { break }
        }
        result.seconds =
            Double((ContinuousClock.now - began).components.seconds)
            + Double((ContinuousClock.now - began).components.attoseconds) / 1e18
        return result
    }

    /// How a campaign process ended.
    enum CampaignStatus: Equatable, CustomStringConvertible {
        case finished, hang, signal(Int32), exit(Int32)

        var description: String {
            switch self {
            case .finished: "finished"
            case .hang: "hang watchdog"
            case .signal(let number): "killed by signal \(number)"
            case .exit(let code): "exit status \(code)"
            }
        }
    }

    private func currentInputFile(_ target: String) -> URL { output.appendingPathComponent(".\(target).current") }
    private func logFile(_ target: String) -> URL { output.appendingPathComponent("\(target).log") }

    private func runCampaign(_ arguments: [String], target: String, waitLimit: Double)
        throws -> (status: CampaignStatus, summary: FuzzCampaign.Summary?)
    {
        let stdoutFile = output.appendingPathComponent(".\(target).stdout")
        // A crash's backtrace (in the log) with file and line but without the
        // inlined frames' lookups: a third of the time, paid before the next
        // campaign process can start. The user's own setting wins.
        var environment = ProcessInfo.processInfo.environment
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "symbolicate=fast" }
        // In this process's group, so that Ctrl-C stops the campaign with the supervisor.
        let process = try SpawnedProcess(
            executable: executable.path, arguments: arguments, environment: environment,
            standardOutput: .file(stdoutFile.path, append: false), standardError: .file(logFile(target).path, append: true),
            ownProcessGroup: false)
        // Bounded: the campaign's own watchdog ends hangs; this catches a campaign
        // that cannot even do that (a stuck watchdog thread).
        guard let termination = process.waitForExit(timeout: .seconds(waitLimit)) else {
            process.signal(SIGKILL)
            process.waitForExit()
            return (.hang, nil)
        }
        let summary = FuzzCampaign.Summary.parse(String(decoding: FileManager.default.contents(atPath: stdoutFile.path) ?? Data(), as: UTF8.self))
        switch termination {
        case .killed(let number): return (.signal(number), summary)
        case .exited(FuzzExitStatus.finished): return (.finished, summary)
        case .exited(FuzzExitStatus.hang): return (.hang, summary)
        case .exited(FuzzExitStatus.setupFailed):
            let text = String(decoding: FileManager.default.contents(atPath: logFile(target).path) ?? Data(), as: UTF8.self)
            throw FuzzSetupError("the \(target) campaign could not start: \(text.split(separator: "\n").last ?? "")")
        case .exited(let code): return (.exit(code), summary)
        }
    }
}

/// Findings as they happen (swift-log; diorama-fuzz prints them as plain `error: …` lines).
let fuzzLog = DioramaLog.logger("diorama.fuzz")

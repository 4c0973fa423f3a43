import DioramaLogging
import DioramaPOSIX
import Foundation
import Glibc
import Synchronization

/// Exit statuses of a campaign process, read by ``FuzzSupervisor``.
package enum FuzzExitStatus {
    /// The budget ran out with nothing fatal (broken promises are in the summary line).
    package static let finished: Int32 = 0
    /// The campaign could not start.
    package static let setupFailed: Int32 = 2
    /// One input ran longer than the hang timeout; the watchdog ended the process.
    package static let hang: Int32 = 70
}

/// Runs one target's inputs in this process, one after another: the loop a
/// campaign process (`diorama-fuzz --campaign NAME`) executes.
///
/// Before each input runs, its iteration number and bytes are written to the
/// *current input* file, so that when the process dies (a crash) or the
/// watchdog ends it (a hang) the supervisor finds the reproducer there.
package struct FuzzCampaign {
    package let surface: any FuzzSurface
    package let mutator: Mutator
    /// Where the current input is kept (see ``CurrentInputFile``).
    package let currentInput: URL
    /// Where inputs that broke a promise are saved (the run goes on after them).
    package let findings: URL
    package let hangTimeout: Duration

    /// At most this many broken-promise reproducers are saved per campaign.
    static let savedFindingsLimit = 10

    package init(surface: any FuzzSurface, seed: UInt64, currentInput: URL, findings: URL, hangTimeout: Duration) {
        self.surface = surface
        self.mutator = Mutator(seeds: surface.seeds, dictionary: surface.dictionary, seed: seed)
        self.currentInput = currentInput
        self.findings = findings
        self.hangTimeout = hangTimeout
    }

    /// What one campaign process did.
    package struct Summary: Hashable, Sendable {
        package var inputs = 0
        package var accepted = 0
        package var rejected = 0
        package var brokenPromises = 0
        package var firstBrokenPromise: String?

        /// The summary line the process prints last, read back by ``parse(_:)``.
        package var line: String {
            "summary inputs=\(inputs) accepted=\(accepted) rejected=\(rejected) promises=\(brokenPromises)"
        }

        package static func parse(_ text: String) -> Summary? {
            guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("summary ") }) else { return nil }
            var fields: [String: Int] = [:]
            for pair in line.split(separator: " ").dropFirst() {
                let parts = pair.split(separator: "=")
                if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
            }
            guard let inputs = fields["inputs"] else { return nil }
            return Summary(
                inputs: inputs, accepted: fields["accepted"] ?? 0, rejected: fields["rejected"] ?? 0,
                brokenPromises: fields["promises"] ?? 0)
        }
    }

    /// Runs iterations `start..<end` (or until `deadline`, whichever comes first).
    package func run(from start: Int, to end: Int, deadline: ContinuousClock.Instant?) throws -> Summary {
        let recorder = try CurrentInputFile(url: currentInput)
        let watchdog = HangWatchdog(timeout: hangTimeout, surface: surface.name)
        watchdog.start()
        var summary = Summary()
        var iteration = start
        PeakMemory.capAddressSpace()
        while iteration < end {
            if let deadline, iteration % 16 == 0, ContinuousClock.now >= deadline { break }
            let input = mutator.input(at: iteration)
            recorder.record(input, iteration: iteration)
            PeakMemory.reset()
            let began = ContinuousClock.now
            watchdog.began(iteration: iteration)
            var verdict = surface.run(input)
            watchdog.ended()
            verdict = Self.checked(verdict, against: surface.budget, took: ContinuousClock.now - began, peak: PeakMemory.megabytes())
            summary.inputs += 1
            switch verdict {
            case .accepted: summary.accepted += 1
            case .rejected: summary.rejected += 1
            case .brokenPromise(let problem):
                summary.brokenPromises += 1
                if summary.firstBrokenPromise == nil { summary.firstBrokenPromise = problem }
                if summary.brokenPromises <= Self.savedFindingsLimit {
                    let file = findings.appendingPathComponent("\(surface.name)-promise-\(iteration).input")
                    try? FileManager.default.createDirectory(at: findings, withIntermediateDirectories: true)
                    _ = FileManager.default.createFile(atPath: file.path, contents: Data(input))
                    fuzzLog.error("\(surface.name): broken promise at iteration \(iteration) (\(file.path)): \(problem)")
                }
            }
            iteration += 1
        }
        return summary
    }
}

extension FuzzCampaign {
    /// `verdict`, unless the input cost more than `budget`: then a broken promise
    /// saying which part of the budget it passed (a surface's cost is promised to
    /// grow linearly with its input, `Docs/reliability.md`).
    static func checked(_ verdict: FuzzVerdict, against budget: FuzzBudget, took duration: Duration, peak: Int?) -> FuzzVerdict {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        if seconds > budget.seconds {
            return .brokenPromise(
                "the input took \(String(format: "%.1f", seconds)) s, over the budget of \(budget.seconds) s (superlinear cost?)")
        }
        if let peak, peak > budget.megabytes {
            return .brokenPromise("the input took \(peak) MiB of memory at its peak, over the budget of \(budget.megabytes) MiB")
        }
        return verdict
    }
}

/// The campaign process's memory, from procfs: the peak resident set size
/// (`VmHWM`), which the kernel resets to the current size on request, so each
/// input's own peak is seen.
enum PeakMemory {
    /// Resets the peak (`5` to `/proc/self/clear_refs`); a no-op where procfs refuses it.
    static func reset() {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = write(descriptor, "5", 1)
        close(descriptor)
    }

    /// The peak since the last reset, in MiB; nil when procfs cannot say.
    static func megabytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return nil }
        return kilobytes / 1024
    }

    /// Address space this process may map (4 GiB): an input that would take more
    /// fails to allocate and crashes the campaign, which keeps its reproducer, instead
    /// of pushing the machine into its out-of-memory killer.
    static let addressSpaceCap: rlim_t = 4 << 30

    static func capAddressSpace() {
        var limit = rlimit(rlim_cur: addressSpaceCap, rlim_max: rlim_t.max)
        if getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_max < addressSpaceCap { return }
        limit.rlim_cur = addressSpaceCap
        _ = setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
    }
}

/// The input being run, on disk: 8 bytes of iteration number (little endian),
/// then the input's bytes. Written in place with one `pwrite` per input, so
/// recording costs microseconds and survives any death of the process.
package struct CurrentInputFile {
    let descriptor: Int32

    init(url: URL) throws {
        descriptor = open(url.path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw FuzzSetupError("cannot open \(url.path) to record the current input: \(String(cString: strerror(errno)))")
        }
    }

    func record(_ input: [UInt8], iteration: Int) {
        var record = withUnsafeBytes(of: UInt64(iteration).littleEndian, Array.init)
        record += input
        let written = record.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        precondition(written == record.count, "cannot record the current input: \(String(cString: strerror(errno)))")
        _ = ftruncate(descriptor, off_t(record.count))
    }

    /// The iteration and input a dead campaign left behind; nil when it ran none.
    package static func read(_ url: URL) -> (iteration: Int, input: [UInt8])? {
        guard let data = FileManager.default.contents(atPath: url.path), data.count >= 8 else { return nil }
        let bytes = Array(data)
        let iteration = bytes[0..<8].enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        return (Int(iteration), Array(bytes[8...]))
    }
}

/// Ends the process when one input runs longer than the timeout: a parser that
/// loops forever cannot be interrupted from inside, so the whole campaign stops
/// with ``FuzzExitStatus/hang`` and the supervisor starts the next one.
final class HangWatchdog: Sendable {
    let timeout: Duration
    let surface: String
    /// When the running input started (CLOCK_MONOTONIC nanoseconds); 0 between inputs.
    private let startedAt = Atomic<UInt64>(0)
    private let iteration = Atomic<Int>(0)

    init(timeout: Duration, surface: String) {
        self.timeout = timeout
        self.surface = surface
    }

    func start() {
        let thread = Thread { [self] in
            let limit = UInt64(timeout.components.seconds) * 1_000_000_000 + UInt64(timeout.components.attoseconds / 1_000_000_000)
            while true {
                Thread.sleep(forTimeInterval: 0.05)
                let started = startedAt.load(ordering: .acquiring)
                if started != 0, MonotonicTime.nanoseconds() &- started > limit {
                    fuzzLog.error("\(surface): hang: input \(iteration.load(ordering: .relaxed)) ran longer than \(timeout)")
                    _exit(FuzzExitStatus.hang)
                }
            }
        }
        thread.stackSize = 1 << 16
        thread.start()
    }

    func began(iteration number: Int) {
        iteration.store(number, ordering: .relaxed)
        startedAt.store(MonotonicTime.nanoseconds(), ordering: .releasing)
    }

    func ended() { startedAt.store(0, ordering: .releasing) }
}

import DioramaFuzzKit
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

/// The short, deterministic run of every fuzz target that `make test` does, and
/// proof that the harness counts a crash and a hang and keeps their reproducers.
/// All run the real `diorama-fuzz` executable as a child process.
@Suite(.serialized, .ownThreads(longChain: .seconds(20))) struct ShortFuzzRunTests {
    /// Inputs per target: the seeds, then mutations (seed 1). Enough to reach
    /// every kind of mutation on every target, long runs, deep nesting and
    /// boundary numbers included (`MutatorTests` checks it); the long run is `make fuzz`.
    static let iterations = 90
    /// Mutated inputs each target gets at least, after its seeds.
    static let mutatedInputs = 30

    private func fuzz(_ arguments: [String], output: URL, timeout: TimeInterval) throws -> ChildProcessResult {
        try ChildProcess.run(
            TestExecutable.locate("diorama-fuzz"),
            arguments: arguments + ["--output", output.path, "--checkout", Self.checkout.path],
            environment: ChildProcess.minimalEnvironment(), timeout: timeout)
    }

    /// This checkout: its files are the seeds.
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func scratch(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-fuzz-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: url)
        return url
    }

    @Test("every target survives its short run: no crash, no hang, every rejection as promised")
    func everyTargetSurvivesTheShortRun() throws {
        let output = try scratch("short")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try fuzz(["--iterations", String(Self.iterations), "--seed", "1"], output: output, timeout: 900)
        for target in FuzzTargets.surfaceNames {
            let line = result.standardOutput.split(separator: "\n").first { $0.hasPrefix("\(target): ") }
            #expect(line?.hasPrefix("\(target): \(Self.iterations) inputs in ") == true, "\(target): \(String(describing: line))")
            #expect(
                line?.hasSuffix(", 0 crashes, 0 hangs, 0 broken promises") == true,
                "\(target): \(String(describing: line))\n\(result.standardError)")
        }
        #expect(result.status == 0, "\(result.standardOutput)\n\(result.standardError)")
    }

    @Test("a crash is counted, its input kept as the reproducer, and the run goes on")
    func crashesAreCaught() throws {
        let output = try scratch("crash")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try fuzz(["selftest-crash", "--iterations", "40"], output: output, timeout: 120)
        #expect(result.status == 1)
        let line = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("selftest-crash: ") })
        #expect(line.hasPrefix("selftest-crash: 40 inputs in "), "\(line)")
        #expect(!line.contains(" 0 crashes"), "\(line)")
        // The second seed (iteration 1) contains the trigger; its bytes are the reproducer.
        let reproducer = output.appendingPathComponent("selftest-crash-crash-1.input")
        #expect(FileManager.default.contents(atPath: reproducer.path) == Data("before CRASH after".utf8))
        // The crash's backtrace is in the log, its frames with file and line
        // (the supervisor's SWIFT_BACKTRACE=symbolicate=fast keeps them).
        let log = String(decoding: FileManager.default.contents(atPath: output.appendingPathComponent("selftest-crash.log").path) ?? Data(), as: UTF8.self)
        #expect(log.contains("Program crashed"), "\(log.suffix(2000))")
        #expect(log.contains("HarnessSelfTest.run(_:)") && log.contains("FuzzTargets.swift:"), "\(log.suffix(2000))")
    }

    @Test("an input that never returns is a hang: the watchdog ends it and the run goes on")
    func hangsAreCaught() throws {
        let output = try scratch("hang")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try fuzz(["selftest-hang", "--iterations", "2", "--hang-timeout", "1"], output: output, timeout: 120)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("selftest-hang: 2 inputs in "), "\(result.standardOutput)")
        #expect(result.standardOutput.contains(", 0 crashes, 1 hangs, 0 broken promises"), "\(result.standardOutput)")
        let reproducer = output.appendingPathComponent("selftest-hang-hang-1.input")
        #expect(FileManager.default.contents(atPath: reproducer.path) == Data("before HANG after".utf8))
    }
}

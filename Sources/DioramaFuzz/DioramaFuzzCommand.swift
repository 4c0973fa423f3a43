import ArgumentParser
import DioramaFuzzKit
import DioramaLogging
import Foundation
import Logging

/// `diorama-fuzz`: the fuzzers of `Docs/reliability.md`. Without `--campaign` it
/// supervises: one child process per target at a time, a summary line each.
/// With `--campaign NAME` it is that child, running the target's inputs in-process.
@main
struct DioramaFuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diorama-fuzz",
        abstract: "Feed mutated inputs to Diorama's parsers; report crashes, hangs and broken error promises.",
        discussion: """
            Targets: \(FuzzTargets.surfaceNames.joined(separator: ", ")) (default: all). Seeds are the checkout's \
            own files (Configs/, Tests/ fixtures, Docs/ examples); inputs are deterministic for a --seed.

            Examples:
              diorama-fuzz --iterations 90              the short run `make test` does
              diorama-fuzz --seconds 600 layout         ten minutes of the layout reader
              make fuzz FUZZ_SECONDS=600                every target, ten minutes each

            Exit status: 0 nothing found, 1 a crash, hang or broken promise (reproducers in --output), 2 bad usage.
            """)

    @Argument(help: "The targets to run.")
    var targets: [String] = []

    @Option(help: "Inputs per target (deterministic run).")
    var iterations: Int?

    @Option(help: "Seconds per target.")
    var seconds: Int?

    @Option(help: "Seed of the mutations.")
    var seed: UInt64 = 1

    @Option(help: "Seconds one input may take before it counts as a hang.")
    var hangTimeout: Int = 10

    @Option(help: "Folder for reproducers and logs.")
    var output: String = ".build-fuzz/findings"

    @Option(help: "The checkout whose files are the seeds (default: found above the executable or the current folder).")
    var checkout: String?

    @Option(help: "Run one saved input (a reproducer) through the one target named, in this process, and print the verdict.")
    var reproduce: String?

    @Option(help: .hidden) var campaign: String?
    @Option(help: .hidden) var start: Int = 0

    func validate() throws {
        if reproduce != nil {
            guard targets.count == 1 else { throw ValidationError("--reproduce FILE needs exactly one target") }
            return
        }
        if (iterations == nil) == (seconds == nil) { throw ValidationError("give exactly one of --iterations N and --seconds N") }
        if let iterations, iterations < 1 { throw ValidationError("--iterations must be at least 1") }
        if let seconds, seconds < 1 { throw ValidationError("--seconds must be at least 1") }
        if hangTimeout < 1 { throw ValidationError("--hang-timeout must be at least 1") }
        let known = FuzzTargets.surfaceNames + FuzzTargets.selfTestNames
        for name in targets + (campaign.map { [$0] } ?? []) where !known.contains(name) {
            throw ValidationError("unknown target \"\(name)\"; the targets are \(FuzzTargets.surfaceNames.joined(separator: ", "))")
        }
    }

    func run() throws {
        LoggingSystem.bootstrap(PlainLogHandler.init)  // findings as plain `error: …` lines
        let outputFolder = URL(fileURLWithPath: output).standardizedFileURL
        if let campaign {
            runCampaign(campaign, output: outputFolder)
        }
        if let reproduce {
            try runOne(reproduce, target: targets[0], output: outputFolder)
            return
        }
        let supervisor = FuzzSupervisor(
            executable: URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(),
            budget: iterations.map { .iterations($0) } ?? .seconds(seconds!),
            seed: seed, hangTimeoutSeconds: hangTimeout, output: outputFolder,
            checkout: checkout.map { URL(fileURLWithPath: $0).standardizedFileURL })
        var clean = true
        for target in targets.isEmpty ? FuzzTargets.surfaceNames : targets {
            let result: FuzzSupervisor.TargetResult
            do {
                result = try supervisor.run(target: target)
            } catch {
                FileHandle.standardError.write(Data("diorama-fuzz: \(error)\n".utf8))
                throw ExitCode(2)
            }
            var lines = [result.line] + (result.crashes + result.hangs).map { "  reproducer: \($0.path)" }
            if result.brokenPromises > 0 {
                lines.append("  broken promises: see \(outputFolder.path)/\(target)-promise-*.input and \(target).log")
            }
            // Unbuffered, so each target's line shows as it ends, also through a pipe.
            FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            clean = clean && result.isClean
        }
        if !clean { throw ExitCode(1) }
    }

    /// `--reproduce FILE TARGET`: one input, in this process, with its verdict and time.
    private func runOne(_ path: String, target: String, output: URL) throws {
        guard let input = FileManager.default.contents(atPath: path) else {
            throw ValidationError("cannot read \(path)")
        }
        let surface = try FuzzTargets.make(target, corpus: try corpus(), scratch: output.appendingPathComponent(".sandbox-\(target)"))
        let began = ContinuousClock.now
        let verdict = surface.run(Array(input))
        print("\(target): \(verdict) in \(ContinuousClock.now - began)")
        if case .brokenPromise = verdict { throw ExitCode(1) }
    }

    /// The checkout whose files are the seeds.
    private func corpus() throws -> SeedCorpus {
        let starts =
            checkout.map { [URL(fileURLWithPath: $0)] }
            ?? [
                URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent(),
                URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            ]
        guard let corpus = SeedCorpus.locateCheckout(from: starts) else {
            throw FuzzSetupError("no Diorama checkout (Package.swift and Configs/scenarios) above \(starts.map(\.path)); pass --checkout")
        }
        return corpus
    }

    /// The child side: runs the target in this process and exits with the
    /// campaign's status (a crash or the hang watchdog ends it earlier).
    private func runCampaign(_ name: String, output: URL) -> Never {
        do {
            let seeds = try corpus()
            let surface = try FuzzTargets.make(name, corpus: seeds, scratch: output.appendingPathComponent(".sandbox-\(name)"))
            guard !surface.seeds.isEmpty else { throw FuzzSetupError("no seed files for \(name) in \(seeds.root.path)") }
            let fuzz = FuzzCampaign(
                surface: surface, seed: seed, currentInput: output.appendingPathComponent(".\(name).current"),
                findings: output, hangTimeout: .seconds(hangTimeout))
            let summary = try fuzz.run(
                from: start, to: iterations ?? Int.max,
                deadline: seconds.map { ContinuousClock.now + .seconds($0) })
            print(summary.line)
            Foundation.exit(FuzzExitStatus.finished)
        } catch {
            FileHandle.standardError.write(Data("diorama-fuzz: \(error)\n".utf8))
            Foundation.exit(FuzzExitStatus.setupFailed)
        }
    }
}

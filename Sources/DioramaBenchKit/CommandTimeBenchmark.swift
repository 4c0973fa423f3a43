import DioramaPOSIX
import Foundation

/// Issue 19's wall-clock targets for whole `diorama` commands, timed as a
/// user runs them: the release `diorama` as its own process, from spawn to
/// exit, `runs` times each, one after the other:
/// - the shipped scenario suite (`diorama run --jobs 2 Configs/scenarios`,
///   then the same serially), every expectation as written;
/// - `diorama check -- foot` (the battery on foot, as `make compatibility`
///   runs it).
///
/// A run counts only when the command succeeded (exit 0: every expectation
/// held, every check passed); otherwise the command's figure is withheld
/// and the failure named, since a fast failing suite proves nothing.
enum CommandTimeBenchmark {
    static func run(runs: Int, productsDirectory: URL, packageRoot: URL) -> CommandTimesSection {
        guard runs > 0 else { return CommandTimesSection(unavailable: "skipped (0 runs asked)", runs: 0, commands: []) }
        let diorama = productsDirectory.appendingPathComponent("diorama").path
        guard FileManager.default.isExecutableFile(atPath: diorama) else {
            return CommandTimesSection(unavailable: "\(diorama) not built; swift build -c release --product diorama", runs: runs, commands: [])
        }
        guard let foot = ProgramRunner.which("foot") else {
            return CommandTimesSection(unavailable: "foot not found; apt-get install foot", runs: runs, commands: [])
        }
        let scenarios = packageRoot.appendingPathComponent("Configs/scenarios").path
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-bench-commands-\(getpid())")
        defer { try? FileManager.default.removeItem(at: output) }
        let commands: [(name: String, target: Double, arguments: [String])] = [
            ("shipped suite, --jobs 2", 4, ["run", "--jobs", "2", scenarios]),
            ("shipped suite, serially", 8, ["run", scenarios]),
            ("check -- foot", 5, ["check", "--output", output.path, "--", foot, "/bin/sh", "-c", "sleep 600"]),
        ]
        var results = commands.map { CommandTime(name: $0.name, command: (["diorama"] + $0.arguments).joined(separator: " "), targetSeconds: $0.target) }
        // Round-robin, so a burst of load from the neighbours spreads over
        // every command instead of landing on one.
        for _ in 0..<runs {
            for (index, command) in commands.enumerated() where results[index].failure == nil {
                let start = ProcessResources.monotonicNanoseconds()
                do {
                    let process = try SpawnedProcess(
                        executable: diorama, arguments: command.arguments, environment: ProcessInfo.processInfo.environment,
                        standardOutput: .null, standardError: .null)
                    let ended = process.waitForExit()
                    guard ended == .exited(0) else {
                        results[index].failure = "`\(results[index].command)` \(ended); run it to see why"
                        continue
                    }
                    results[index].seconds.append(Double(ProcessResources.monotonicNanoseconds() - start) / 1e9)
                } catch {
                    results[index].failure = "\(error)"
                }
            }
        }
        return CommandTimesSection(unavailable: nil, runs: runs, commands: results)
    }
}

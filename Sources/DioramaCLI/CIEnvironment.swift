import ArgumentParser
import DioramaModel
import DioramaScenarios
import Foundation
import Glibc

/// What `diorama run`, `diorama check` and `diorama merge` take from the CI
/// system they run under: the shard (`--shard`, else the CI's variables),
/// Bazel's test protocol, the machine's name, and GitHub's job summary.
enum CIEnvironment {
    static var variables: [String: String] { ProcessInfo.processInfo.environment }

    /// The shard a command runs: `--shard` when given, else the first CI
    /// convention set (Bazel, GitLab CI, CircleCI, Buildkite), else none.
    /// Prints which source chose it, since a job's log should say why it ran
    /// the part it ran (on stderr when stdout is a report, as `check --json`'s
    /// is), and acknowledges sharding to Bazel.
    ///
    /// - Throws: exit code 2 after a line naming the variables when they are
    ///   set but do not make a shard.
    static func shard(option: String?, command: String, announceOnStandardError: Bool = false) throws -> Shard? {
        let choice: ShardChoice?
        do throws(ShardError) {
            choice = try ShardConvention.choose(option: option, environment: variables)
        } catch {
            var standardError = StandardError()
            print("diorama \(command): \(error)", to: &standardError)
            throw DioramaExitCode.badInput
        }
        guard let choice else { return nil }
        if announceOnStandardError {
            var standardError = StandardError()
            print("diorama \(command): \(choice)", to: &standardError)
        } else {
            print("diorama \(command): \(choice)")
        }
        try acknowledgeBazelSharding(command: command)
        return choice.shard
    }

    /// `--shard`'s syntax, checked with the other options (usage errors).
    static func validateShardOption(_ text: String?) throws {
        guard let text else { return }
        do throws(ShardError) { _ = try Shard(parsing: text) } catch { throw ValidationError("--shard: \(error)") }
    }

    /// Bazel asks a sharded test to touch `TEST_SHARD_STATUS_FILE`, to show it
    /// runs only its shard (otherwise every shard would run everything).
    private static func acknowledgeBazelSharding(command: String) throws {
        guard let path = variables["TEST_SHARD_STATUS_FILE"], !path.isEmpty else { return }
        let file = try openForAppending(path, variable: "TEST_SHARD_STATUS_FILE", command: command)
        close(file.descriptor)
    }

    /// Opens the file a CI variable names to add to it (created when
    /// missing), refusing what is not that: a link to nothing (its target
    /// would be made wherever it points) and a FIFO no process reads (the
    /// open would wait forever).
    private static func openForAppending(_ path: String, variable: String, command: String) throws -> DescriptorWriter {
        func refuse(_ reason: String) -> ExitCode {
            var standardError = StandardError()
            print("diorama \(command): cannot write \(variable) \(path): \(reason)", to: &standardError)
            return DioramaExitCode.badInput
        }
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK, stat(path, &status) != 0 {
            throw refuse("it is a symbolic link to nothing (\(String(cString: strerror(errno)))); point it at a file or unset \(variable)")
        }
        do {
            return try DescriptorWriter.openForWriting(path, appending: true)
        } catch {
            if error.code == ENXIO { throw refuse("it is a FIFO that no process is reading; start the reader first") }
            throw refuse(String(cString: strerror(error.code)))
        }
    }

    /// Where Bazel wants a test's JUnit XML (`XML_OUTPUT_FILE`), used when
    /// the command line names no `--junit` file of its own.
    static var bazelJUnitPath: String? {
        variables["XML_OUTPUT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// This machine's host name, recorded with each result so a merged
    /// report says where it ran; nil when the system has none.
    static var machine: String? {
        var buffer = [UInt8](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }

    /// `--format github`: prints the failures as workflow annotations and,
    /// when `GITHUB_STEP_SUMMARY` names a file, appends the full list there.
    ///
    /// - Throws: exit code 2 when the summary file cannot be written.
    static func emitGitHub(_ report: GitHubReport, command: String) throws {
        print(report.annotations, terminator: "")
        guard let path = variables["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return }
        // GitHub's summary file collects every step's Markdown: append, never replace.
        let summary = try openForAppending(path, variable: "GITHUB_STEP_SUMMARY", command: command)
        defer { close(summary.descriptor) }
        do {
            try summary.write(report.summary)
        } catch {
            var standardError = StandardError()
            print("diorama \(command): cannot write GITHUB_STEP_SUMMARY \(path): \(error)", to: &standardError)
            throw DioramaExitCode.badInput
        }
    }
}

/// The reports `diorama run` and `diorama merge` write: the same files in
/// the same formats (a merge's HTML is its backend matrix).
struct ReportOptions: ParsableArguments {
    @Option(help: "Write a JUnit XML report here (one test case per expectation clause).")
    var junit: String?

    @Option(help: "Write the results as JSON here (Docs/scenario-reports.md; what diorama merge reads).")
    var json: String?

    @Option(
        help: ArgumentHelp(
            "Write an HTML report into this folder (a run's: layout drawing, window paths, timeline, screenshots; a merge's: a row per scenario, a column per backend).",
            valueName: "DIR"))
    var report: String?

    @Option(help: "console, or github: also GitHub Actions annotations of failures and a job summary.")
    var format: ResultsFormat = .console

    /// Refuses, before anything runs or is written, a report path that is one
    /// of the command's `inputs` or another report's path
    /// (``OutputPathConflicts``); `junit` is the JUnit path in effect
    /// (`run` falls back to Bazel's `XML_OUTPUT_FILE`).
    ///
    /// - Throws: exit code 2 after a line per clash and one saying what
    ///   was not done (`notDone`).
    func refuseConflicts(junit: String?, inputs: [(kind: String, path: String)], command: String, notDone: String) throws {
        var outputs: [OutputPathConflicts.Output] = []
        if let junit { outputs.append(.init(option: self.junit == nil ? "XML_OUTPUT_FILE" : "--junit", path: junit)) }
        if let json { outputs.append(.init(option: "--json", path: json)) }
        if let report { outputs.append(.init(option: "--report", path: report + "/index.html")) }
        let problems = OutputPathConflicts.problems(outputs: outputs, inputs: inputs)
        guard !problems.isEmpty else { return }
        var standardError = StandardError()
        for problem in problems { print("diorama \(command): \(problem)", to: &standardError) }
        print("diorama \(command): \(notDone)", to: &standardError)
        throw DioramaExitCode.badInput
    }
}

/// `--format` of `diorama run` and `diorama merge`: what goes to standard
/// output besides the console report.
enum ResultsFormat: String, CaseIterable, ExpressibleByArgument {
    /// The console report only.
    case console
    /// Also GitHub Actions annotations and the job summary.
    case github
}

import ArgumentParser
import DioramaModel
import DioramaScenarios
import Foundation

/// `diorama merge RESULTS…`: one report from the `--json` results of several
/// runs (CI shards, backends, machines). ``MergedResults`` checks and combines
/// them; this writes the reports and picks the exit status.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the JSON results of CI shards and backends into one JUnit, JSON and HTML report.",
        discussion: """
            Reads the --json file each run wrote (one per shard of a CI matrix, on any backend) \
            and writes one report as if a single run had run them all: JUnit and JSON in the \
            order an unsharded run gives, and an HTML page with a row per scenario and a column \
            per backend. Each scenario keeps the shard, backend and machine that ran it.

            The files must fit together: per backend, every shard of one split exactly once \
            (or one whole-suite run), and no scenario twice on a backend. Otherwise nothing is \
            written and each problem is printed, naming the file, shard or scenario.

            Exit status: 0 every scenario passed (or was skipped), 1 one failed on some backend, \
            2 bad usage or results that do not fit together (a shard missing or given twice, a \
            scenario that ran twice, a file that is not a results document).

            Examples:
              diorama merge shard-*/results.json --junit merged.xml --json merged.json \\
                  --report merged/
              diorama merge sim-*.json sway-*.json --format github
                  annotate failures, fill the job summary
            """)

    @Argument(help: ArgumentHelp("The results files (diorama run --json) to merge.", valueName: "RESULTS"))
    var results: [String] = []

    @OptionGroup var reports: ReportOptions

    func validate() throws {
        guard !results.isEmpty else {
            throw ValidationError("no results files; pass the --json file of each run, e.g. diorama merge shard-*/results.json")
        }
    }

    func run() throws {
        try reports.refuseConflicts(
            junit: reports.junit, inputs: results.map { ("the results file", $0) }, command: "merge",
            notDone: "nothing was written")
        var standardError = StandardError()
        let merged: MergedResults
        do throws(MergeError) {
            merged = try MergedResults.load(results)
        } catch {
            for problem in error.problems { print("diorama merge: \(problem)", to: &standardError) }
            print("diorama merge: nothing was written", to: &standardError)
            throw DioramaExitCode.badInput
        }
        // Each report named in its failure: a failure on its folder names only the folder.
        func write(_ path: String, _ body: () throws -> String) throws {
            do {
                print("wrote \(try body())")
            } catch {
                let reason = (error as? OutputFileFailure)?.reason ?? error.localizedDescription
                print("diorama merge: cannot write the report \(path): \(reason)", to: &standardError)
                throw DioramaExitCode.badInput
            }
        }
        if let junit = reports.junit {
            try write(junit) {
                try OutputFileWriter.write(merged.junit().utf8, to: junit)
                return junit
            }
        }
        if let json = reports.json {
            try write(json) {
                try OutputFileWriter.write(merged.json(), to: json)
                return json
            }
        }
        if let report = reports.report {
            try write(report) { try MatrixHTMLReport.write(merged, to: report) }
        }
        let failed = merged.failedCount
        print(
            "\(failed == 0 ? "✓" : "✗") \(merged.scenarioCount) scenario results from \(results.count) file\(results.count == 1 ? "" : "s") on \(merged.backends.joined(separator: ", ")): \(failed) failed"
        )
        if reports.format == .github { try CIEnvironment.emitGitHub(GitHubReport(merged), command: "merge") }
        if failed > 0 { throw DioramaExitCode.checkFailed }
    }
}

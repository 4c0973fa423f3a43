import ArgumentParser
import DioramaCheck
import DioramaModel
import DioramaScenarios
import DioramaSimulator
import Foundation

/// `diorama check -- COMMAND…`: the compatibility battery on one client
/// (``CheckBattery`` in `DioramaCheck` does the work; this parses, prints
/// and picks the exit status).
///
/// Exit status: 0 every check passed or did not apply, 1 a check failed,
/// 2 bad usage or the client could not start.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Grade how a Wayland client follows scale changes, moves, rotation, hot-plug and resizes.",
        discussion: """
            Starts the simulator, runs COMMAND under it as a real process, and puts its first window \
            through a fixed battery: first frame at 2x, moves between 1x and 2x, a 1.5x display, a \
            rescale under the window, a rotation, plugging and unplugging displays (the one it is on \
            too), an interactive resize and its minimum size. Prints a verdict per check with the \
            reaction time and stale frames; failures get screenshots in --output. With --on NAME the \
            same battery runs on that real compositor, started headless; a check it cannot do is \
            skipped with the reason. See Docs/check.md.

            In CI, --shard i/n (or the CI's shard variables, as for diorama run) runs only \
            that shard's checks, dealt round-robin in battery order, each shard on its own \
            simulator and client; under Bazel the JUnit report also goes to XML_OUTPUT_FILE.

            Examples:
              diorama check -- foot
              diorama check --junit -- weston-simple-shm > check.xml
              diorama check --layout laptop --profile sway-1.7 --json -- ./build/MyApp
              diorama check --on kwin -- foot
            """)

    @Option(name: .long, help: ArgumentHelp("A layout name (Configs/displays/NAME.json) or a layout file.", valueName: "NAME|PATH"))
    var layout = "studio"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "What the simulator offers (default modern; not with --on): \(CompositorProfile.all.map(\.name).joined(separator: ", ")).",
            valueName: "NAME"))
    var profile: String?

    @Option(
        name: .customLong("on"),
        help: ArgumentHelp(
            "Run the battery on a real compositor, started headless: sway, weston, kwin or mutter (default: the simulator).",
            valueName: "NAME"))
    var stage: String?

    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp(
            "Run the battery N times, each on a fresh compositor and client; a check whose verdict changes is reported unstable.",
            valueName: "N"))
    var runs = 1

    @Flag(name: .long, help: "Print the report as JSON (schema in Docs/check.md).")
    var json = false

    @Flag(name: .long, help: "Print the report as JUnit XML, one test case per check.")
    var junit = false

    @Option(name: .long, help: ArgumentHelp("Where screenshots of failures and the client's output go.", valueName: "DIR"))
    var output = "diorama-check-report"

    @Option(name: .long, help: ArgumentHelp("Seconds the client gets to show a window with a frame.", valueName: "SECONDS"))
    var startTimeout = 30

    @Option(name: .long, help: ArgumentHelp("Seconds the client gets to answer each change.", valueName: "SECONDS"))
    var timeout = 5

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Also write this client's row into the table between the compatibility-table markers of FILE.",
            valueName: "FILE"))
    var markdownTable: String?

    @Option(name: .long, help: ArgumentHelp("The client's name in that table (default: the program's file name).", valueName: "NAME"))
    var name: String?

    @Option(name: .long, help: ArgumentHelp("The package column of that table, e.g. \"foot 1.13.1\".", valueName: "TEXT"))
    var package = "—"

    @Option(help: ArgumentHelp("Run only this CI shard's checks of the battery; without it, the CI's shard variables decide.", valueName: "i/n"))
    var shard: String?

    @Argument(parsing: .postTerminator, help: ArgumentHelp("The client to check, and its arguments.", valueName: "COMMAND"))
    var command: [String] = []

    func validate() throws {
        guard !command.isEmpty else { throw ValidationError("no client to check; put its command after --, e.g. diorama check -- foot") }
        if let profile, CompositorProfile.named(profile) == nil {
            throw ValidationError("--profile must be one of \(CompositorProfile.all.map(\.name).joined(separator: ", ")), got \"\(profile)\"")
        }
        if let stage, BackendKind(rawValue: stage) == nil || stage == BackendKind.sim.rawValue {
            throw ValidationError("--on must be sway, weston, kwin or mutter (the simulator runs without --on), got \"\(stage)\"")
        }
        if let stage, let profile {
            throw ValidationError(
                "--profile \(profile) chooses what the simulator offers; with --on \(stage) the real compositor is the profile: drop one of them")
        }
        guard !(json && junit) else { throw ValidationError("--json and --junit both print the report; choose one") }
        guard (1...3600).contains(startTimeout) else { throw ValidationError("--start-timeout must be 1…3600 seconds, got \(startTimeout)") }
        guard (1...10).contains(runs) else { throw ValidationError("--repeat must be 1…10 runs, got \(runs)") }
        guard (1...600).contains(timeout) else { throw ValidationError("--timeout must be 1…600 seconds, got \(timeout)") }
        try CIEnvironment.validateShardOption(shard)
    }

    func run() throws {
        var standardError = StandardError()
        let shard = try CIEnvironment.shard(option: self.shard, command: "check", announceOnStandardError: true)
        if shard != nil, markdownTable != nil {
            print("diorama check: --markdown-table needs the whole battery for its row; run it without a shard", to: &standardError)
            throw DioramaExitCode.badInput
        }
        let layoutValue: DisplayLayout
        do {
            layoutValue = try DisplayLayout.load(named: layout)
        } catch {
            print("diorama check: \(error)", to: &standardError)
            throw DioramaExitCode.badInput
        }
        let configuration = CheckConfiguration(
            command: command, layout: layoutValue, layoutName: layout,
            profile: CompositorProfile.named(profile ?? CompositorProfile.modern.name)!, outputDirectory: output,
            startTimeout: .seconds(startTimeout), answerTimeout: .seconds(timeout), shard: shard,
            stage: stage.flatMap(BackendKind.init(rawValue:)))
        let outcome: Result<CheckReport, CheckError> = ScenarioSession.blocking {
            do throws(CheckError) {
                var reports: [CheckReport] = []
                for _ in 0..<runs { reports.append(try await CheckBattery.run(configuration)) }
                return .success(CheckReport.merging(reports))
            } catch {
                return .failure(error)
            }
        }
        let report: CheckReport
        switch outcome {
        case .success(let value): report = value
        case .failure(let error):
            print("diorama check: \(error)", to: &standardError)
            throw DioramaExitCode.badInput
        }
        if json {
            print(CheckReportFormat.json(report), terminator: "")
        } else if junit {
            print(CheckReportFormat.junit(report), terminator: "")
        } else {
            print(CheckReportFormat.console(report), terminator: "")
        }
        if let path = CIEnvironment.bazelJUnitPath {
            do throws(OutputFileFailure) {
                try OutputFileWriter.write(CheckReportFormat.junit(report).utf8, to: path)
            } catch {
                print("diorama check: cannot write XML_OUTPUT_FILE \(path): \(error.reason)", to: &standardError)
                throw DioramaExitCode.badInput
            }
        }
        if let markdownTable {
            let client = name ?? URL(fileURLWithPath: command[0]).lastPathComponent
            do {
                try CompatibilityTable.update(
                    markdownTable, header: CheckReportFormat.markdownHeader(report),
                    row: CheckReportFormat.markdownRow(report, client: client, package: package),
                    client: client)
            } catch {
                print("diorama check: \(error)", to: &standardError)
                throw DioramaExitCode.badInput
            }
        }
        if !report.allPassed { throw DioramaExitCode.checkFailed }
    }
}

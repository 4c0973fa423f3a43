import ArgumentParser
import DioramaCheck
import DioramaModel
import DioramaPOSIX
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

            --explore runs the battery under legal variations of what the simulator tells the \
            client (physical sizes of 0, -1 or huge, outputs without names, scales 1.25 to 3, \
            negative positions, the preferred scale before enter, …), each alone and then in \
            seeded random combinations, and writes a scenario for each variation that changes the \
            outcome and reproduces; see Docs/explore.md. A profile may name variations after a +: \
            --profile modern+physical-size-minus-1.

            Examples:
              diorama check -- foot
              diorama check --explore --seed 7 --time 120 --explore-out findings -- foot
              diorama check --junit -- weston-simple-shm > check.xml
              diorama check --layout laptop --profile sway-1.7 --json -- ./build/MyApp
              diorama check --on kwin -- foot
            """)

    @Option(name: .long, help: ArgumentHelp("A layout name (Configs/displays/NAME.json) or a layout file.", valueName: "NAME|PATH"))
    var layout = "studio"

    @Option(help: RefreshOption.help(overriding: "the layout's"))
    var refresh: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "What the simulator offers (default modern; not with --on): \(CompositorProfile.all.map(\.name).joined(separator: ", ")), "
                + "optionally with variations after + (modern+scale-3).",
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

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Seconds the client gets to answer each change (default 5; 2 with --explore, which runs the battery many times).",
            valueName: "SECONDS"))
    var timeout: Int?

    /// `--timeout`, else 5 s for one battery and 2 s for `--explore`'s many
    /// (a candidate finding is confirmed by a second run and its scenario,
    /// so a slow answer cut short is not reported).
    private var answerSeconds: Int { timeout ?? (explore ? 2 : 5) }

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

    @Flag(name: .long, help: "Run the battery under each variation alone, then seeded random combinations (Docs/explore.md).")
    var explore = false

    @Option(name: .long, help: ArgumentHelp("The seed of --explore's random combinations.", valueName: "S"))
    var seed: UInt64 = 1

    @Option(name: .long, help: ArgumentHelp("How many random combinations --explore tries (default 8, or no limit with --time).", valueName: "N"))
    var budget: Int?

    @Option(name: .long, help: ArgumentHelp("Seconds after which --explore starts no new battery run.", valueName: "SECONDS"))
    var time: Int?

    @Option(name: .long, help: ArgumentHelp("Where --explore writes a scenario per finding.", valueName: "DIR"))
    var exploreOut = "diorama-explore-findings"

    @Argument(parsing: .postTerminator, help: ArgumentHelp("The client to check, and its arguments.", valueName: "COMMAND"))
    var command: [String] = []

    func validate() throws {
        guard !command.isEmpty else { throw ValidationError("no client to check; put its command after --, e.g. diorama check -- foot") }
        if try !variedProfile().variations.isEmpty, explore {
            throw ValidationError(
                "--explore varies the profile itself; give --profile without variations (\((profile ?? "modern").split(separator: "+")[0]))")
        }
        if !explore, budget != nil || time != nil {
            throw ValidationError("--budget and --time limit --explore; add --explore")
        }
        if let budget, !(0...10_000).contains(budget) { throw ValidationError("--budget must be 0…10000 combinations, got \(budget)") }
        if let time, !(1...86_400).contains(time) { throw ValidationError("--time must be 1…86400 seconds, got \(time)") }
        if explore, shard != nil {
            throw ValidationError("--explore runs the whole battery many times; it takes no --shard")
        }
        if explore, let stage {
            throw ValidationError("--explore varies what the simulator sends; it does not run --on \(stage)")
        }
        if explore, runs != 1 {
            throw ValidationError("--explore confirms each finding itself; it takes no --repeat")
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
        guard (1...600).contains(answerSeconds) else { throw ValidationError("--timeout must be 1…600 seconds, got \(answerSeconds)") }
        try CIEnvironment.validateShardOption(shard)
        _ = try RefreshOption.milliHz(refresh)
    }

    /// The base profile and the variations `--profile` names (`modern+scale-3`).
    private func variedProfile() throws -> (profile: CompositorProfile, variations: [ExplorationVariation]) {
        let split: (base: String, variations: [ExplorationVariation])
        do {
            split = try ExplorationVariation.split(profileName: profile ?? CompositorProfile.modern.name)
        } catch {
            throw ValidationError("--profile \(profile ?? CompositorProfile.modern.name): \(error)")
        }
        guard let base = CompositorProfile.named(split.base) else {
            throw ValidationError(
                "--profile must be one of \(CompositorProfile.all.map(\.name).joined(separator: ", ")) (with variations after +), got \"\(split.base)\"")
        }
        return (base, split.variations)
    }

    func run() throws {
        ExitCleanup.stopOnTerminationSignals()
        var standardError = StandardError()
        let shard = try CIEnvironment.shard(option: self.shard, command: "check", announceOnStandardError: true)
        if shard != nil, markdownTable != nil {
            print("diorama check: --markdown-table needs the whole battery for its row; run it without a shard", to: &standardError)
            throw DioramaExitCode.badInput
        }
        let layoutValue: DisplayLayout
        do {
            layoutValue = try DisplayLayout.load(named: layout).refreshing(at: RefreshOption.milliHz(refresh))
        } catch {
            print("diorama check: \(error)", to: &standardError)
            throw DioramaExitCode.badInput
        }
        let (baseProfile, variations) = try variedProfile()
        let (variedProfile, variedLayout) = ExplorationVariation.applying(variations, to: baseProfile, layout: layoutValue)
        let configuration = CheckConfiguration(
            command: command, layout: variedLayout, layoutName: layout,
            profile: variedProfile, outputDirectory: output,
            startTimeout: .seconds(startTimeout), answerTimeout: .seconds(answerSeconds), shard: shard,
            stage: stage.flatMap(BackendKind.init(rawValue:)))
        if explore { return try runExploration(configuration) }
        let runs = runs
        let report = try Self.blockingReport("diorama check") { () async throws(CheckError) in
            var reports: [CheckReport] = []
            for _ in 0..<runs { reports.append(try await CheckBattery.run(configuration)) }
            return CheckReport.merging(reports)
        }
        if json {
            print(CheckReportFormat.json(report), terminator: "")
        } else if junit {
            print(CheckReportFormat.junit(report), terminator: "")
        } else {
            print(CheckReportFormat.console(report), terminator: "")
        }
        try Self.writeBazelJUnit(CheckReportFormat.junit(report), "diorama check")
        try writeTableRow(header: CheckReportFormat.markdownHeader(report)) { client in
            CheckReportFormat.markdownRow(report, client: client, package: package)
        }
        if !report.allPassed { throw DioramaExitCode.checkFailed }
    }

    /// With `--markdown-table FILE`: this client's row (`row` is given its
    /// name) into FILE's table under `header`.
    private func writeTableRow(header: String, row: (String) -> String) throws {
        guard let markdownTable else { return }
        let client = name ?? URL(fileURLWithPath: command[0]).lastPathComponent
        do {
            try CompatibilityTable.update(markdownTable, header: header, row: row(client), client: client)
        } catch {
            var standardError = StandardError()
            print("diorama check: \(error)", to: &standardError)
            throw DioramaExitCode.badInput
        }
    }

    /// `--explore`: the campaign, its report on stdout, exit 1 when it found something.
    private func runExploration(_ check: CheckConfiguration) throws {
        let configuration = ExploreConfiguration(
            check: check, seed: seed, combinationBudget: budget ?? (time == nil ? 8 : nil),
            timeLimit: time.map { .seconds($0) }, findingsDirectory: exploreOut)
        let report = try Self.blockingReport("diorama check --explore") { () async throws(CheckError) in
            try await ExploreCampaign.run(configuration)
        }
        let text = json ? ExploreReportFormat.json(report) : junit ? ExploreReportFormat.junit(report) : ExploreReportFormat.console(report)
        print(text, terminator: "")
        try Self.writeBazelJUnit(ExploreReportFormat.junit(report), "diorama check --explore")
        try writeTableRow(header: ExploreReportFormat.markdownHeader) { client in
            ExploreReportFormat.markdownRow(report, client: client, package: package)
        }
        if !report.isClean { throw DioramaExitCode.checkFailed }
    }

    /// Runs `work` (a battery or a campaign) to completion; a ``CheckError``
    /// is printed after `command` and ends the command with exit 2.
    private static func blockingReport<Report: Sendable>(
        _ command: String, _ work: @escaping @Sendable () async throws(CheckError) -> Report
    ) throws -> Report {
        let outcome: Result<Report, CheckError> = ScenarioSession.blocking {
            do throws(CheckError) {
                return .success(try await work())
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let report): return report
        case .failure(let error):
            var standardError = StandardError()
            print("\(command): \(error)", to: &standardError)
            throw DioramaExitCode.badInput
        }
    }

    /// Under Bazel (`XML_OUTPUT_FILE` set), the JUnit report is also written there.
    private static func writeBazelJUnit(_ junit: String, _ command: String) throws {
        guard let path = CIEnvironment.bazelJUnitPath else { return }
        do throws(OutputFileFailure) {
            try OutputFileWriter.write(junit.utf8, to: path)
        } catch {
            var standardError = StandardError()
            print("\(command): cannot write XML_OUTPUT_FILE \(path): \(error.reason)", to: &standardError)
            throw DioramaExitCode.badInput
        }
    }
}

import DioramaModel
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

@testable import DioramaCheck

/// `diorama check --explore` end to end (issue 20): the real binary, the
/// simulator inside it, real clients as real processes, the written
/// scenario run again by `diorama run`.
@Suite(.serialized, .ownThreads(longChain: .seconds(33))) struct ExploreCommandTests {
    /// The campaigns' layout: studio's three parts (1x, 2x, 1.5x, left to
    /// right) with a 2560x1440 display at 2x instead of the 5K one. What
    /// these tests check is the campaign, not the layout; on studio the
    /// battery's `rotate` maximizes the client on the 5K display, and the
    /// two 59 MB buffers it draws there were about half of TimerApp's CPU
    /// in each battery run (0.22 s against 0.11 s), of which a campaign
    /// runs a dozen or more.
    static let campaignLayout = """
        {
          "description": "studio with a 2560x1440 display at 2x",
          "displays": [
            {"name": "DP-1", "make": "Diorama", "model": "Monitor 24 FHD", "scale": 1,
             "mode": {"width": 1920, "height": 1080, "refreshMilliHz": 60000},
             "position": {"x": 0, "y": 0}, "physicalSizeMM": {"width": 527, "height": 296}},
            {"name": "DP-2", "make": "Diorama", "model": "Monitor 27 QHD", "scale": 2,
             "mode": {"width": 2560, "height": 1440, "refreshMilliHz": 60000},
             "position": {"x": 1920, "y": 0}, "physicalSizeMM": {"width": 597, "height": 336}},
            {"name": "HDMI-A-1", "make": "Diorama", "model": "Monitor 15.6 Portable", "scale": 1.5,
             "mode": {"width": 2880, "height": 1620, "refreshMilliHz": 60000},
             "position": {"x": 3200, "y": 0}, "physicalSizeMM": {"width": 344, "height": 194}}
          ]
        }
        """

    /// `diorama check --explore --json` with `options` on `command`, on
    /// ``campaignLayout``, its report and findings folders fresh and removed
    /// afterwards; the findings folder's scenarios are returned by name with
    /// their text.
    static func explore(
        _ options: [String], _ command: [String]
    ) throws -> (result: ChildProcessResult, report: ExploreReport, scenarios: [String: String], rerun: ChildProcessResult?) {
        let base = NSTemporaryDirectory() + "diorama-explore-test-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        let layout = base + "/campaign-layout.json"
        try campaignLayout.write(toFile: layout, atomically: true, encoding: .utf8)
        let result = try DioramaCommandLine.run(
            ["check", "--explore", "--json", "--layout", layout, "--output", base + "/report", "--explore-out", base + "/findings"]
                + options + ["--"] + command,
            // A private XDG_STATE_HOME: TimerApp restores its saved window, and
            // one another run left huge in the user's must not decide its baseline.
            environment: DioramaCommandLine.environment(["XDG_STATE_HOME": base + "/state"]), timeout: 500)
        let report = try JSONDecoder().decode(ExploreReport.self, from: Data(result.standardOutput.utf8))
        var scenarios: [String: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: base + "/findings")) ?? [] {
            scenarios[name] = try String(contentsOfFile: base + "/findings/" + name, encoding: .utf8)
        }
        // Run the first finding's scenario while it is still on disk.
        let rerun = try report.findings.first?.scenario.map { path in
            try DioramaCommandLine.run(
                ["run", path, "--work-dir", base + "/work"], environment: DioramaCommandLine.environment([:]), timeout: 120)
        }
        return (result, report, scenarios, rerun)
    }

    /// Not told where to look, the campaign finds that foot 1.13 dies of
    /// SIGFPE on -1 mm outputs (as under KWin 5.27), writes a scenario with
    /// `vary: physical-size-minus-1`, and `diorama run` of it kills foot again.
    @Test(.timeLimit(.minutes(10)))
    func findsFootsSIGFPEOnMinusOneMillimetreAndWritesAReproducingScenario() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/foot"), "install foot: apt-get install foot")
        let (result, report, scenarios, rerun) = try Self.explore(["--budget", "2"], ["foot", "/bin/sh", "-c", "sleep 600"])
        #expect(result.status == 1, "a finding exits 1; stderr: \(result.standardError)")
        #expect(report.baseline.failures.isEmpty, "foot passes the battery without variations: \(report.baseline)")
        let singles = report.runs.filter { $0.phase == .single }.map(\.variations)
        #expect(singles == ExplorationVariation.allCases.map { [$0.rawValue] }, "every variation ran alone, in order")
        let finding = try #require(report.findings.first { $0.variations == ["physical-size-minus-1"] }, "\(report.findings)")
        #expect(finding.symptom == .crash)
        #expect(finding.check == "first-frame-2x")
        #expect(finding.crash?.exit == "killed by signal \(SIGFPE)")
        #expect(report.findings.count == 1, "only -1 mm kills foot: \(report.findings)")
        let scenario = try #require(scenarios["physical-size-minus-1.scenario"], "written: \(scenarios.keys)")
        #expect(scenario.contains("\nvary: physical-size-minus-1\n"))
        #expect(scenario.contains("launch command \"'foot' '/bin/sh' '-c' 'sleep 600'\" as client"))
        let run = try #require(rerun)
        #expect(run.status == 1, "the scenario fails again: \(run.standardOutput) \(run.standardError)")
        #expect((run.standardOutput + run.standardError).contains("killed by signal \(SIGFPE)"), "\(run.standardOutput)")
    }

    /// TimerApp follows every variation: a campaign reports nothing, and the
    /// combinations it tried are the first draws of its seed (what a seed
    /// draws, and that another draws others, `ExploreCombinationDrawsTests`).
    @Test(.timeLimit(.minutes(10)))
    func aDioramaAppThatFollowsEveryVariationGetsACleanReportAndTriesItsSeedsDraws() throws {
        let timer = try TestExecutable.locate("TimerApp").path
        let (result, report, scenarios, _) = try Self.explore(["--seed", "5", "--budget", "3"], [timer])
        #expect(result.status == 0, "clean: \(report.findings) \(report.runs.filter { !$0.failures.isEmpty })")
        #expect(report.baseline.failures.isEmpty, "it passes every check, so every variation is explored: \(report.baseline)")
        #expect(report.findings.isEmpty && scenarios.isEmpty)
        #expect(report.seed == 5)
        let combinations = report.runs.filter { $0.phase == .combination }.map(\.variations)
        let drawn = ExploreCampaign.CombinationDraws(of: ExplorationVariation.allCases, seed: 5).prefix(3).map { $0.map(\.rawValue) }
        #expect(combinations == drawn, "every variation was quiet, so the campaign tried seed 5's first three draws")
    }

    /// SDL 2.26's testsprite2 dies of SIGSEGV on a `wl_surface.enter`
    /// naming an output it destroyed on `global_remove` (the NULL of kitty
    /// #10363). A scenario that plugs a display and unplugs it at once shows
    /// it only if SDL had bound the new output by the unplug, and if the
    /// unplug step waits until SDL handled its events: both steps ping every
    /// window's client and settling waits for the pongs, so the scenario
    /// fails under `enter-for-removed-output` and passes without it, as a
    /// finding's scenario must (before, it passed either way).
    @Test(.timeLimit(.minutes(10)))
    func aPlugStepLetsClientsBindTheOutputBeforeTheNextStep() throws {
        let folder = "/usr/libexec/installed-tests/SDL2"
        try #require(FileManager.default.isExecutableFile(atPath: folder + "/testsprite2"), "install libsdl2-tests")
        let base = NSTemporaryDirectory() + "diorama-plug-ping-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        for (vary, expectedStatus) in [("vary: enter-for-removed-output\n", Int32(1)), ("", 0)] {
            let path = base + "/plug-unplug-\(expectedStatus).scenario"
            let scenario = """
                display DP-1 1920x1080 scale 1 at 0,0
                display DP-2 3840x2160 scale 2 at 1920,0
                profile: modern
                \(vary)launch command "/bin/sh -c 'cd \(folder) && SDL_VIDEODRIVER=wayland SDL_RENDER_DRIVER=software exec ./testsprite2 --allow-highdpi'" as client
                window w = client
                move w to DP-1
                plug display CHECK-1 1280x720 scale 1 at 3840,0
                unplug CHECK-1
                expect w on DP-1

                """
            try scenario.write(toFile: path, atomically: true, encoding: .utf8)
            let run = try DioramaCommandLine.run(
                ["run", path, "--work-dir", base + "/work-\(expectedStatus)"], environment: DioramaCommandLine.environment([:]),
                timeout: 120)
            #expect(run.status == expectedStatus, "\(vary): \(run.standardOutput) \(run.standardError)")
            if expectedStatus == 1 {
                #expect(run.standardOutput.contains("expected on DP-1, got on no display"), "its window went with it: \(run.standardOutput)")
            }
        }
    }

    /// The process IDs whose command line names `path`.
    static func processes(runningFile path: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { entry in
            guard entry.allSatisfy(\.isNumber), let commandLine = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else {
                return false
            }
            return commandLine.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == path }
        }
    }

    @Test func badExploreOptionsAreUsageErrors() throws {
        for (options, message) in [
            (["--budget", "3"], "--budget and --time limit --explore; add --explore"),
            (["--explore", "--profile", "modern+scale-3"], "give --profile without variations"),
            (["--profile", "modern+scale-4"], "\"scale-4\" is not a variation; the variations are physical-size-zero"),
            (["--explore", "--shard", "1/2"], "it takes no --shard"),
        ] {
            let result = try DioramaCommandLine.run(["check"] + options + ["--", "/bin/true"], environment: DioramaCommandLine.environment([:]))
            #expect(result.status == 2, "\(options): \(result.status)")
            #expect(result.standardError.contains(message), "\(options): \(result.standardError)")
        }
    }

    /// A findings folder that is a file: exit 2 naming it and the option, before any battery runs.
    @Test func aFindingsFolderThatCannotBeMadeIsRefusedFirst() throws {
        let file = NSTemporaryDirectory() + "diorama-explore-file-" + UUID().uuidString
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try DioramaCommandLine.run(
            ["check", "--explore", "--explore-out", file, "--", "/bin/true"], environment: DioramaCommandLine.environment([:]))
        #expect(result.status == 2)
        #expect(result.standardError.contains("\(file): cannot write the findings' scenarios: "), "\(result.standardError)")
        #expect(result.standardError.contains("pass another folder with --explore-out"))
        #expect(result.standardOutput.isEmpty, "nothing ran: \(result.standardOutput)")
    }

    /// A candidate's scenario is tried under a name nothing had: a file
    /// already in the findings folder (an earlier run's finding, or a link
    /// the user made) was written over by a candidate that did not
    /// reproduce, then removed.
    @Test func aCandidateIsTriedUnderANameOfItsOwn() throws {
        let folder = NSTemporaryDirectory() + "diorama-explore-names-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let taken = "\(folder)/.candidate-\(getpid())-0.scenario"
        try Data("an earlier finding\n".utf8).write(to: URL(fileURLWithPath: taken))
        let first = try ExploreCampaign.Campaign.newFile(in: folder)
        let second = try ExploreCampaign.Campaign.newFile(in: folder)
        #expect(Set([first, second, taken]).count == 3, "each a new name: \(first), \(second)")
        #expect(try String(contentsOfFile: taken, encoding: .utf8) == "an earlier finding\n")
        #expect(FileManager.default.fileExists(atPath: first) && FileManager.default.fileExists(atPath: second))
    }

    /// A client that dies in the baseline (as alacritty 0.11 is disconnected
    /// in the first check) is not blamed on the variations: the checks it
    /// did not pass there do not run under them, so there is no candidate to
    /// confirm, and the report shows the baseline's failure.
    @Test(.timeLimit(.minutes(10)))
    func aClientThatFailsWithoutVariationsIsNotBlamedOnThem() throws {
        let (result, report, scenarios, _) = try Self.explore(["--budget", "0"], ["/bin/sh", "-c", "exit 3"])
        #expect(report.baseline.failures.first?.contains("exited with status 3") == true, "\(report.baseline)")
        #expect(report.runs.count == ExplorationVariation.allCases.count)
        #expect(report.runs.allSatisfy { $0.failures.isEmpty }, "\(report.runs.filter { !$0.failures.isEmpty })")
        #expect(report.findings.isEmpty && report.unconfirmed.isEmpty && scenarios.isEmpty)
        #expect(result.status == 0, "no variation changed anything; stderr: \(result.standardError)")
    }

    /// `--time` ends the campaign after the battery run that reached it: the
    /// report says why, and what ran is reported as usual.
    @Test(.timeLimit(.minutes(10)))
    func aTimeLimitStopsTheCampaignCleanly() throws {
        let timer = try TestExecutable.locate("TimerApp").path
        let (result, report, _, _) = try Self.explore(["--time", "5"], [timer])
        #expect(report.stoppedEarly == "the time limit of 5 s was reached", "\(report)")
        // Without --budget the combinations go on until the time is up, so
        // only the time limit ended this campaign. How many runs fit in 5 s
        // depends on the machine (the checks the baseline failed do not run
        // under variations), so the count is not asserted.
        #expect(!report.runs.isEmpty, "the battery ran under variations before the limit was noticed")
        #expect(result.status == 0, "stderr: \(result.standardError)")
    }

    /// JUnit: one case per variation set tried (a confirmation is no case of
    /// its own), a finding's case failing with its reason and scenario.
    @Test func junitHasACasePerVariationSetAndAFailurePerFinding() throws {
        let run = { (phase: String, variation: String) in
            #"{"phase": "\#(phase)", "variations": ["\#(variation)"], "failures": [], "clientExit": "still running", "durationSeconds": 1}"#
        }
        let json = #"""
            {"command": ["/usr/bin/foot"], "layout": "studio", "profile": "modern", "seed": 1,
             "baseline": {"phase": "baseline", "variations": [], "failures": [], "clientExit": "still running", "durationSeconds": 1},
             "runs": [\#(run("single", "physical-size-zero")), \#(run("single", "physical-size-minus-1")),
                      \#(run("confirmation", "physical-size-minus-1"))],
             "findings": [{"variations": ["physical-size-minus-1"], "check": "first-frame-2x", "symptom": "crash",
                           "reason": "the client was killed by signal 8 <while> starting",
                           "scenario": "out/physical-size-minus-1.scenario", "reproduction": "the scenario failed"}],
             "unconfirmed": [], "startedAt": "2026-11-27T03:00:00Z", "durationSeconds": 3}
            """#
        let report = try JSONDecoder().decode(ExploreReport.self, from: Data(json.utf8))
        let xml = ExploreReportFormat.junit(report)
        #expect(xml.contains(#"<testsuite name="diorama check --explore foot" tests="2" failures="1""#), "\(xml)")
        #expect(xml.contains(#"name="physical-size-zero" time="1.000"/>"#))
        #expect(
            xml.contains(
                #"<failure message="the client was killed by signal 8 &lt;while&gt; starting">first-frame-2x"#
                    + "\ncrash\nreproduce: diorama run out/physical-size-minus-1.scenario</failure>"), "\(xml)")
        let decoded = try JSONDecoder().decode(ExploreReport.self, from: Data(ExploreReportFormat.json(report).utf8))
        #expect(decoded == report, "the JSON output reads back as the report")
    }
}

/// The hung client's campaign, apart from the other campaigns: its client
/// takes almost no CPU, and most of the test is spent waiting out the
/// answer timeouts and kill grace a hang costs (about 50 s), so it runs
/// beside the serialized campaigns instead of after them, and takes no
/// slot: holding one, it kept a test that computes from starting for those
/// 50 s (the CPU was 40-60 % idle while the slots were full).
@Suite(.offSharedPool) struct ExploreHangTests {
    /// A client that really hangs: `stalls_on_negative_millimetres.py`, a
    /// Python client that speaks the wire protocol itself and follows scale
    /// changes, stops for good after its first frame when an output reports
    /// a negative physical size: it reads nothing more and ignores SIGTERM.
    /// The campaign kills it (no process of it is left), reports the hang
    /// in the first check as a finding under `physical-size-minus-1` only,
    /// and `diorama run` of the written scenario hangs it (and kills it) again.
    @Test(.timeLimit(.minutes(10)))
    func aClientThatHangsIsKilledAndReportedAsAFinding() throws {
        let python = "/usr/bin/python3"
        try #require(FileManager.default.isExecutableFile(atPath: python), "install python3: apt-get install python3")
        let client = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/Clients/stalls_on_negative_millimetres.py").standardizedFileURL.path
        let (result, report, scenarios, rerun) = try ExploreCommandTests.explore(["--budget", "0"], [python, client])
        #expect(result.status == 1, "a finding exits 1; stderr: \(result.standardError)")
        #expect(!report.baseline.failures.contains { $0.hasPrefix("first-frame-2x") }, "it draws at 2 without variations: \(report.baseline)")
        let finding = try #require(report.findings.first { $0.variations == ["physical-size-minus-1"] }, "\(report.findings)")
        #expect(finding.symptom == .hang, "\(finding)")
        #expect(finding.check == "first-frame-2x")
        #expect(report.findings.count == 1, "only a negative size hangs it: \(report.findings)")
        #expect(scenarios.keys.sorted() == ["physical-size-minus-1.scenario"])
        #expect(ExploreCommandTests.processes(runningFile: client).isEmpty, "every hung client was killed")
        let run = try #require(rerun)
        #expect(run.status == 1, "the scenario fails again: \(run.standardOutput) \(run.standardError)")
        // The move's settle waits out the scenario's timeout; the expect after it does not wait again.
        #expect(
            run.standardOutput.contains(
                "not settled: w: its app has not answered the ping an earlier step's wait sent before it ran out, so it is not waited for again"),
            "\(run.standardOutput)")
        #expect(ExploreCommandTests.processes(runningFile: client).isEmpty, "diorama run killed it too")
    }
}

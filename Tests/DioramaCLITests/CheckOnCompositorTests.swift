import DioramaCheck
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import FoundationXML
import Testing

/// `diorama check --on NAME` end to end: the real binary starting the real
/// compositor headless, real clients from Debian packages (and a Diorama
/// app) as real processes, graded from their own `WAYLAND_DEBUG` logs. What
/// is asserted is what these clients really do on each compositor
/// (Docs/check.md, "On real compositors").
@Suite(.ownThreads(longChain: .seconds(4))) struct CheckOnCompositorTests {
    /// `diorama check --on stage --json` on `command`, its report folder
    /// fresh and removed afterwards. Each answer may take 15 s (a loaded CI
    /// machine): every wait ends at the client's answer, so only a check
    /// that fails waits that long.
    /// `clientLog` gets the client's stderr (its `WAYLAND_DEBUG=client` log)
    /// before the folder goes.
    /// `timeout`: each answer's bound (`--timeout`), generous for a loaded
    /// machine; a check that fails by not answering waits all of it.
    static func check(
        on stage: String, _ command: [String], options: [String] = [], timeout: Int = 15,
        clientLog: (String) -> Void = { _ in }
    ) throws -> (ChildProcessResult, CheckReport) {
        let output = CheckCommandTests.outputFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try DioramaCommandLine.run(
            ["check", "--on", stage, "--timeout", String(timeout)] + options + ["--json", "--output", output, "--"] + command,
            environment: DioramaCommandLine.environment([:]), timeout: 300)
        clientLog((try? String(contentsOfFile: "\(output)/check-on-\(stage)/client.stderr.log", encoding: .utf8)) ?? "")
        return (result, try CheckCommandTests.report(result.standardOutput))
    }

    static let foot = ["foot", "/bin/sh", "-c", "sleep 600"]

    /// A skipped check says why, and a check that did not run is never a pass.
    static func expectSkipped(_ report: CheckReport, _ name: String, because words: String) throws {
        let check = try CheckCommandTests.check(report, name)
        #expect(check.verdict == .skipped, "\(name): \(check.verdict) \(check.reason)")
        #expect(check.reason.contains(words), "\(name): \(check.reason)")
    }

    @Test(.timeLimit(.minutes(10)))
    func footOnSwayFollowsEveryScaleSwayCanChange() throws {
        try CheckCommandTests.requireInstalled("/usr/bin/foot", package: "foot")
        let (result, report) = try Self.check(on: "sway", Self.foot)
        #expect(report.stage == "sway")
        for name in ["first-frame-2x", "move-to-1x", "move-to-2x", "fractional-scale", "rescale-under-window"] {
            let check = try CheckCommandTests.check(report, name)
            #expect(check.verdict == .pass, "\(name): \(check.reason)")
            #expect(check.reason.contains("draws at"), "\(name): \(check.reason)")
        }
        #expect(try CheckCommandTests.check(report, "move-to-1x").reason.hasPrefix("draws at 1"))
        #expect(try CheckCommandTests.check(report, "move-to-1x").reactionMilliseconds != nil)
        try Self.expectSkipped(report, "rotate", because: "maximize")
        try Self.expectSkipped(report, "unplug-current-display", because: "cannot unplug")
        try Self.expectSkipped(report, "interactive-resize", because: "pointer")
        #expect(report.checks.map(\.name) == CheckBattery.checkNames)
        #expect(report.clientExit == "still running")
        #expect(result.status == 0, "stderr: \(result.standardError)")
    }

    /// foot 1.13.1 dies on KWin 5.27's -1 × -1 mm `wl_output` physical size
    /// (compositors.md): the real crash, with the event it died on.
    @Test(.timeLimit(.minutes(10)))
    func footOnKWinDiesOfSIGFPEOnTheOutputsPhysicalSize() throws {
        try CheckCommandTests.requireInstalled("/usr/bin/foot", package: "foot")
        let (result, report) = try Self.check(on: "kwin", Self.foot)
        let firstFrame = try CheckCommandTests.check(report, "first-frame-2x")
        #expect(firstFrame.verdict == .fail)
        #expect(firstFrame.reason.hasPrefix("the client was killed by signal \(SIGFPE) on kwin"), "\(firstFrame.reason)")
        #expect(firstFrame.reason.contains(".geometry("), "names the wl_output event it died on: \(firstFrame.reason)")
        #expect(firstFrame.reason.contains("-1, -1"), "\(firstFrame.reason)")
        #expect(report.clientExit == "killed by signal \(SIGFPE)")
        #expect(report.checks.dropFirst().allSatisfy { $0.verdict == .notApplicable })
        #expect(result.status == 1, "stderr: \(result.standardError)")
    }

    /// On KWin a client that lives through it is moved by KWin scripts and
    /// graded like on sway: weston-terminal follows moves and an unplug,
    /// and fails a rescale under it, which it never redraws for (that
    /// failure waits out the 8 s answer bound). It keeps its slot: without
    /// one, in a clean-clone CI run under load, KWin listed Virtual-1 as not
    /// enabled when the move to it came.
    @Test(.timeLimit(.minutes(10)), .ownThreads(longChain: .seconds(11)))
    func westonTerminalOnKWinIsMovedAndGraded() throws {
        try CheckCommandTests.requireInstalled("/usr/bin/weston-terminal", package: "weston")
        let (result, report) = try Self.check(on: "kwin", ["weston-terminal"], timeout: 8)
        for name in ["first-frame-2x", "move-to-1x", "move-to-2x", "unplug-other-display", "unplug-current-display"] {
            let check = try CheckCommandTests.check(report, name)
            #expect(check.verdict == .pass, "\(name): \(check.reason)")
        }
        // weston-terminal reads the removal at once; the check waits for that, not its bound.
        #expect(try CheckCommandTests.check(report, "unplug-other-display").reason == "still running after CHECK-1 came and went")
        let rescale = try CheckCommandTests.check(report, "rescale-under-window")
        #expect(rescale.verdict == .fail, "\(rescale.reason)")
        #expect(rescale.reason.contains("draws at 1"), "\(rescale.reason)")
        try Self.expectSkipped(report, "rotate", because: "does not rotate")
        #expect(result.status == 1, "stderr: \(result.standardError)")
    }

    /// weston's headless backend has no seat, and foot refuses to start
    /// without one: what foot really does there, with its own words.
    @Test(.timeLimit(.minutes(10)))
    func footOnWestonExitsForWantOfASeat() throws {
        try CheckCommandTests.requireInstalled("/usr/bin/foot", package: "foot")
        let (result, report) = try Self.check(on: "weston", Self.foot)
        let firstFrame = try CheckCommandTests.check(report, "first-frame-2x")
        #expect(firstFrame.verdict == .fail)
        #expect(firstFrame.crash?.standardErrorTail.contains("no seats available") == true, "\(firstFrame)")
        #expect(firstFrame.crash?.standardErrorTail.contains("wl_registry") == false, "the WAYLAND_DEBUG lines are left out")
        #expect(report.checks.dropFirst().allSatisfy { $0.verdict == .notApplicable })
        #expect(result.status == 1, "stderr: \(result.standardError)")
    }

    /// Mutter 43's backend moves only a Diorama app's window (by keybinding),
    /// so foot's moves are skipped with that reason; a display plugged and
    /// unplugged (a ScreenCast virtual monitor) is graded. The first frame is graded when
    /// Mutter sends the surface its enter; it has been seen to send none
    /// within the wait (on an idle machine), which is a skip with that
    /// reason, never a pass. `--refresh 10` runs Mutter's monitors, the
    /// plugged one too, at 10 Hz (it repaints a monitor whole at every frame
    /// with llvmpipe; at the studio's 60 Hz this test cost Mutter 3.5 s of CPU):
    /// foot is told 10 Hz for every output.
    @Test(.timeLimit(.minutes(10)))
    func footOnMutterIsGradedWhereMutterAllows() throws {
        try CheckCommandTests.requireInstalled("/usr/bin/foot", package: "foot")
        var log = ""
        let (result, report) = try Self.check(on: "mutter", Self.foot, options: ["--refresh", "10"]) { log = $0 }
        let modes = log.split(separator: "\n").filter { $0.contains("wl_output@") && $0.contains(".mode(") }
        #expect(modes.count >= 4, "the studio's three outputs and the plugged one: \(modes)")
        #expect(modes.allSatisfy { $0.hasSuffix(", 10000)") }, "\(modes)")
        let firstFrame = try CheckCommandTests.check(report, "first-frame-2x")
        if firstFrame.verdict == .skipped {
            #expect(firstFrame.reason.contains("told the surface of no display"), "\(firstFrame.reason)")
        } else {
            #expect(firstFrame.verdict == .pass, "\(firstFrame.reason)")
            #expect(firstFrame.reason.contains("draws at 2"), "\(firstFrame.reason)")
        }
        // Mutter moves a window only by its keybinding, from the monitor a
        // Diorama app's trace names: foot's window is skipped, with that reason.
        try Self.expectSkipped(report, "move-to-1x", because: "keybinding")
        // A display plugged as a ScreenCast virtual monitor comes and goes.
        let unplug = try CheckCommandTests.check(report, "unplug-other-display")
        #expect(unplug.verdict == .pass, "\(unplug.reason)")
        #expect(unplug.reason.contains("came and went"), "\(unplug.reason)")
        #expect(report.clientExit == "still running")
        #expect(result.status == 0, "stderr: \(result.standardError)")
    }

    /// A Diorama app passes on sway; JUnit marks what sway cannot do as skipped.
    @Test(.timeLimit(.minutes(10)))
    func timerAppPassesOnSway() throws {
        let output = CheckCommandTests.outputFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try DioramaCommandLine.run(
            [
                "check", "--on", "sway", "--timeout", "15", "--junit", "--output", output, "--",
                TestExecutable.locate("TimerApp").path,
            ],
            environment: DioramaCommandLine.environment([:]), timeout: 300)
        #expect(result.status == 0, "stdout: \(result.standardOutput) stderr: \(result.standardError)")
        let document = try XMLDocument(data: Data(result.standardOutput.utf8))
        let cases = try document.nodes(forXPath: "//testcase")
        #expect(cases.count == CheckBattery.checkNames.count)
        #expect(try document.nodes(forXPath: "//failure").isEmpty)
        let skipped = try document.nodes(forXPath: "//testcase[@name='rotate']/skipped")
        #expect(skipped.count == 1)
        #expect(try document.nodes(forXPath: "//testcase[@name='move-to-1x']/skipped").isEmpty)
    }

    @Test func aProfileWithARealCompositorIsAUsageError() throws {
        let result = try DioramaCommandLine.run(
            ["check", "--on", "sway", "--profile", "sway-1.7", "--", "foot"], environment: DioramaCommandLine.environment([:]))
        #expect(result.status == 2)
        #expect(result.standardError.contains("with --on sway the real compositor is the profile"), "\(result.standardError)")
    }

    @Test func anUnknownCompositorIsAUsageError() throws {
        let result = try DioramaCommandLine.run(
            ["check", "--on", "wayfire", "--", "foot"], environment: DioramaCommandLine.environment([:]))
        #expect(result.status == 2)
        #expect(result.standardError.contains("--on must be sway, weston, kwin or mutter"), "\(result.standardError)")
    }
}

/// `check --repeat N` end to end: N batteries, one report.
@Suite(.ownThreads) struct CheckRepeatTests {
    /// foot under the simulator earns the same verdicts twice: one report
    /// of 2 runs, no check unstable.
    @Test(.timeLimit(.minutes(10)))
    func footsVerdictsHoldOverTwoRuns() throws {
        let (result, report) = try CheckCommandTests.checkFoot(["--repeat", "2"])
        #expect(report.repeats == 2)
        #expect(report.checks.map(\.name) == CheckBattery.checkNames)
        #expect(!report.checks.contains { $0.verdict == .unstable }, "\(report.checks.map { "\($0.name): \($0.reason)" })")
        #expect(result.status == 0, "stderr: \(result.standardError)")
    }

    @Test func aRepeatOutOfRangeIsAUsageError() throws {
        let result = try DioramaCommandLine.run(["check", "--repeat", "0", "--", "foot"], environment: DioramaCommandLine.environment([:]))
        #expect(result.status == 2)
        #expect(result.standardError.contains("--repeat must be 1…10 runs, got 0"), "\(result.standardError)")
    }

    /// `check --refresh` reads hertz as `run --refresh` does, and refuses
    /// what is not a refresh, naming it.
    @Test func aRefreshThatIsNoRefreshIsAUsageError() throws {
        for refresh in ["0", "fast", "1001"] {
            let badRefresh = try DioramaCommandLine.run(
                ["check", "--refresh", refresh, "--", "foot"], environment: DioramaCommandLine.environment([:]))
            #expect(badRefresh.status == 2)
            #expect(badRefresh.standardError.contains("--refresh must be a number of hertz"), "\(badRefresh.standardError)")
            #expect(badRefresh.standardError.contains("found \"\(refresh)\""), "\(badRefresh.standardError)")
        }
    }
}

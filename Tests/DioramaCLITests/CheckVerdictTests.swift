import DioramaModel
import DioramaSimulator
import Testing

@testable import DioramaCheck

/// Verdicts that hold and reasons that are true (issue 25): a pass stands
/// on the latest frame, and a verdict that changes between runs is
/// reported as such.
@Suite struct CheckVerdictTests {
    /// foot on the 1x display: one 1x frame answered the move, but its
    /// latest frame is drawn at 2 again. That is no pass.
    @Test func anAnswerThatNoLongerStandsFails() {
        var response = ScaleResponse.measure([], window: 1, after: 0, display: "DP-1", scale: .one)
        let atOne = CommitFact(
            surface: 3, window: 1, bufferSize: Size(width: 700, height: 500), bufferScale: 1, bufferTransform: .normal,
            viewportSource: nil, viewportDestination: nil, surfaceSize: Size(width: 700, height: 500), damageRects: 1,
            nullAttach: false, preferredScale120: nil, staleScale: false)
        response.toldNanoseconds = 1_000
        response.answer = atOne
        response.answerNanoseconds = 9_000
        response.firstCommitAtScale = atOne
        let stillAt2 = CheckSession.ScaleAnswer(response: response, showsRightScale: false, latestDrawnScale: 2)
        let outcome = CheckSession.grade(stillAt2, display: "DP-1", scale: .one, seconds: 5)
        #expect(outcome.verdict == .fail)
        #expect(outcome.reason == "drew at 1 once, but its latest frame draws at 2, not for the scale in effect on DP-1")

        // imv's window across DP-1 and DP-2 draws at 1: the 2 in effect is DP-2's.
        var across = CheckSession.ScaleAnswer(response: response, showsRightScale: false, latestDrawnScale: 1)
        across.enteredDisplays = ["DP-1", "DP-2"]
        #expect(
            CheckSession.grade(across, display: "DP-1", scale: .one, seconds: 5).reason
                == "drew at 1 once, but its latest frame draws at 1, not for the scale in effect on DP-1 and DP-2")

        let standing = CheckSession.ScaleAnswer(response: response, showsRightScale: true, latestDrawnScale: 1)
        let passed = CheckSession.grade(standing, display: "DP-1", scale: .one, seconds: 5)
        #expect(passed.verdict == .pass)
        #expect(passed.reason == "draws at 1 (buffer scale 1)")
    }

    /// imv's window lay across DP-1 and DP-2 when it was moved to DP-2: no
    /// enter could tell it, and "never told about DP-2" was not true.
    @Test func aWindowAlreadyOnTheDisplayIsNotSaidToBeNeverTold() {
        let response = ScaleResponse.measure([], window: 1, after: 0, display: "DP-2", scale: Scale(integer: 2)!)
        var across = CheckSession.ScaleAnswer(response: response, showsRightScale: false, latestDrawnScale: 1)
        across.enteredBefore = true
        let outcome = CheckSession.grade(across, display: "DP-2", scale: Scale(integer: 2)!, seconds: 5)
        #expect(outcome.verdict == .fail)
        #expect(
            outcome.reason
                == "its surface was on DP-2 before the change already, so no enter told it; its latest frame draws at 1, not for the scale in effect")
        let neverOn = CheckSession.ScaleAnswer(response: response, showsRightScale: false, latestDrawnScale: 1)
        #expect(
            CheckSession.grade(neverOn, display: "DP-2", scale: Scale(integer: 2)!, seconds: 5).reason
                == "its surface was never told about DP-2 (no enter or preferred scale)")
    }

    static func report(_ verdicts: [(String, CheckVerdict, String)]) -> CheckReport {
        CheckReport(
            command: ["imv"], layout: "studio", profile: "modern", displays: [:],
            checks: verdicts.map { CheckResult(name: $0.0, summary: "", verdict: $0.1, reason: $0.2, durationSeconds: 1) },
            clientExit: "still running", startedAt: "", durationSeconds: 3)
    }

    @Test func aVerdictThatChangesBetweenRunsIsUnstableWithWhatChanged() {
        let merged = CheckReport.merging([
            Self.report([("rotate", .pass, "answered"), ("move-to-1x", .pass, "draws at 1")]),
            Self.report([("rotate", .fail, "did not answer"), ("move-to-1x", .pass, "draws at 1 (again)")]),
            Self.report([("rotate", .pass, "answered"), ("move-to-1x", .pass, "draws at 1")]),
        ])
        #expect(merged.repeats == 3)
        #expect(merged.durationSeconds == 9)
        let rotate = merged.checks[0]
        #expect(rotate.verdict == .unstable)
        #expect(
            rotate.reason
                == "the verdict changed over 3 runs: run 1 pass (answered); run 2 fail (did not answer); run 3 pass (answered)")
        #expect(merged.checks[1].verdict == .pass, "the same verdict with other words is stable")
        #expect(merged.checks[1].reason == "draws at 1")
        #expect(!merged.allPassed, "an unstable verdict is not a pass")
        #expect(CheckReportFormat.junit(merged).contains("<failure message=\"the verdict changed over 3 runs"))
    }

    @Test func oneRunIsItsOwnReport() {
        let single = Self.report([("rotate", .pass, "answered")])
        #expect(CheckReport.merging([single]) == single)
        #expect(single.allPassed)
    }
}

/// The rotate check's reason is true: it names the configure answered.
@Suite struct RotateVerdictTests {
    static func configure(_ width: Int, _ height: Int, _ states: ToplevelStates, serial: UInt32 = 9) -> ConfigureFact {
        ConfigureFact(window: 1, serial: serial, size: Size(width: width, height: height), states: states, bounds: nil)
    }

    /// imv: settled, but what it answered last was not the portrait
    /// display's maximized configure (here the client-chosen 0 × 0 one).
    /// It was once passed as "answered the configure for the portrait display".
    @Test func answeringAnotherConfigureIsNoAnswerToThePortraitOne() {
        let outcome = CheckSession.rotated(
            settled: true, lastConfigure: Self.configure(0, 0, [.activated]),
            portraitConfigure: Self.configure(1080, 1920, [.maximized], serial: 8), frame: Size(width: 1280, height: 720), seconds: 5)
        #expect(outcome.verdict == .fail)
        #expect(
            outcome.reason
                == "the configure it answered last is not the maximized one for the portrait display (0x0, not maximized); now 1280x720 points")
    }

    @Test func thePortraitConfigureAnsweredWithinItsSizePasses() {
        let portrait = Self.configure(1080, 1920, [.maximized, .activated])
        let outcome = CheckSession.rotated(
            settled: true, lastConfigure: portrait, portraitConfigure: portrait, frame: Size(width: 1080, height: 1900), seconds: 5)
        #expect(outcome.verdict == .pass)
        #expect(outcome.reason == "answered the 1080x1920 configure for the portrait display; now 1080x1900 points")
        let larger = CheckSession.rotated(
            settled: true, lastConfigure: portrait, portraitConfigure: portrait, frame: Size(width: 1280, height: 720), seconds: 5)
        #expect(larger.verdict == .fail)
    }

    /// SDL's testsprite2 with `--max-geometry 1000x800`: maximized on the
    /// portrait display it is sent 1000x800 (clamped to its maximum size)
    /// and draws that. It was failed for a configure not taller than wide.
    @Test func aMaximumSizeThatKeepsThePortraitConfigureWideIsNoFailure() {
        let clamped = Self.configure(1000, 800, [.maximized, .activated])
        let outcome = CheckSession.rotated(
            settled: true, lastConfigure: clamped, portraitConfigure: clamped, frame: Size(width: 1000, height: 800), seconds: 5)
        #expect(outcome.verdict == .pass)
        #expect(
            outcome.reason
                == "answered the 1000x800 configure for the portrait display (its maximum size keeps it from being taller than wide); now 1000x800 points")
        // The landscape maximized configure from before the rotation is not that answer.
        let earlier = CheckSession.rotated(
            settled: true, lastConfigure: Self.configure(1920, 1080, [.maximized], serial: 7),
            portraitConfigure: Self.configure(1080, 1920, [.maximized]), frame: Size(width: 1920, height: 1080), seconds: 5)
        #expect(earlier.verdict == .fail)
    }
}

/// The interactive resize's reason is true: the final configure, which
/// carries no `resizing` state, only suggests a size.
@Suite struct ResizeVerdictTests {
    /// mpv keeps its video's aspect: after the last step it draws larger
    /// than the final configure suggests. It was failed for that, citing
    /// the final configure as a limit.
    @Test func drawingAnotherSizeThanTheFinalConfigureSuggestsIsNoFailure() {
        let final = ConfigureFact(window: 1, serial: 12, size: Size(width: 820, height: 560), states: [.activated], bounds: nil)
        let outcome = CheckSession.resized(finalConfigure: final, frame: Size(width: 996, height: 560))
        #expect(outcome.verdict == .pass)
        #expect(outcome.reason == "answered every step; now 996x560 points (the final configure's 820x560 is a suggestion it may not take)")
    }

    @Test func aResizingConfigureIsALimit() {
        let step = ConfigureFact(window: 1, serial: 11, size: Size(width: 820, height: 560), states: [.resizing], bounds: nil)
        let outcome = CheckSession.resized(finalConfigure: step, frame: Size(width: 996, height: 560))
        #expect(outcome.verdict == .fail)
        #expect(outcome.reason == "after the resize, it drew 996x560 points, larger than the 820x560 it was configured to")
    }
}

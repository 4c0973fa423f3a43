import DioramaScenarios
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

@testable import DioramaScenarioBackends

/// `type` on a real headless sway reaches the app (issue 23, part 4, bug 2):
/// wtype lost keys sent with its keymap or its keyboard's destruction (3 of
/// 8; a line break 0 of 2). Each `type` step here passes only when TimerApp's
/// trace shows every key, and the expectation counts them again.
@Suite("typing on sway", .serialized, .ownThreads(longChain: .seconds(6)))
struct SwayTypingTests {
    /// TimerApp's main window on sway's one output; the steps follow.
    static let timerOnSway = """
        display DP-1 1280x800 scale 1 at 0,0
        backend: sway
        timeout: 20s
        launch TimerApp as timer
        window main = timer title "Main"

        """

    @Test("three `type` steps with dashes and line breaks: every key arrives, Return included", .timeLimit(.minutes(10)))
    func everyKeyArrives() async throws {
        var text = Self.timerOnSway
        for _ in 0..<3 {
            text += """
                type main "xy-\\nz\\n"
                expect main keyPressed fired 6 times

                """
        }
        let result = try await RealCompositorBackendTests.run(text, label: "sway-typing", on: .sway)
        RealCompositorBackendTests.expectEveryClausePassed(result, atLeast: 3)
    }

    @Test(
        "`hold` on sway keeps a key down for its duration: the app sees it go down and come up once, and the step waits for that",
        .timeLimit(.minutes(10)))
    func holdReachesTheApp() async throws {
        let text =
            Self.timerOnSway + """
                hold main key Right for 800ms
                expect main pressesBegan fired >= 1 time, pressesEnded fired 1 time, pressesCancelled fired 0 times
                """
        let result = try await RealCompositorBackendTests.run(text, label: "sway-hold", on: .sway)
        RealCompositorBackendTests.expectEveryClausePassed(result, atLeast: 3)
    }

    @Test("wtype's arguments: line breaks are the Return key, leading dashes the minus key, never `--`")
    func wtypeArguments() {
        #expect(SwayScenarioBackend.wtypeArguments("ab") == ["ab"])
        #expect(SwayScenarioBackend.wtypeArguments("a\nb\n") == ["a", "-k", "Return", "b", "-k", "Return"])
        #expect(SwayScenarioBackend.wtypeArguments("--x") == ["-k", "minus", "-k", "minus", "x"])
        #expect(SwayScenarioBackend.wtypeArguments("\n") == ["-k", "Return"])
    }
}

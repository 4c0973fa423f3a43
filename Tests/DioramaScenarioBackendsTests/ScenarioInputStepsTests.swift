import DioramaScenarioBackends
import DioramaScenarios
import DioramaTestTraits
import Testing

/// The scenario steps that drag inside a window, hold keys and scroll, run
/// on the simulator against TimerApp (a real process over a real socket),
/// read back from its runtime trace. Each expectation after an input step
/// waits for the app to have handled that input (issue 23, part 4, bug 3),
/// also when the app is a second late.
@Suite("pointer, held-key and scroll steps on the simulator", .ownThreads)
struct ScenarioInputStepsTests {
    /// TimerApp's main window on one 1× display; the steps follow.
    static let timerOnOneDisplay = """
        display DP-1 1280x800 scale 1 at 0,0
        timeout: 20s
        launch TimerApp as timer
        window main = timer title "Main"

        """

    @Test("a drag inside the window, a key held until it repeats, and a scroll reach the app", .timeLimit(.minutes(10)))
    func dragHeldKeyAndScroll() async throws {
        try await SimulatorScenarioRun.expectPassing(
            Self.timerOnOneDisplay + """
                expect main title "Main (hh:mm:ss)"
                press main at 200,120
                expect main touchesBegan fired 1 time
                move pointer main to 260,150
                expect main touchesMoved fired 1 time, touchesBegan fired 0 times
                release main
                expect main touchesEnded fired 1 time, touchesCancelled fired 0 times
                press main key Right
                wait until main pressesBegan fired >= 3 times
                release main key Right
                expect main pressesEnded fired 1 time, pressesCancelled fired 0 times
                hold main key Shift_L for 300ms
                expect main pressesBegan fired >= 1 time, pressesEnded fired 1 time
                scroll main at 200,120 by 0,40
                expect main scrolled fired 1 time, pointerHovered fired 1 time
                """, label: "input-steps")
    }

    // The app is stopped a second around each input step: mostly waiting, no slot.
    @Test(
        "each new input step the app handles a second late is counted after its own step, not the next",
        .timeLimit(.minutes(10)), .offSharedPool)
    func inputStepsWaitForALateApp() async throws {
        try await SimulatorScenarioRun.expectPassing(
            Self.timerOnOneDisplay + """
                press main at 200,120
                expect main touchesBegan fired 1 time
                move pointer main to 240,130
                expect main touchesMoved fired 1 time
                release main
                expect main touchesEnded fired 1 time
                press main key a
                expect main pressesBegan fired >= 1 time
                release main key a
                expect main pressesEnded fired 1 time
                scroll main at 100,100 by 0,30
                expect main scrolled fired 1 time
                """, label: "input-steps-late",
            wrapping: {
                AppFreezingBackend(
                    $0,
                    freezingAround: {
                        switch $0 {
                        case .pointerPress, .pointerMove, .pointerRelease, .keyPress, .keyRelease, .scroll: true
                        default: false
                        }
                    },
                    whileStopped: InputSettleTests.writeStaleIdle(intoTraceOf:))
            })
    }

    @Test("a click at a point that is not on the window fails, naming the window's size", .timeLimit(.minutes(10)))
    func inputOffTheWindowFails() async throws {
        let (result, timeline) = try await SimulatorScenarioRun.run(
            Self.timerOnOneDisplay + """
                click main at 99999,99999
                """, label: "input-off-window")
        guard case .failed(let message) = result.entries.last?.outcome else {
            Issue.record("the click off the window did not fail:\n\(timeline)")
            return
        }
        #expect(message.hasPrefix("99999,99999 is not on `main` ("), "\(message)")
        #expect(message.contains("no window is there), so the input would not reach it; give a point inside the window"), "\(message)")
    }
}

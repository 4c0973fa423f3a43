import DioramaScenarios
import Testing

/// `expect W crisp` on the simulator backend, with a real TimerApp process
/// over a real socket: the clause asks the simulator to compare the
/// display's screenshot with the window's committed buffer.
@Suite("crisp frames in scenarios", .serialized)
struct CrispScenarioTests {
    @Test(
        "TimerApp's frame is crisp on a 1x, a 2x and a 1.5x display, and not while it spans two displays",
        .timeLimit(.minutes(10)))
    func crispOnEachDisplayNotAcrossTwo() async throws {
        let (result, timeline) = try await SimulatorScenarioRun.run(
            """
            display DP-1 1280x800 scale 1 at 0,0
            display DP-2 2560x1600 scale 2 at 1280,0
            display DP-3 1920x1200 scale 1.5 at 2560,0
            timeout: 20s
            launch TimerApp as timer
            window main = timer title "Main"
            expect main entered exactly DP-1, crisp
            move main to DP-2
            expect main entered exactly DP-2, crisp
            move main to DP-3
            expect main entered exactly DP-3, viewport = bounds, crisp
            move main to 1100,100
            expect main entered exactly DP-1, DP-2, crisp
            """, label: "crisp")
        let crisp = result.clauseResults.filter { $0.clause.text == "crisp" }
        #expect(crisp.map(\.verdict.isPassed) == [true, true, true, false], "\(timeline)")
        #expect(
            crisp.last?.verdict
                == .failed(
                    expected: "crisp: each buffer pixel one display pixel, unchanged",
                    actual: "not crisp: the window spans DP-1, DP-2 and is drawn for one scale"),
            "\(timeline)")
        let entered = result.clauseResults.filter { $0.clause.text.hasPrefix("entered") }
        #expect(entered.count == 4 && entered.allSatisfy { $0.verdict.isPassed }, "\(timeline)")
    }
}

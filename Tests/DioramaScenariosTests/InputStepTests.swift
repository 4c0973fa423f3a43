import DioramaModel
import Testing

@testable import DioramaScenarios

/// The input steps: `click`, `drag`, `touch`, and the input callbacks
/// `fired N times` counts.
@Suite("Scenario parser: input steps")
struct InputStepTests {
    @Test("click, drag (with and without a display) and touch (a tap or a swipe) parse to their actions")
    func inputSteps() throws {
        let scenario = try parse(
            studioHeader + """
                click main at 20,30
                drag main by 100,-10
                drag main by 0,0 to DP-2
                touch main at 5,6
                touch main at 5,6 to 50,60
                expect main touchesBegan fired 1 time, touchesCancelled fired 0 times
                """)
        let actions = scenario.steps.map(\.action)
        #expect(actions[0] == .click(window: name("main"), at: Point(x: 20, y: 30)))
        #expect(actions[1] == .drag(window: name("main"), by: Point(x: 100, y: -10), display: nil))
        #expect(actions[2] == .drag(window: name("main"), by: .zero, display: name("DP-2")))
        #expect(actions[3] == .touch(window: name("main"), at: Point(x: 5, y: 6), to: nil))
        #expect(actions[4] == .touch(window: name("main"), at: Point(x: 5, y: 6), to: Point(x: 50, y: 60)))
        #expect(actions.map(\.keyword).prefix(5) == ["click", "drag", "drag", "touch", "touch"])
    }

    @Test("a drag without `by` names the line and column and shows how to write it")
    func dragWithoutBy() throws {
        let errors = parseErrors(studioHeader + "drag main 100,10\n")
        #expect(errors.count == 1)
        let error = try #require(errors.first)
        #expect(error.location == SourceLocation(file: testFile, line: 2, column: 11))
        #expect(error.hint.contains("drag main by 100,10"), "\(error)")
    }

    @Test("a touch far outside the coordinate range is refused before anything runs")
    func touchOutOfRange() throws {
        let errors = validationErrors(
            studioHeader + """
                launch TimerApp as timer
                window main = timer title "Main"
                touch main at 5,5 to 2000000,0
                """)
        #expect(errors.contains { $0.message.contains("-1000000…1000000") && $0.location.line == 4 }, "\(errors)")
    }
}

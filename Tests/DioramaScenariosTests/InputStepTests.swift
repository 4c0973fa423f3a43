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

    @Test("press, move pointer, release, held keys and scroll parse to their actions")
    func pointerKeyAndScrollSteps() throws {
        let scenario = try parse(
            studioHeader + """
                press main at 20,30
                move pointer main to 80,-5
                release main
                press main key Right
                release main key Right
                hold main key Shift_L for 1.5s
                scroll main at 100,100 by 0,-40
                click main at 7,8 twice
                expect main pressesBegan fired >= 3 times, pressesEnded fired 1 time, pressesCancelled fired 0 times
                """)
        let actions = scenario.steps.map(\.action)
        #expect(actions[0] == .pointerPress(window: name("main"), at: Point(x: 20, y: 30)))
        #expect(actions[1] == .pointerMove(window: name("main"), to: Point(x: 80, y: -5)))
        #expect(actions[2] == .pointerRelease(window: name("main")))
        #expect(actions[3] == .keyPress(window: name("main"), key: "Right"))
        #expect(actions[4] == .keyRelease(window: name("main"), key: "Right"))
        #expect(actions[5] == .holdKey(window: name("main"), key: "Shift_L", duration: ScenarioDuration(parsing: "1.5s")!))
        #expect(actions[6] == .scroll(window: name("main"), at: Point(x: 100, y: 100), by: Point(x: 0, y: -40)))
        #expect(actions[7] == .doubleClick(window: name("main"), at: Point(x: 7, y: 8)))
        #expect(actions.map(\.keyword).prefix(8) == ["press", "move pointer", "release", "press", "release", "hold", "scroll", "click"])
        #expect(actions.prefix(8).allSatisfy { $0.window == name("main") && $0.isAction })
    }

    @Test("a held key without `for`, a scroll without `by` and a key press without a name say how to write them")
    func malformedInputSteps() throws {
        for (line, column, hint) in [
            ("hold main key Right 1s", 21, "hold main key Right for 1s"),
            ("scroll main at 10,10", 21, "scroll main at 100,100 by 0,40"),
            ("press main key", 15, "press main key Right"),
            ("release main now", 14, "key"),
            ("click main at 1,2 thrice", 19, "twice"),
        ] {
            let errors = parseErrors(studioHeader + line + "\n")
            let error = try #require(errors.first, "\(line)")
            #expect(error.location == SourceLocation(file: testFile, line: 2, column: column), "\(line): \(error)")
            #expect("\(error.message) \(error.hint)".contains(hint), "\(line): \(error)")
        }
    }

    @Test("neither a window nor a client may be called `pointer`: `move pointer …` would be ambiguous")
    func pointerIsReserved() throws {
        for (line, what) in [("launch TimerApp as pointer", "client"), (#"window pointer = timer title "Main""#, "window")] {
            let errors = validationErrors(studioHeader + "launch TimerApp as timer\n" + line + "\n")
            #expect(errors.contains { $0.message.contains("`pointer` cannot name a \(what)") }, "\(errors)")
        }
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

import DioramaModel
import Testing

@testable import DioramaScenarios

@Suite("Scenario parser: errors name file, line and column, what was expected, and a hint")
struct ParseErrorTests {
    /// The single diagnostic of `text`.
    func onlyError(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> ScenarioDiagnostic {
        let errors = parseErrors(text, sourceLocation: sourceLocation)
        #expect(errors.count == 1, "errors: \(errors)", sourceLocation: sourceLocation)
        return try #require(errors.first, sourceLocation: sourceLocation)
    }

    @Test("a misspelt keyword in a step gets the nearest one")
    func misspeltInteractively() throws {
        let error = try onlyError(studioHeader + "resize main 900x700 interactivly in 10 steps\n")
        #expect(error.location == SourceLocation(file: testFile, line: 2, column: 21))
        #expect(error.message == "expected `interactively` or the end of the line, found `interactivly`")
        #expect(error.hint == "did you mean `interactively`?")
        #expect(
            error.description == """
                test.scenario:2:21: error: expected `interactively` or the end of the line, found `interactivly`
                   2 | resize main 900x700 interactivly in 10 steps
                     |                     ^~~~~~~~~~~~
                hint: did you mean `interactively`?
                """)
    }

    @Test("numbers too large for their place are told their range, not that their form is wrong")
    func numbersOutOfRange() throws {
        let huge = "99999999999999999999"
        #expect(
            try onlyError(studioHeader + "resize main \(huge)x5\n").message == "each side of a size must be between 0 and 32767, found \(huge)x5")
        #expect(try onlyError(studioHeader + "resize main 40000x5\n").hint == "a size is in points or pixels, at most 32767 a side")
        let position = try onlyError(studioHeader + "move main to \(huge),0\n")
        #expect(position.message.hasSuffix("must be between -2147483648 and 2147483647, found \(huge)"), "\(position.message)")
        #expect(position.location.column == 14, "at the number, not the comma after it")
        #expect(
            try onlyError(studioHeader + "wait \(huge)s\n").message
                == "the duration \(huge)s is longer than 3600s, the most a wait or timeout may be")
        #expect(try onlyError(studioHeader + "rescale DP-1 to -1\n").message == "a scale must be greater than 0 and at most 16, found -1")
    }

    @Test("an empty screenshot name is called empty")
    func emptyScreenshotName() throws {
        #expect(try onlyError(studioHeader + "screenshot all as \"\"\n").message == "the screenshot's name is empty")
        #expect(try onlyError(studioHeader + "screenshot all as \"a/b\"\n").message == "a screenshot name must be a plain file name without `/`")
    }

    @Test("a misspelt statement keyword")
    func misspeltStatement() throws {
        let error = try onlyError(studioHeader + "mvoe main to DP-2")
        #expect(error.location.column == 1)
        #expect(error.message == "expected a statement keyword, found `mvoe`")
        #expect(error.hint == "did you mean `move`?")
        #expect(try onlyError(studioHeader + "Move main to DP-2").hint == "keywords are lower case: `move`")
        #expect(try onlyError("profle: modern\ndisplays: studio").hint == "did you mean `profile`?")
    }

    @Test("a misspelt clause")
    func misspeltClause() throws {
        let error = try onlyError(studioHeader + "expect main on DP-2, scael 2")
        #expect(error.location.column == 22)
        #expect(error.message == "expected a clause, found `scael`")
        #expect(error.hint == "did you mean `scale`?")
        #expect(try onlyError(studioHeader + "expect main drawableSizeWilChange fired 1 time").hint == "did you mean `drawableSizeWillChange`?")
        #expect(try onlyError(studioHeader + "expect main traits.displayScal 2").hint == "did you mean `traits.displayScale`?")
        let renderer = try onlyError(studioHeader + "expect main renderer opengles")
        #expect(renderer.message.contains("a renderer (software, openGLES, vulkan, cairo)"), "\(renderer.message)")
        #expect(renderer.hint == "did you mean `openGLES`?")
        #expect(try onlyError(studioHeader + "expect main renderer vulkan via sharedMemory").message.contains("`renderer vulkan` has no presentation"))
        #expect(try onlyError(studioHeader + "expect main state maximized").hint.contains("`states maximized`"))
    }

    @Test("`via` after `renderer software` says what to write instead; an unknown presentation lists the choices")
    func rendererPresentation() throws {
        let software = try onlyError(studioHeader + "expect main renderer software via sharedMemory")
        #expect(software.location == SourceLocation(file: testFile, line: 2, column: 31))
        #expect(software.message.contains("`renderer software` has no presentation"), "\(software.message)")
        #expect(software.hint == "write `renderer software` alone, or `renderer openGLES via windowSurface|sharedMemory`")
        #expect(software.description.hasPrefix("test.scenario:2:31: error: "), "\(software.description)")

        let unknown = try onlyError(studioHeader + "expect main renderer openGLES via dmabuf")
        #expect(unknown.location.column == 35)
        #expect(unknown.message == "expected a presentation (windowSurface, sharedMemory), found `dmabuf`")
        let misspelt = try onlyError(studioHeader + "expect main renderer openGLES via sharedmemory")
        #expect(misspelt.hint == "did you mean `sharedMemory`?")
        let automatic = try onlyError(studioHeader + "expect main renderer openGLES via automatic")
        #expect(automatic.hint.contains("what automatic chose"), "\(automatic.hint)")
        #expect(try onlyError(studioHeader + "expect main renderer openGLES via").message.contains("a presentation (windowSurface, sharedMemory)"))
    }

    @Test("a missing comma between clauses")
    func missingComma() throws {
        let error = try onlyError(studioHeader + "expect main on DP-2 scale 2")
        #expect(error.message == "expected `,` between clauses or the end of the line, found `scale`")
        #expect(error.location.column == 21)
    }

    @Test("sizes, scales, positions and durations say what they expect")
    func values() throws {
        let spaced = try onlyError(studioHeader + "resize main 320 x 240")
        #expect(spaced.message == "expected a size WIDTHxHEIGHT such as 320x240, found `320`")
        #expect(spaced.hint == "write the size without spaces: 320x240")
        #expect(try onlyError(studioHeader + "resize main 320X240").hint == "use a lower-case x: 320x240")

        let scale = try onlyError(studioHeader + "rescale DP-1 to 1.33")
        #expect(scale.message == "1.33 is not a multiple of 1/120, the unit fractional-scale-v1 sends scales in")
        #expect(scale.hint == "the nearest scales are 1.325 and 160/120")
        #expect(try onlyError(studioHeader + "rescale DP-1 to 0").message == "a scale must be greater than 0 and at most 16, found 0")

        let position = try onlyError(studioHeader + "move display DP-2 to 1920")
        #expect(position.message == "expected `,`, found the end of the line")
        #expect(position.hint.contains("X,Y"))

        let half = try onlyError(studioHeader + "tile main lfet")
        #expect(half.message == "expected the half to tile to (left or right), found `lfet`")
        #expect(half.hint == "did you mean `left`?")
        #expect(try onlyError(studioHeader + "tile main").message == "expected the half to tile to (left or right), found the end of the line")
        #expect(try onlyError(studioHeader + "untile main left").message == "expected the end of the line, found `left`")

        let duration = try onlyError(studioHeader + "wait 200")
        #expect(duration.message == "expected a duration such as 200ms, or `until`, found `200`")
        #expect(duration.hint == "add a unit: 200s or 200ms")
        #expect(try onlyError(studioHeader + "wait untl main on DP-1").hint == "did you mean `until`?")
    }

    @Test("the hint for a missing `at` in a display")
    func displayWithoutPosition() throws {
        let error = try onlyError(studioHeader + "plug display TV 1920x1080 scale 1")
        #expect(error.message == "expected `at X,Y`, found the end of the line")
        #expect(try onlyError(studioHeader + "plug display TV 1920x1080 sacle 1 at 0,0").hint == "did you mean `scale`?")
    }

    @Test("a refresh after @ that is not hertz above 0 and up to 1000, with at most three decimals, is refused at the mode")
    func displayRefresh() throws {
        for (refresh, message) in [
            ("abc", "`abc` after @ is not a refresh in hertz"), ("", "`` after @ is not a refresh in hertz"),
            ("59.9444", "`59.9444` after @ is not a refresh in hertz"), ("-5", "`-5` after @ is not a refresh in hertz"),
            ("1e3", "`1e3` after @ is not a refresh in hertz"),
            ("0", "a refresh must be above 0 and at most 1000 Hz, found 0"),
            ("1000.001", "a refresh must be above 0 and at most 1000 Hz, found 1000.001"),
        ] {
            let error = try onlyError(studioHeader + "plug display TV 1920x1080@\(refresh) at 0,0")
            #expect(error.message == message)
            #expect(error.location == SourceLocation(file: testFile, line: 2, column: 17))
        }
        #expect(try onlyError(studioHeader + "plug display TV 1920x1080@x at 0,0").hint.contains("1920x1080@59.94"))
        #expect(try onlyError(studioHeader + "plug display TV 1920X1080@30 at 0,0").hint == "use a lower-case x: 1920x1080")
    }

    @Test("header lines after the first step point back to where the steps started")
    func headerAfterSteps() throws {
        let error = try onlyError("displays: studio\nlaunch TimerApp as timer\nprofile: modern\n")
        #expect(error.location == SourceLocation(file: testFile, line: 3, column: 1))
        #expect(error.message == "`profile:` belongs to the header, but the steps started at line 2")
        #expect(error.hint == "move this line above line 2 (`launch TimerApp as timer`)")
    }

    @Test("unknown profile and backend names")
    func unknownProfile() throws {
        let error = try onlyError("displays: studio\nprofile: sway-17\n")
        #expect(error.message == "expected a profile (modern, sway-1.7, sway-1.7-floating, weston-10, kwin-5.27, mutter-43), found `sway-17`")
        #expect(error.hint == "did you mean `sway-1.7`?")
        #expect(try onlyError("displays: studio\nbackend: sim, swya\n").hint == "did you mean `sway`?")
        #expect(
            try onlyError("displays: studio\nprofile: modern\nprofile: modern\n").message
                == "`profile:` is given twice; the first is at line 2")
    }

    @Test("an unknown variation on a `vary:` line names the variations and the nearest one")
    func unknownVariation() throws {
        let error = try onlyError("displays: studio\nvary: physical-size-minus-one\n")
        #expect(error.message.hasPrefix("expected a variation (physical-size-zero, physical-size-minus-1, "), "\(error.message)")
        #expect(error.message.hasSuffix("found `physical-size-minus-one`"), "\(error.message)")
        #expect(error.hint == "did you mean `physical-size-minus-1`?")
        #expect(error.location.line == 2)
    }

    @Test("strings: unterminated, bad escapes, and strings where names belong")
    func strings() throws {
        let open = try onlyError(studioHeader + #"type main "hello"#)
        #expect(open.message == "expected a closing `\"` for this string, found the end of the line")
        #expect(open.location.column == 11)
        #expect(try onlyError(studioHeader + #"type main "a\qb""#).message == #"expected one of the escapes \" \\ \n \t, found `\q`"#)
        #expect(try onlyError(studioHeader + #"move "main" to DP-2"#).hint == "names are written without quotes: main")
        #expect(try onlyError(studioHeader + #"launch "foot" as term"#).hint == #"to run any program, write: launch command "foot" as NAME"#)
    }

    @Test("every bad line is reported, in order")
    func severalErrors() {
        let errors = parseErrors(studioHeader + "mvoe main to DP-1\nlaunch TimerApp as timer\nresize main 1x\nexpect main scale\n")
        #expect(errors.map(\.location.line) == [2, 4, 5])
    }

    @Test("a file without displays")
    func noDisplays() throws {
        let error = try onlyError("launch TimerApp as timer\n")
        #expect(error.message == "expected a display layout, found none")
        #expect(error.location == SourceLocation(file: testFile, line: 1, column: 1))
        #expect(error.hint.contains("displays: studio"))
    }

    @Test("inline displays and a layout file do not mix")
    func mixedDisplays() throws {
        let error = try onlyError("displays: studio\ndisplay TV 1920x1080 at 0,0\n")
        #expect(error.location.line == 2)
        #expect(error.message == "inline `display` lines cannot be combined with `displays: studio`")
    }

    @Test("`after the resize ended` only qualifies a callback clause")
    func misplacedAfter() throws {
        let error = try onlyError(studioHeader + "expect main scale 2, after the resize ended")
        #expect(error.message == "`after the resize ended` qualifies a callback clause, not what comes before it")
        #expect(
            try onlyError(studioHeader + "expect main drawableSizeWillChange fired 1 time, after the resize finished").hint
                == "write `after the resize ended`")
    }

    @Test("launch command with an empty line or an unterminated shell quote is an error at the string, not a client that silently fails")
    func badCommandLines() throws {
        let empty = try onlyError(studioHeader + #"launch command "" as term"#)
        #expect(empty.location == SourceLocation(file: testFile, line: 2, column: 16))
        #expect(empty.message == "the command line is empty")
        #expect(try onlyError(studioHeader + #"launch command "   " as term"#).message == "the command line is empty")

        let single = try onlyError(studioHeader + #"launch command "foot -e 'true" as term"#)
        #expect(single.location == SourceLocation(file: testFile, line: 2, column: 16))
        #expect(single.message == "the command line has an unterminated ' quote")
        let double = try onlyError(studioHeader + #"launch command "sh -c \"echo hi" as term"#)
        #expect(double.message.hasPrefix("the command line has an unterminated \" quote"), "\(double.message)")
        #expect(try onlyError(studioHeader + #"launch command "foot \\" as term"#).message == "the command line ends with a lone backslash")

        // An app's arguments are checked the same way.
        #expect(try onlyError(studioHeader + #"launch GameScene arguments "" as game"#).message == "the argument line is empty")
        #expect(
            try onlyError(studioHeader + #"launch GameScene arguments "--renderer 'gles" as game"#).message
                == "the argument line has an unterminated ' quote")

        // Closed and escaped quotes are fine.
        _ = try parse(studioHeader + #"launch command "sh -c 'echo \"it'\\''s\"'" as term"#)
        _ = try parse(studioHeader + #"launch command "echo \\' done" as term"#)
    }

    @Test("an expectation without clauses, and an interactive resize without a step count")
    func incomplete() throws {
        #expect(try onlyError(studioHeader + "expect main").message == "expected a clause, found the end of the line")
        #expect(
            try onlyError(studioHeader + "resize main 900x700 interactively in steps").message
                == "expected the number of steps, found `steps`")
        #expect(
            try onlyError(studioHeader + "resize main 900x700 interactively in 0 steps").message
                == "the number of steps must be between 1 and 1000, found 0")
    }
}

@Suite("Nearest-name hints")
struct NearestNameTests {
    @Test("close words are found, far ones are not; ties go to the first candidate")
    func nearest() {
        #expect(NearestName.nearest(to: "scael", in: ["scale", "screen"]) == "scale")
        #expect(NearestName.nearest(to: "DP1", in: ["DP-1", "DP-2"]) == "DP-1")
        #expect(NearestName.nearest(to: "xyz", in: ["scale", "screen"]) == nil)
        #expect(NearestName.nearest(to: "x", in: ["on", "no"]) == nil)
        #expect(NearestName.nearest(to: "ab", in: ["ac", "ab"]) == "ab")
        #expect(NearestName.editDistance(Array("ab"), Array("ba")) == 1)
        #expect(NearestName.editDistance(Array(""), Array("abc")) == 3)
    }

    // A hostile line of one 100 000-letter word once built a 100 000-row table per
    // keyword (found by `diorama-fuzz scenario`): words past the bound get no hint,
    // and a length difference beyond the allowed distance rules a candidate out.
    @Test("words longer than any typo get no hint; names near the bound still do")
    func longWords() {
        let long = String(repeating: "a", count: NearestName.longestWord)
        #expect(NearestName.nearest(to: long + "b", in: [long]) == nil)
        #expect(NearestName.nearest(to: long.dropLast() + "b", in: [long]) == long)
        #expect(NearestName.nearest(to: String(repeating: "x", count: 5_000), in: ["scale", "until"]) == nil)
        #expect(NearestName.nearest(to: "scaleeee", in: ["scale"]) == nil)
        #expect(NearestName.nearest(to: "scalee", in: ["scale"]) == "scale")
    }
}

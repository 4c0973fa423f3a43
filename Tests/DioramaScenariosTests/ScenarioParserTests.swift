import DioramaModel
import Testing

@testable import DioramaScenarios

@Suite("Scenario parser: statements")
struct ScenarioParserTests {
    @Test("the header sets layout, profile, timeout and backends; leading comments become the summary")
    func header() throws {
        let scenario = try parse(
            """
            # First line of the summary.
            #   Second line.

            displays: studio   # trailing comment
            profile: sway-1.7
            timeout: 1.5s
            backend: sim, sway
            launch TimerApp as timer
            """)
        #expect(scenario.name == "test")
        #expect(scenario.summary == "First line of the summary. Second line.")
        #expect(scenario.displays == .layoutFile(name("studio")))
        #expect(scenario.profile == .sway17)
        #expect(scenario.timeout == ScenarioDuration(milliseconds: 1500))
        #expect(scenario.backends == [.sim, .sway])
        #expect(scenario.steps.count == 1)
    }

    @Test("`vary:` lists explore variations, separated by commas, each once, in the order written")
    func varyLine() throws {
        let scenario = try parse("displays: studio\nvary: scale-3, physical-size-minus-1 scale-3\n")
        #expect(scenario.variations == [.scale3, .physicalSizeMinusOne])
        #expect(try parse("displays: studio\n").variations == [])
    }

    @Test("the timeout defaults to 10 seconds and the profile to none")
    func defaults() throws {
        let scenario = try parse("displays: studio\n")
        #expect(scenario.timeout == .seconds(10))
        #expect(scenario.profile == nil)
        #expect(scenario.backends == nil)
        #expect(scenario.summary == nil)
    }

    @Test("inline displays take a mode, a scale, a position and a transform in any order")
    func inlineDisplays() throws {
        let scenario = try parse(
            """
            display DP-1 1920x1080 scale 1 at 0,0
            display eDP-1 2880x1800 at -1440,0 transform 90 scale 1.25
            display HDMI-A-1 1280x720 at 1920,0
            """)
        guard case .inline(let displays) = scenario.displays else {
            Issue.record("expected inline displays")
            return
        }
        #expect(displays.map(\.name) == ["DP-1", "eDP-1", "HDMI-A-1"])
        #expect(displays[1].modeSize == Size(width: 2880, height: 1800))
        #expect(displays[1].scale == Scale(numerator120: 150))
        #expect(displays[1].position == Point(x: -1440, y: 0))
        #expect(displays[1].transform == .rotated90)
        #expect(displays[2].scale == .one)
        #expect(displays[2].transform == .normal)
        #expect(displays[1].location == SourceLocation(file: testFile, line: 2, column: 9))
    }

    @Test("launch: a Diorama app or a command, with environment variables")
    func launch() throws {
        #expect(try action("launch TimerApp as timer") == .launch(ClientLaunch(alias: name("timer"), program: .dioramaApp("TimerApp"))))
        let withEnvironment = try action(#"launch command "foot -e sh -c \"echo hi\"" as term with TERM=xterm A_1="two words" EMPTY="#)
        guard case .launch(let client) = withEnvironment else {
            Issue.record("expected a launch")
            return
        }
        #expect(client.program == .command(#"foot -e sh -c "echo hi""#))
        #expect(client.alias.name == "term")
        #expect(
            client.environment == [
                .init(name: "TERM", value: "xterm"), .init(name: "A_1", value: "two words"),
                .init(name: "EMPTY", value: ""),
            ])
        #expect(!client.isDioramaApp)
    }

    @Test("launch: an app with arguments, after its info-plist")
    func launchWithArguments() throws {
        #expect(
            try action(#"launch GameScene arguments "--renderer gles" as game"#)
                == .launch(ClientLaunch(alias: name("game"), program: .dioramaApp("GameScene"), arguments: "--renderer gles")))
        guard case .launch(let client) = try action(#"launch app "bin/Sketch" info-plist "Info.plist" arguments "-v 'a b'" as s"#) else {
            Issue.record("expected a launch")
            return
        }
        #expect(client.infoPlist?.name == "Info.plist")
        #expect(client.arguments == "-v 'a b'")
    }

    @Test("window declarations match by app_id and/or title")
    func windows() throws {
        #expect(
            try action(#"window main = timer title "Main""#)
                == .declareWindow(WindowDeclaration(name: name("main"), client: name("timer"), title: "Main")))
        #expect(
            try action(#"window t = term app_id org.foot title "x y""#)
                == .declareWindow(WindowDeclaration(name: name("t"), client: name("term"), appID: "org.foot", title: "x y")))
        #expect(try action("window g = game") == .declareWindow(WindowDeclaration(name: name("g"), client: name("game"))))
    }

    @Test("window steps")
    func windowSteps() throws {
        #expect(try action("move main to DP-2") == .moveToDisplay(window: name("main"), display: name("DP-2")))
        #expect(try action("move main to -100,200") == .moveToPosition(window: name("main"), position: Point(x: -100, y: 200)))
        #expect(try action("resize main 320x240") == .resize(window: name("main"), size: Size(width: 320, height: 240), interactiveSteps: nil))
        #expect(
            try action("resize main 900x700 interactively in 10 steps")
                == .resize(window: name("main"), size: Size(width: 900, height: 700), interactiveSteps: 10))
        #expect(
            try action("resize main 900x700 interactively in 1 step")
                == .resize(window: name("main"), size: Size(width: 900, height: 700), interactiveSteps: 1))
        #expect(try action("focus main") == .focus(window: name("main")))
        #expect(try action("maximize main") == .maximize(window: name("main")))
        #expect(try action("minimize main") == .minimize(window: name("main")))
        #expect(try action("tile main left") == .tile(window: name("main"), half: .left))
        #expect(try action("tile main right") == .tile(window: name("main"), half: .right))
        #expect(try action("untile main") == .tile(window: name("main"), half: nil))
        #expect(try action("close main") == .close(window: name("main")))
        #expect(try action("fullscreen main") == .fullscreen(window: name("main"), display: nil))
        #expect(try action("fullscreen main on TV") == .fullscreen(window: name("main"), display: name("TV")))
        #expect(try action(#"type main "hello\tworld\n""#) == .type(window: name("main"), text: "hello\tworld\n"))
    }

    @Test("display steps")
    func displaySteps() throws {
        #expect(try action("rescale DP-1 to 1.75") == .rescaleDisplay(display: name("DP-1"), scale: Scale(numerator120: 210)))
        #expect(try action("rotate DP-1 to 90") == .rotateDisplay(display: name("DP-1"), transform: .rotated90))
        #expect(try action("rotate DP-1 to flipped-270") == .rotateDisplay(display: name("DP-1"), transform: .flipped270))
        #expect(try action("rotate DP-1 to normal") == .rotateDisplay(display: name("DP-1"), transform: .normal))
        #expect(try action("move display DP-2 to 1920,-200") == .moveDisplay(display: name("DP-2"), position: Point(x: 1920, y: -200)))
        guard case .plugDisplay(let spec) = try action("plug display TV 1920x1080 scale 1 at 0,1080") else {
            Issue.record("expected plug")
            return
        }
        #expect(spec.name == "TV")
        #expect(spec.modeSize == Size(width: 1920, height: 1080))
        #expect(spec.position == Point(x: 0, y: 1080))
        #expect(spec.syntax == "TV 1920x1080 scale 1 at 0,1080")
        #expect(spec.refreshMilliHz == 60_000)
        #expect(try action("unplug TV") == .unplugDisplay(display: name("TV")))
        #expect(try action("unplug display TV") == .unplugDisplay(display: name("TV")))
    }

    @Test("a display's mode may carry its refresh as @HZ (60 Hz without); the syntax writes it back")
    func displayRefresh() throws {
        for (text, milliHz, syntax) in [
            ("TV 1920x1080@30 at 0,1080", 30_000, "TV 1920x1080@30 scale 1 at 0,1080"),
            ("TV 1920x1080@59.94 scale 2 at 0,0", 59_940, "TV 1920x1080@59.94 scale 2 at 0,0"),
            ("TV 640x480@0.5 at 0,0", 500, "TV 640x480@0.5 scale 1 at 0,0"),
            ("TV 640x480@1000 at 0,0", 1_000_000, "TV 640x480@1000 scale 1 at 0,0"),
            ("TV 640x480@60.000 at 0,0", 60_000, "TV 640x480 scale 1 at 0,0"),
        ] {
            guard case .plugDisplay(let spec) = try action("plug display " + text) else {
                Issue.record("expected plug for \(text)")
                continue
            }
            #expect(spec.modeSize == Size(width: text.hasPrefix("TV 1920") ? 1920 : 640, height: text.hasPrefix("TV 1920") ? 1080 : 480))
            #expect(spec.refreshMilliHz == milliHz, "\(text)")
            #expect(spec.syntax == syntax)
        }
        let header = try parse("display DP-1 1920x1200@10 scale 1 at 0,0")
        guard case .inline(let displays) = header.displays else {
            Issue.record("expected inline displays: \(header.displays)")
            return
        }
        #expect(displays.map(\.refreshMilliHz) == [10_000])
    }

    @Test("screenshots, client steps and waits")
    func otherSteps() throws {
        #expect(try action("screenshot as overview") == .screenshot(target: .all, name: name("overview")))
        #expect(try action("screenshot all as overview") == .screenshot(target: .all, name: name("overview")))
        #expect(try action(#"screenshot DP-2 as "after move""#) == .screenshot(target: .display(name("DP-2")), name: name("after move")))
        #expect(try action("quit timer") == .quit(client: name("timer")))
        #expect(try action("relaunch timer") == .relaunch(client: name("timer")))
        #expect(try action("wait 200ms") == .wait(ScenarioDuration(milliseconds: 200)))
        #expect(try action("wait 2s") == .wait(.seconds(2)))
        guard case .waitUntil(let condition) = try action("wait until main on DP-2, scale 2 timeout 5s") else {
            Issue.record("expected wait until")
            return
        }
        #expect(condition.window.name == "main")
        #expect(condition.clauses.map(\.kind) == [.onDisplays([name("DP-2")]), .scale(Scale(integer: 2)!)])
        #expect(condition.timeout == .seconds(5))
        guard case .waitUntil(let untimed) = try action("wait until main on DP-1, DP-2") else {
            Issue.record("expected wait until")
            return
        }
        #expect(untimed.timeout == nil)
        #expect(untimed.clauses.map(\.kind) == [.onDisplays([name("DP-1"), name("DP-2")])])
    }

    @Test("a step keeps its text without the comment, and where it starts")
    func stepText() throws {
        let scenario = try parse(studioHeader + "   resize main 320x240      # below the minimum width\n")
        let step = try #require(scenario.steps.first)
        #expect(step.text == "resize main 320x240")
        #expect(step.location == SourceLocation(file: testFile, line: 2, column: 4))
    }

    @Test("a # inside a string is not a comment")
    func hashInString() throws {
        #expect(try action(##"type main "#1 # not a comment" # a comment"##) == .type(window: name("main"), text: "#1 # not a comment"))
    }

    @Test("CRLF line endings parse like LF")
    func crlf() throws {
        let scenario = try parse("displays: studio\r\nlaunch TimerApp as timer\r\n")
        #expect(scenario.clients.map(\.alias.name) == ["timer"])
        #expect(scenario.sourceLines[1] == "launch TimerApp as timer")
    }
}

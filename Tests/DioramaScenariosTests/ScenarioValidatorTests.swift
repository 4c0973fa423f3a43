import DioramaModel
import Foundation
import Testing

@testable import DioramaScenarios

@Suite("Scenario validation: names are checked before anything runs")
struct ScenarioValidatorTests {
    func onlyError(
        _ text: String, environment: ScenarioEnvironment = shippedEnvironment,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> ScenarioDiagnostic {
        let errors = validationErrors(text, environment: environment, sourceLocation: sourceLocation)
        #expect(errors.count == 1, "errors: \(errors)", sourceLocation: sourceLocation)
        return try #require(errors.first, sourceLocation: sourceLocation)
    }

    let tour = """
        displays: studio
        launch TimerApp as timer
        window main = timer title "Main"

        """

    @Test("a valid scenario resolves the layout file and its display names")
    func valid() throws {
        let validated = try validate(tour + "move main to HDMI-A-1\nexpect main on HDMI-A-1\n")
        guard case .layoutFile(let layout) = validated.startingDisplays else {
            Issue.record("expected a layout file")
            return
        }
        #expect(layout.path.hasSuffix("Configs/displays/studio.json"))
        #expect(layout.displayNames == ["DP-1", "DP-2", "HDMI-A-1"])
        #expect(validated.startingDisplays.names == ["DP-1", "DP-2", "HDMI-A-1"])
    }

    @Test("an unknown display lists the displays of the layout, with the nearest first")
    func unknownDisplay() throws {
        let error = try onlyError(tour + "move main to DP-3\n")
        #expect(error.location == SourceLocation(file: testFile, line: 4, column: 14))
        #expect(error.message == "unknown display `DP-3`")
        #expect(error.hint == "did you mean `DP-1`? (the displays here are `DP-1`, `DP-2`, `HDMI-A-1`)")
        #expect(error.sourceLine == "move main to DP-3")
        let far = try onlyError(tour + "expect main on Projector\n")
        #expect(far.hint == "the displays here are `DP-1`, `DP-2`, `HDMI-A-1`")
    }

    @Test("an unknown window lists the declared ones")
    func unknownWindow() throws {
        let error = try onlyError(tour + "move mian to DP-2\n")
        #expect(error.message == "unknown window `mian`")
        #expect(error.hint == "did you mean `main`? (the windows are `main`)")
        #expect(error.location.column == 6)
    }

    @Test("a window used before its declaration says where the declaration is")
    func usedBeforeDeclared() throws {
        let error = try onlyError("displays: studio\nlaunch TimerApp as timer\nexpect tv on DP-1\nwindow tv = timer title \"Timer\"\n")
        #expect(error.message == "window `tv` is used before it is declared (line 4)")
        #expect(error.hint == "move `window tv = …` above this line")
    }

    @Test("a display used after it was unplugged")
    func unpluggedThenUsed() throws {
        let error = try onlyError(tour + "plug display TV 1920x1080 at 0,1080\nunplug TV\nmove main to TV\n")
        #expect(error.message == "display `TV` was unplugged at line 5")
        #expect(error.location.line == 6)
        // Plugging it in again makes it usable.
        _ = try validate(tour + "plug display TV 1920x1080 at 0,1080\nunplug TV\nplug display TV 1920x1080 at 0,1080\nmove main to TV\n")
    }

    @Test("plugged displays exist from their line on, and cannot be plugged twice")
    func plugged() throws {
        _ = try validate(tour + "plug display TV 1920x1080 at 0,1080\nexpect main on TV\nscreenshot TV as tv\n")
        #expect(try onlyError(tour + "expect main on TV\nplug display TV 1920x1080 at 0,1080\n").message == "unknown display `TV`")
        #expect(try onlyError(tour + "plug display DP-1 1920x1080 at 0,1080\n").message == "display `DP-1` is already connected")
        #expect(
            try onlyError(tour + "plug display all 1920x1080 at 0,1080\n").message
                == "`all` cannot name a display: scenarios use it as a keyword")
    }

    @Test("relaunch needs a quit first; quit needs a running client")
    func relaunchAndQuit() throws {
        let relaunch = try onlyError(tour + "relaunch timer\n")
        #expect(relaunch.message == "`relaunch timer` of a client that is still running (it was never quit)")
        #expect(relaunch.hint == "quit it first: `quit timer`")
        #expect(try onlyError(tour + "quit timer\nquit timer\n").message == "client `timer` quit at line 4")
        #expect(try onlyError(tour + "quit tmer\n").hint == "did you mean `timer`?")
        _ = try validate(tour + "quit timer\nrelaunch timer\nquit timer\nrelaunch timer\nexpect main restored\n")
        #expect(
            try onlyError(tour + "quit timer\nrelaunch timer\nrelaunch timer\n").message
                == "`relaunch timer` of a client that is still running (it was relaunched at line 5 and not quit since)")
    }

    @Test("a quit client's windows cannot be acted on until it is relaunched, but can be checked")
    func quitWindows() throws {
        let error = try onlyError(tour + "quit timer\nmove main to DP-2\n")
        #expect(error.message == "window `main` belongs to `timer`, which quit at line 4")
        #expect(error.hint == "relaunch it first: `relaunch timer`")
        _ = try validate(tour + "quit timer\nexpect main disconnected\nrelaunch timer\nmove main to DP-2\n")
    }

    @Test("closed windows cannot be acted on")
    func closed() throws {
        #expect(try onlyError(tour + "close main\nfocus main\n").message == "window `main` was closed at line 4")
    }

    @Test("client and window names are unique")
    func duplicates() throws {
        #expect(try onlyError(tour + "launch GameScene as timer\n").message == "client name `timer` is already used at line 2")
        #expect(try onlyError(tour + "window main = timer\n").message == "window `main` is already declared at line 3")
        #expect(try onlyError(tour + "window display = timer\n").message == "`display` cannot name a window: scenarios use it as a keyword")
        #expect(
            try onlyError(tour + "screenshot as a\nscreenshot DP-1 as a\n").message
                == "a screenshot called `a` is already taken at line 4")
    }

    @Test("a window of an unknown client, and an unknown app")
    func unknownClient() throws {
        #expect(
            try onlyError("displays: studio\nwindow w = nobody\n").hint
                == "no client is launched yet; add e.g. `launch TimerApp as nobody` first")
        let app = try onlyError("displays: studio\nlaunch TimerAp as timer\n")
        #expect(app.message == "unknown Diorama app `TimerAp`")
        #expect(app.location.column == 8)
        #expect(app.hint == "did you mean `TimerApp`?")
        // Without a list of apps, any name goes.
        _ = try validate(
            "displays: studio\nlaunch Anything as a\n",
            environment: ScenarioEnvironment(layoutDirectories: shippedEnvironment.layoutDirectories, knownApps: nil))
    }

    @Test("a missing layout names the paths searched and the layouts that exist")
    func missingLayout() throws {
        let error = try onlyError("displays: studoi\n")
        #expect(error.location == SourceLocation(file: testFile, line: 1, column: 11))
        #expect(error.message.hasPrefix("no display layout `studoi` (looked for "))
        #expect(error.hint == "did you mean `studio`?")
        #expect(try onlyError("displays: nothing-like-it\n").hint == "the layouts are `dual`, `laptop`, `studio`")
    }

    @Test("a malformed layout file is reported at the file")
    func malformedLayout() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write(#"{"displays": [{"mode": {}}]}"#, to: "bad.json")
        try directory.write("{not json", to: "broken.json")
        let environment = ScenarioEnvironment(layoutDirectories: [directory.path], knownApps: nil)
        let missingName = try onlyError("displays: bad\n", environment: environment)
        #expect(missingName.location.file.hasSuffix("bad.json"))
        #expect(missingName.message.contains("\"name\" is missing at .displays[0]"))
        let broken = try onlyError("displays: broken\n", environment: environment)
        #expect(broken.message.contains("not valid JSON"))
    }

    @Test("a layout given by path is found relative to the scenario")
    func layoutByPath() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write(#"{"displays": [{"name": "X-1", "mode": {"width": 10, "height": 10}}]}"#, to: "layouts/mine.json")
        let scenario = try directory.write("displays: layouts/mine.json\nlaunch A as a\nwindow w = a\nexpect w on X-1\n", to: "x.scenario")
        let validated = try ScenarioLoader.load(
            path: scenario,
            environment: ScenarioEnvironment(layoutDirectories: [], knownApps: nil))
        #expect(validated.startingDisplays.names == ["X-1"])
        let relative = try directory.write("displays: ../layouts/mine.json\n", to: "s/y.scenario")
        #expect(try ScenarioLoader.load(path: relative).startingDisplays.names == ["X-1"])
    }

    @Test("a scenario named by a relative path: `displays: ../x.json` is relative to the scenario's folder, not the current one")
    func layoutByPathFromRelativeScenario() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let layout = try directory.write(#"{"displays": [{"name": "X-1", "mode": {"width": 10, "height": 10}}]}"#, to: "scenarios/x.json")
        let scenario = try directory.write("displays: ../x.json\n", to: "scenarios/sub/a.scenario")
        // The same file named relative to the current directory, the way
        // `diorama run scenarios/sub/a.scenario` names it: up to /, then down.
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        let relative = String(repeating: "../", count: depth) + scenario.dropFirst()
        #expect(FileManager.default.fileExists(atPath: relative))

        let environment = ScenarioEnvironment(layoutDirectories: [], knownApps: nil)
        let found = environment.layoutFile(for: "../x.json", scenarioFile: relative)
        #expect(found.path == layout, "searched: \(found.searched)")
        #expect(try ScenarioLoader.load(path: relative, environment: environment).startingDisplays.names == ["X-1"])
    }

    @Test("inline displays: duplicates and reserved names")
    func inlineProblems() throws {
        let duplicate = try onlyError("display A 10x10 at 0,0\ndisplay A 10x10 at 10,0\n")
        #expect(duplicate.message == "display `A` is declared twice; the first is at line 1")
        #expect(try onlyError("display scale 10x10 at 0,0\n").message == "`scale` cannot name a display: scenarios use it as a keyword")
    }

    @Test("`after the resize ended` needs an interactive resize of the window just before")
    func afterResizeNeedsInteractiveResize() throws {
        _ = try validate(tour + "resize main 900x700 interactively in 3 steps\nexpect main drawableSizeWillChange fired 1 time, after the resize ended\n")
        let error = try onlyError(tour + "resize main 900x700\nexpect main drawableSizeWillChange fired 1 time, after the resize ended\n")
        #expect(
            error.message
                == "`after the resize ended` needs an interactive resize of `main` as the step before; the step before is line 4: `resize main 900x700`")
        #expect(error.location.column == 13)
    }

    @Test("all problems of a file are reported together, in line order")
    func allProblems() {
        let errors = validationErrors(tour + "move main to X\nmove nobody to DP-1\nrelaunch timer\n")
        #expect(errors.map(\.location.line) == [4, 5, 6])
    }

    @Test("an unreadable scenario file is one error at its first line")
    func unreadable() {
        do {
            _ = try ScenarioLoader.load(path: "/nonexistent/x.scenario")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(error.diagnostics[0].location == .startOfFile("/nonexistent/x.scenario"))
            #expect(error.diagnostics[0].message.hasPrefix("cannot read the scenario file"))
        }
    }
}

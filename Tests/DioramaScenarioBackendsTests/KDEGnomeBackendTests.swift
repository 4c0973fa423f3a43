import DioramaModel
import DioramaScenarios
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import HeadlessCompositors
import Testing

@testable import DioramaScenarioBackends

/// The shipped scenarios on a real headless KWin 5.27 and Mutter 43, with the
/// sample apps as their clients: what each compositor can do passes, what it
/// cannot is skipped with a reason, and a scenario written for other
/// backends says so. KWin's tests and Mutter's are two suites, each one
/// session at a time, that run side by side: every session has its own bus
/// and sockets. A session start costs about 1.4 s of CPU and the shipped
/// suite starts one per scenario, so those two tests weigh two slots of
/// `.ownThreads`.
enum KDEGnomeBackendTests {
    /// Every shipped scenario on `backend`: none fails, each skip has a reason.
    static func runShippedSuite(on backend: BackendKind) async throws -> [ScenarioResult] {
        let timer = try TestExecutable.locate("TimerApp")
        let suite = try ScenarioSuite.collect([PackageRoot.path("Configs/scenarios")])
        let scenarios = try suite.files.map { try ScenarioLoader.load(path: $0) }
        let work = try PackageRoot.temporaryDirectory("\(backend.rawValue)-suite")
        defer { try? FileManager.default.removeItem(at: work) }
        let configuration = BackendConfiguration(
            executableDirectories: [timer.deletingLastPathComponent().path], workDirectory: work.path)
        // Two scenarios at a time, each with its compositor (the test weighs
        // two slots): a session start per scenario made the suite on Mutter
        // the run's longest test.
        var options = RealCompositorBackendTests.runOptions(on: backend, work: work)
        options.jobs = 2
        let results = await ScenarioSuiteRunner(options: options).run(scenarios) {
            ScenarioBackends.make(backend, configuration: configuration)
        }
        #expect(results.count == scenarios.count)
        for result in results {
            let timeline = ConsoleReporter.render(result, useColor: false)
            switch result.status {
            case .passed:
                // On Mutter a scenario whose every check follows a skipped window step checks nothing.
                RealCompositorBackendTests.expectHonestPass(result, passedAtLeast: backend == .mutter ? 0 : 1)
            case .skipped(let reason):
                #expect(reason.contains("backend:"), "\(result.name) skipped on \(backend) without its backend line:\n\(timeline)")
            default:
                Issue.record("\(result.name) on \(backend): \(result.status)\n\(timeline)")
            }
        }
        return results
    }

    static func result(_ name: String, in results: [ScenarioResult]) throws -> ScenarioResult {
        try #require(results.first { $0.name == name })
    }

    /// `diorama run --on BACKEND` (with `extra` options) on one shipped
    /// scenario: it exits 0 and names the backend.
    static func runCommand(on backend: BackendKind, _ extra: [String] = []) throws {
        let directory = try PackageRoot.temporaryDirectory("run-\(backend.rawValue)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try RunCommandTests.diorama(
            ["run", "--on", backend.rawValue] + extra + [PackageRoot.path("Configs/scenarios/minimum-width.scenario")],
            in: directory, timeout: 180)
        #expect(result.status == 0, "stdout:\n\(result.standardOutput)\nstderr:\n\(result.standardError)")
        #expect(result.standardOutput.contains("(\(backend.rawValue)"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("1 passed"), "\(result.standardOutput)")
    }

    /// `tile main right`, `tile main left` and `untile main` on `backend`:
    /// TimerApp's scene takes half of DP-1, then its own size back.
    static func expectHalfTiling(on backend: BackendKind) async throws {
        let scenario = """
            # Half tiling on DP-1 (1920x1080 points), then back. KWin opens the
            # window on the output under its cursor, so it is moved first.
            displays: dual
            launch TimerApp as timer
            window main = timer title "Main"
            move main to DP-1
            expect main bounds 640x480
            tile main right
            expect main bounds 960x1080
            tile main left
            expect main bounds 960x1080
            untile main
            expect main bounds 640x480
            """
        let result = try await RealCompositorBackendTests.run(scenario: scenario, named: "tiling", on: backend)
        RealCompositorBackendTests.expectHonestPass(result, passedAtLeast: 4)
        let timeline = ConsoleReporter.render(result, useColor: false)
        let tiles = result.entries.filter { ["tile", "untile"].contains($0.step.action.keyword) }
        #expect(tiles.map(\.outcome) == [.done, .done, .done], "\(timeline)")
    }
}

@Suite("Shipped scenarios on real KWin", .serialized, .ownThreads(longChain: .seconds(24)))
struct KWinBackendTests {
    @Test("every shipped scenario passes on --on kwin, or says it is written for other backends", .ownThreads(weight: 2))
    func shippedSuiteOnKWin() async throws {
        let results = try await KDEGnomeBackendTests.runShippedSuite(on: .kwin)
        // The scenarios KWin 5.27 can run as written (the others say why not in their backend: line).
        for name in ["minimum-width", "rescale-under-window"] {
            #expect(try KDEGnomeBackendTests.result(name, in: results).status == .passed, "\(name)")
        }
    }

    @Test("on KWin a window moves to the 2x and the 1.5x display by script and renders there; a display plugs and unplugs")
    func movesAndPlugsOnKWin() async throws {
        let scenario = """
            # Moves, a fractional scale and a plug on KWin.
            displays: studio
            launch TimerApp as timer
            window main = timer title "Main"
            move main to DP-2
            expect main on DP-2, scale 2, drawable = bounds * 2, traits.displayScale 2
            move main to HDMI-A-1
            expect main entered exactly HDMI-A-1, scale 1.5, buffer = round(bounds * 1.5)
            move main to DP-1
            expect main on DP-1, scale 1, drawable = bounds
            plug display TV 1920x1080 scale 2 at 0,1080
            move main to TV
            expect main on TV, scale 2
            unplug TV
            """
        let result = try await RealCompositorBackendTests.run(scenario: scenario, named: "moves", on: .kwin)
        RealCompositorBackendTests.expectHonestPass(result, passedAtLeast: 12)
        for clause in ["on DP-2", "scale 2", "entered exactly HDMI-A-1", "scale 1.5", "on DP-1", "scale 1", "on TV"] {
            #expect(
                RealCompositorBackendTests.verdict(clause, in: result)?.isPassed == true,
                "\(clause):\n\(ConsoleReporter.render(result, useColor: false))")
        }
    }

    @Test(
        "`tile main right`, `tile main left` and `untile main` on the simulator and KWin (quick-tile slots): TimerApp's scene takes half of DP-1, then its own size back",
        arguments: [BackendKind.sim, .kwin])
    func halfTiling(on backend: BackendKind) async throws {
        try await KDEGnomeBackendTests.expectHalfTiling(on: backend)
    }

    @Test("diorama run --on kwin FILE exits 0 and names the backend")
    func runCommand() throws {
        try KDEGnomeBackendTests.runCommand(on: .kwin)
    }
}

@Suite("Shipped scenarios on real Mutter", .serialized, .ownThreads(longChain: .seconds(45)))
struct MutterBackendTests {
    @Test(
        "every shipped scenario passes on --on mutter, or says it is written for other backends; moves to a display run by keybinding",
        .ownThreads(weight: 2))
    func shippedSuiteOnMutter() async throws {
        let results = try await KDEGnomeBackendTests.runShippedSuite(on: .mutter)
        // The timer tour's window is the focused one: both its moves run (DP-1 → DP-2, then on to HDMI-A-1).
        let tour = try KDEGnomeBackendTests.result("timer-tour", in: results)
        let moves = tour.entries.filter { $0.step.action.keyword == "move" }
        #expect(moves.count == 2)
        for move in moves {
            #expect(move.outcome == .done, "line \(move.step.location.line): \(move.outcome)")
        }
        #expect(RealCompositorBackendTests.verdict("traits.displayScale 2", in: tour)?.isPassed == true)
        #expect(RealCompositorBackendTests.verdict("drawable = bounds * 2", in: tour)?.isPassed == true)
        // In the demo tour GameScene opened last and has the focus: Mutter's keybinding cannot move TimerApp.
        let demo = try KDEGnomeBackendTests.result("demo-tour", in: results)
        let mainMove = try #require(demo.entries.first { $0.step.action.keyword == "move" })
        guard case .skipped(let reason) = mainMove.outcome else {
            Issue.record("moving the unfocused window was not skipped: \(mainMove.outcome)")
            return
        }
        #expect(reason.contains("Mutter 43") && reason.contains("not focused"), "\(reason)")
        #expect(results.map(\.passedClauseCount).reduce(0, +) > 0, "the suite checked nothing on Mutter")
    }

    @Test(
        "on Mutter a TimerApp window moves from DP-1 to DP-2 and back by keybinding, draws at each display's scale, and a plugged display gets TimerApp's external scene"
    )
    func movesOnMutter() async throws {
        let scenario = """
            # Moves by Mutter's move-to-monitor keybinding.
            displays: dual
            launch TimerApp as timer
            window main = timer title "Main"
            expect main screen DP-1, scale 1, drawable = bounds
            move main to DP-2
            expect main screen DP-2, scale 2, drawable = bounds * 2, traits.displayScale 2
            move main to DP-1
            expect main screen DP-1, scale 1, drawable = bounds, traits.displayScale 1
            move main to DP-1
            move main to DP-2
            unplug DP-2
            expect main scale 1, traits.displayScale 1
            plug display TV 1920x1080 scale 1 at 1920,0
            window tv = timer title "Timer"
            expect tv role external-display-non-interactive
            move main to TV
            unplug TV
            expect tv disconnected
            """
        let result = try await RealCompositorBackendTests.run(scenario: scenario, named: "moves", on: .mutter)
        RealCompositorBackendTests.expectHonestPass(result, passedAtLeast: 12)
        let timeline = ConsoleReporter.render(result, useColor: false)
        let moves = result.entries.filter { $0.step.action.keyword == "move" }
        #expect(moves.prefix(4).map(\.outcome) == [.done, .done, .done, .done], "\(timeline)")
        // TimerApp's scene on the plugged TV took the focus: Mutter's keybinding cannot move `main` now.
        guard case .skipped(let reason)? = moves.last?.outcome else {
            Issue.record("moving the unfocused window was not skipped:\n\(timeline)")
            return
        }
        #expect(reason.contains("not focused"), "\(reason)")
        // Unplugging DP-2 under `main` brought it back to DP-1's scale.
        #expect(result.clauseResults.last { $0.clause.text == "traits.displayScale 1" }?.verdict.isPassed == true, "\(timeline)")
        let plugs = result.entries.filter { ["plug display", "unplug"].contains($0.step.action.keyword) }
        #expect(plugs.map(\.outcome) == [.done, .done, .done], "\(timeline)")
        // Mutter turns every monitor on when the TV goes; DP-2, unplugged before, is turned off again.
        #expect(plugs.last?.displays?.map(\.name) == ["DP-1"], "\(String(describing: plugs.last?.displays))\n\(timeline)")
        // `tv` is the TV's own scene, not one TimerApp made for DP-2 while Mutter had it on for a moment.
        #expect(result.entries.allSatisfy { $0.settleNote == nil }, "every step settles:\n\(timeline)")
        for clause in ["screen DP-2", "traits.displayScale 2", "traits.displayScale 1", "role external-display-non-interactive", "disconnected"] {
            #expect(
                RealCompositorBackendTests.verdict(clause, in: result)?.isPassed == true,
                "\(clause):\n\(ConsoleReporter.render(result, useColor: false))")
        }
    }

    @Test(
        "on Mutter keys go through RemoteDesktop: a key pressed in one step stays down and repeats until released, hold and type arrive in the app",
        .timeLimit(.minutes(10)))
    func keysOnMutter() async throws {
        let scenario = """
            display DP-1 1920x1200 scale 1 at 0,0
            launch TimerApp as timer
            window main = timer title "Main"
            expect main state foregroundActive
            press main key Right
            wait until main pressesBegan fired >= 3 times
            release main key Right
            expect main pressesEnded fired 1 time
            hold main key Left for 100ms
            expect main pressesEnded fired 1 time, pressesCancelled fired 0 times
            type main "ab"
            expect main pressesBegan fired 2 times, pressesEnded fired 2 times
            """
        let result = try await RealCompositorBackendTests.run(scenario: scenario, named: "keys", on: .mutter)
        RealCompositorBackendTests.expectHonestPass(result, passedAtLeast: 6)
        let timeline = ConsoleReporter.render(result, useColor: false)
        let keySteps = result.entries.filter { ["press", "release", "hold", "type"].contains($0.step.action.keyword) }
        #expect(keySteps.map(\.outcome) == [.done, .done, .done, .done], "every key step is performed, none skipped:\n\(timeline)")
        #expect(result.clauseResults.allSatisfy { !$0.verdict.isSkipped }, "\(timeline)")
        // A key held across steps repeats in the app; its repeats are not a
        // trace that keeps changing, so the steps settle.
        #expect(result.entries.allSatisfy { $0.settleNote == nil }, "\(timeline)")
    }

    @Test("diorama run --on mutter --refresh 10 FILE exits 0 and names the backend")
    func runCommand() throws {
        try KDEGnomeBackendTests.runCommand(on: .mutter, ["--refresh", "10"])
    }

    @Test("Mutter's monitors get each display's refresh: a display line's @HZ, 60 Hz without one, and --refresh over both")
    func displayRefreshReachesMutter() async throws {
        let work = try PackageRoot.temporaryDirectory("mutter-refresh")
        defer { try? FileManager.default.removeItem(at: work) }
        let displays = StartingDisplayRefreshTests.thirtyAndSixtyHertz
        for (override, expected) in [(nil, [30.0, 60.0]), (Optional(12_500), [12.5, 12.5])] {
            let backend = MutterScenarioBackend(configuration: BackendConfiguration(workDirectory: work.path))
            try await backend.start(
                ScenarioSetup(
                    scenarioName: "refresh", displays: displays, profile: .modern, timeout: .seconds(30),
                    artifactsDirectory: work.path, refreshMilliHz: override))
            let monitors = try backend.compositor.map { try MutterHeadless.displayState(of: $0).monitors } ?? []
            await backend.stop()
            #expect(monitors.map(\.refreshHz) == expected, "--refresh \(override.map(String.init) ?? "none"): \(monitors)")
        }
    }

    @Test(
        "`tile main right`, `tile main left` and `untile main` on Mutter (Super+Left/Right): TimerApp's scene takes half of DP-1, then its own size back"
    )
    func halfTiling() async throws {
        try await KDEGnomeBackendTests.expectHalfTiling(on: .mutter)
    }
}

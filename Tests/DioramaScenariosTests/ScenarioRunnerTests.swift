import DioramaModel
import Testing

@testable import DioramaScenarios

@Suite("Scenario runner with a scripted backend")
struct ScenarioRunnerTests {
    let two = Scale(integer: 2)!
    let size = Size(width: 800, height: 600)

    /// A backend where `main` is on DP-1 at 1x until the step on `movedAtLine`, then on DP-2 at 2x.
    func movingBackend(movedAtLine: Int) -> ScriptedBackend {
        let size = size, two = two
        return ScriptedBackend { window, line, _ in
            line >= movedAtLine
                ? renderedObservation(on: ["DP-2"], scale: two, bounds: size, origin: Point(x: 2200, y: 100))
                : renderedObservation(on: ["DP-1"], scale: .one, bounds: size, origin: Point(x: 100, y: 100))
        }
    }

    let moveScenario = """
        # Moves main to the 2x display.
        displays: studio
        launch TimerApp as timer
        window main = timer title "Main"
        expect main on DP-1, scale 1
        move main to DP-2
        expect main on DP-2, scale 2, drawable = bounds * 2, no stale frames
        """

    @Test("steps run in order: start, launch, perform, settle, observe, stop")
    func callOrder() async throws {
        let backend = movingBackend(movedAtLine: 6)
        let result = await ScenarioRunner().run(try validate(moveScenario), on: backend)
        #expect(
            backend.log == [
                "start test modern [DP-1,DP-2,HDMI-A-1]", "displays",
                "launch timer",
                "perform window main = timer title \"Main\"", "settle main", "observe main",
                "settle main", "observe main",
                "perform move main to DP-2", "settle main", "observe main",
                "settle main", "observe main",
                "stop",
            ])
        #expect(result.status == .passed)
        #expect(result.passedClauseCount == 6)
        #expect(result.entries.map(\.index) == [1, 2, 3, 4, 5])
        #expect(result.entries[0].detail == "TimerApp pid 4242")
        #expect(backend.setup?.timeout == .seconds(10))
        #expect(backend.setup?.artifactsDirectory == "diorama-artifacts/test")
    }

    @Test("`crisp` is judged only when asked, and skipped with the reason on a backend that takes no screenshots")
    func crispIsAskedForOnlyByItsClause() async throws {
        let backend = movingBackend(movedAtLine: 1000)
        let result = await ScenarioRunner().run(
            try validate(
                """
                displays: studio
                launch TimerApp as timer
                window main = timer title "Main"
                expect main on DP-1
                expect main crisp, scale 1
                """), on: backend)
        let clauses = try #require(result.entries.last).clauses
        #expect(clauses.map(\.clause.text) == ["crisp", "scale 1"])
        #expect(
            clauses.first?.verdict
                == .skipped(
                    reason: "the window's frame on its display is not observable: the sim backend takes no screenshots to compare with the window's buffer"))
        #expect(clauses.last?.verdict.isPassed == true)
    }

    @Test("a failed clause fails the scenario with expected and actual, and the run goes on")
    func failedClause() async throws {
        let backend = movingBackend(movedAtLine: 1000)  // never moves
        let result = await ScenarioRunner().run(try validate(moveScenario), on: backend)
        #expect(result.status == .failed)
        let last = try #require(result.entries.last)
        #expect(last.outcome == .done)
        #expect(
            last.clauses.map(\.verdict) == [
                .failed(expected: "on DP-2", actual: "on DP-1"),
                .failed(expected: "scale 2", actual: "scale 1"),
                .failed(expected: "1600x1200 (bounds * 2 with bounds 800x600)", actual: "800x600"),
                .passed(actual: "no stale frames"),
            ])
        #expect(last.clauses.allSatisfy { $0.window == "main" })
        #expect(result.failedClauseCount == 3)
        #expect(backend.log.last == "stop")
    }

    @Test("a failed step stops the run; the rest is not run, and the backend is stopped")
    func failedStep() async throws {
        let backend = movingBackend(movedAtLine: 6)
        backend.outcomes[6] = .failed("the window did not move")
        let result = await ScenarioRunner().run(try validate(moveScenario), on: backend)
        #expect(result.status == .failed)
        #expect(result.entries[3].outcome == .failed(message: "the window did not move"))
        #expect(result.entries[4].outcome == .notRun(reason: "an earlier step failed (line 6: the window did not move)"))
        #expect(result.entries[4].clauses.isEmpty)
        #expect(backend.log.filter { $0 == "stop" }.count == 1)
        #expect(!backend.log.contains("observe main") || backend.log.lastIndex(of: "observe main")! < backend.log.firstIndex(of: "perform move main to DP-2")!)
    }

    @Test("checks right after a skipped step are skipped with its reason, until an action is done")
    func skippedStep() async throws {
        let text = """
            displays: studio
            launch TimerApp as timer
            window main = timer
            rotate DP-1 to 90
            expect main orientation portrait
            move main to DP-2
            expect main on DP-2
            """
        let backend = movingBackend(movedAtLine: 6)
        backend.outcomes[4] = .skipped("sway cannot rotate a headless output")
        let result = await ScenarioRunner().run(try validate(text), on: backend)
        #expect(result.status == .passed)
        #expect(result.entries[2].outcome == .skipped(reason: "sway cannot rotate a headless output"))
        let reason = "follows a skipped step (line 4: sway cannot rotate a headless output)"
        #expect(result.entries[3].outcome == .skipped(reason: reason))
        #expect(result.entries[3].clauses.map(\.verdict) == [.skipped(reason: reason)])
        #expect(result.entries[5].clauses.map(\.verdict) == [.passed(actual: "on DP-2")])
        #expect(result.skippedClauseCount == 1)
        #expect(result.entries[2].displays != nil, "display steps re-read the displays")
    }

    @Test("a scenario for other backends is skipped whole, without starting anything")
    func backendHint() async throws {
        let backend = ScriptedBackend(kind: .weston)
        let result = await ScenarioRunner().run(try validate("backend: sim, sway\n" + moveScenario), on: backend)
        #expect(result.status == .skipped(reason: "written for sim, sway (its `backend:` line), not weston"))
        #expect(backend.log.isEmpty)
        #expect(result.entries.count == 5)
        #expect(result.entries.allSatisfy { if case .notRun = $0.outcome { true } else { false } })
        #expect(result.isSuccess)
    }

    @Test("--refresh reaches the backend's setup and every plugged display; without it a display keeps its own @HZ")
    func refreshOverride() async throws {
        let scenario = try validate(
            """
            display DP-1 1920x1080@30 at 0,0
            launch TimerApp as timer
            plug display TV 1920x1080@50 at 1920,0
            """)
        for (override, plugged) in [(nil, 50_000), (Optional(10_000), 10_000)] {
            let backend = ScriptedBackend()
            _ = await ScenarioRunner(options: ScenarioRunOptions(refreshMilliHz: override)).run(scenario, on: backend)
            #expect(backend.setup?.refreshMilliHz == override)
            guard case .plugDisplay(let spec)? = backend.performed.last?.action else {
                Issue.record("the plug step was not performed: \(backend.log)")
                continue
            }
            #expect(spec.refreshMilliHz == plugged)
        }
    }

    @Test("a backend that does not start makes the scenario an error")
    func startFailure() async throws {
        let backend = ScriptedBackend()
        backend.startError = ScriptedBackend.ScriptError(description: "sway is not installed; apt-get install sway")
        let result = await ScenarioRunner().run(try validate(moveScenario), on: backend)
        #expect(result.status == .error(message: "the sim backend did not start: sway is not installed; apt-get install sway"))
        #expect(backend.log.last == "stop")
        #expect(!result.isSuccess)
    }

    @Test("a launch that throws fails the step")
    func launchFailure() async throws {
        let backend = ScriptedBackend()
        backend.launchError = ScriptedBackend.ScriptError(description: "no such app")
        let result = await ScenarioRunner().run(try validate(moveScenario), on: backend)
        #expect(result.entries[0].outcome == .failed(message: "could not launch TimerApp: no such app"))
        #expect(result.status == .failed)
    }

    @Test("wait until re-checks after each poll until the clauses hold")
    func waitUntilPasses() async throws {
        let size = size
        let backend = ScriptedBackend { _, _, pauses in
            renderedObservation(on: pauses >= 3 ? ["DP-2"] : ["DP-1"], scale: .one, bounds: size)
        }
        let text = "displays: studio\nlaunch TimerApp as timer\nwindow main = timer\nwait until main on DP-2 timeout 1s\n"
        let result = await ScenarioRunner().run(try validate(text), on: backend)
        #expect(result.status == .passed)
        #expect(backend.pauses == 3)
        #expect(backend.log.filter { $0 == "pause 10ms" }.count == 3)
        #expect(result.entries[2].clauses.map(\.verdict) == [.passed(actual: "on DP-2")])
    }

    @Test("wait until fails when its timeout passes, with the last expected and actual")
    func waitUntilTimesOut() async throws {
        let size = size
        let backend = ScriptedBackend { _, _, _ in renderedObservation(on: ["DP-1"], scale: .one, bounds: size) }
        let text = "displays: studio\nlaunch TimerApp as timer\nwindow main = timer\nwait until main on DP-2 timeout 200ms\nexpect main on DP-1\n"
        let result = await ScenarioRunner(options: ScenarioRunOptions(pollInterval: ScenarioDuration(milliseconds: 100)))
            .run(try validate(text), on: backend)
        #expect(backend.pauses == 2)
        #expect(result.entries[2].outcome == .failed(message: "still not true after 200ms: expected on DP-2, got on DP-1"))
        #expect(result.entries[3].outcome == .notRun(reason: "an earlier step failed (line 4: still not true after 200ms: expected on DP-2, got on DP-1)"))
    }

    @Test("a wait until that runs out of time keeps its clauses: one JUnit case each, the held ones passed, counted in JSON")
    func waitUntilTimeoutKeepsItsClauses() async throws {
        let size = size
        let backend = ScriptedBackend { _, _, _ in renderedObservation(on: ["DP-1"], scale: .one, bounds: size) }
        let text = "displays: studio\nlaunch TimerApp as timer\nwindow main = timer\nwait until main scale 1, on DP-2 timeout 200ms\n"
        let result = await ScenarioRunner(options: ScenarioRunOptions(pollInterval: ScenarioDuration(milliseconds: 100)))
            .run(try validate(text), on: backend)
        #expect(result.entries[2].clauses.map(\.verdict.isPassed) == [true, false])
        let cases = JUnitReport.cases(of: result.entries[2])
        #expect(cases.map(\.name) == ["main: scale 1 (line 4)", "main: on DP-2 (line 4)"])
        guard case .failure(let message, let body, _) = cases.last?.result else {
            Issue.record("the clause that did not hold is no failure: \(String(describing: cases.last?.result))")
            return
        }
        #expect(message == "expected on DP-2, got on DP-1")
        #expect(body.hasPrefix("still not true after 200ms: expected on DP-2, got on DP-1\n"), "\(body)")
        #expect(result.failedClauseCount == 1 && result.passedClauseCount == 1)
        // The console says it once, in the step's message.
        let console = ConsoleReporter.render(result, useColor: false)
        #expect(console.components(separatedBy: "expected on DP-2, got on DP-1").count == 2, "\(console)")
    }

    @Test("wait until on a backend that hears of changes checks again after each change, never on a timer")
    func waitUntilWakesOnChanges() async throws {
        let size = size
        let backend = ScriptedBackend { _, _, waits in
            renderedObservation(on: waits >= 3 ? ["DP-2"] : ["DP-1"], scale: .one, bounds: size)
        }
        backend.changesComing = 3
        let text = "displays: studio\nlaunch TimerApp as timer\nwindow main = timer\nwait until main on DP-2 timeout 10s\n"
        let result = await ScenarioRunner().run(try validate(text), on: backend)
        #expect(result.status == .passed)
        #expect(backend.pauses == 0)
        // Each look is watched for before it is taken, and only a failed look waits.
        let waiting = backend.log.filter { $0 == "watch" || $0.hasPrefix("change") || $0 == "observe main" }
        #expect(
            waiting.suffix(11) == [
                "watch", "observe main", "change 1", "watch", "observe main", "change 2", "watch", "observe main", "change 3", "watch", "observe main",
            ])
        #expect(result.entries[2].clauses.map(\.verdict) == [.passed(actual: "on DP-2")])
    }

    @Test("wait until on a backend that hears of changes fails at its real deadline when nothing changes")
    func waitUntilWithoutChangesTimesOut() async throws {
        let size = size
        let backend = ScriptedBackend { _, _, _ in renderedObservation(on: ["DP-1"], scale: .one, bounds: size) }
        backend.changesComing = 0
        let text = "displays: studio\nlaunch TimerApp as timer\nwindow main = timer\nwait until main on DP-2 timeout 50ms\n"
        let result = await ScenarioRunner().run(try validate(text), on: backend)
        #expect(backend.pauses == 0 && backend.changes == 1)
        #expect(result.entries[2].outcome == .failed(message: "still not true after 50ms: expected on DP-2, got on DP-1"))
    }

    @Test("wait until on a fact the backend cannot see is skipped at once rather than waiting forever")
    func waitUntilUnobservable() async throws {
        let backend = ScriptedBackend { _, _, _ in WindowObservation(unavailableBecause: "weston has no IPC") }
        let text = "displays: studio\nlaunch TimerApp as timer\nwindow main = timer\nwait until main on DP-2\n"
        let result = await ScenarioRunner().run(try validate(text), on: backend)
        #expect(backend.pauses == 0)
        #expect(result.entries[2].outcome == .skipped(reason: "cannot wait for `on DP-2`: the displays entered is not observable: weston has no IPC"))
        #expect(result.status == .passed)
    }

    @Test("windows that do not settle in time are noted on the entry")
    func settleTimeout() async throws {
        let backend = movingBackend(movedAtLine: 6)
        backend.settleOutcome = .timedOut("main: configure 7 not acked")
        let result = await ScenarioRunner().run(try validate(moveScenario), on: backend)
        #expect(result.entries[3].settleNote == "not settled after 10s: main: configure 7 not acked")
        #expect(result.entries[4].settleNote == "not settled after 10s: main: configure 7 not acked")
    }

    @Test("after each action the declared windows are observed, in declaration order")
    func snapshots() async throws {
        let text = """
            displays: studio
            launch TimerApp as timer
            window main = timer title "Main"
            window tv = timer title "Timer"
            move main to DP-2
            screenshot as after
            """
        let backend = movingBackend(movedAtLine: 5)
        backend.outcomes[6] = .done(detail: nil, screenshots: [ScreenshotFile(name: "after", display: nil, path: "/tmp/after.png")])
        let result = await ScenarioRunner().run(try validate(text), on: backend)
        #expect(result.entries[3].windows.map(\.window) == ["main", "tv"])
        let main = try #require(result.entries[3].windows.first)
        #expect(main.displays == ["DP-2"])
        #expect(main.frame == Rect(x: 2200, y: 100, width: 800, height: 600))
        #expect(main.scale == two)
        #expect(main.bufferSize == Size(width: 1600, height: 1200))
        #expect(main.drawableSize == Size(width: 1600, height: 1200))
        #expect(main.displayScale == 2)
        #expect(result.entries[4].screenshots.map(\.name) == ["after"])
        #expect(result.entries[0].windows.isEmpty)
    }

    @Test("the profile: the scenario's own line, else the run's, else modern")
    func profiles() async throws {
        let backend = ScriptedBackend()
        _ = await ScenarioRunner(options: ScenarioRunOptions(profile: .weston10)).run(try validate("displays: studio\n"), on: backend)
        #expect(backend.setup?.profile == .weston10)
        let pinned = ScriptedBackend()
        _ = await ScenarioRunner(options: ScenarioRunOptions(profile: .weston10))
            .run(try validate("displays: studio\nprofile: sway-1.7\n"), on: pinned)
        #expect(pinned.setup?.profile == .sway17)
        let plain = ScriptedBackend()
        _ = await ScenarioRunner().run(try validate("displays: studio\n"), on: plain)
        #expect(plain.setup?.profile == .modern)
    }

    @Test("an observer hears every entry as it finishes, then the result")
    func observer() async throws {
        let recorder = RecordingObserver()
        let result = await ScenarioRunner().run(try validate(moveScenario), on: movingBackend(movedAtLine: 6), observer: recorder)
        #expect(recorder.events == ["start test sim modern", "entry 1", "entry 2", "entry 3", "entry 4", "entry 5", "finish test"])
        #expect(result.entries.count == 5)
    }
}

/// Records what a runner told it.
final class RecordingObserver: ScenarioRunObserver, @unchecked Sendable {
    private(set) var events: [String] = []

    func scenarioWillStart(_ scenario: Scenario, backend: BackendKind, profile: ScenarioProfile) {
        events.append("start \(scenario.name) \(backend.rawValue) \(profile.rawValue)")
    }

    func scenario(_ scenario: Scenario, didFinish entry: TimelineEntry) {
        events.append("entry \(entry.index)")
    }

    func scenarioDidFinish(_ result: ScenarioResult) {
        events.append("finish \(result.name)")
    }
}

import DioramaModel
import DioramaScenarios
import Synchronization
import Testing

@testable import DioramaScenarioBackends

/// The settle loop every backend shares (`ScenarioWindows.settle`), driven by
/// scripted looks: the outcomes depend on what the looks say, not on timing.
@Suite("Shared settling")
struct ScenarioWindowsSettleTests {
    let windows = ScenarioWindows<Int>(pollInterval: .milliseconds(1))

    @Test("a look that never changes, with nothing pending, settles")
    func unchangingLookSettles() async {
        var polls = 0
        let (outcome, settled) = await windows.settle(
            timeout: .seconds(60), quietPeriod: .zero,
            stillChanging: "changing"
        ) {
            polls += 1
            return (look: ["w": 1], pending: [])
        }
        #expect(outcome == .settled)
        #expect(settled?.look == ["w": 1])
        // The first poll only establishes the look; quiet is measured after it.
        #expect(polls >= 2)
    }

    @Test("a window with something pending never settles, and the time-out names what is pending")
    func pendingNeverSettles() async {
        let (outcome, settled) = await windows.settle(
            timeout: ScenarioDuration(milliseconds: 20), quietPeriod: .zero,
            stillChanging: "changing"
        ) {
            (look: ["w": 1], pending: ["w: configure 3 not yet acked and committed"])
        }
        #expect(outcome == .timedOut("w: configure 3 not yet acked and committed"))
        #expect(settled == nil)
    }

    @Test("a look that keeps changing times out as still changing")
    func changingLookTimesOut() async {
        var counter = 0
        let (outcome, _) = await windows.settle(
            timeout: ScenarioDuration(milliseconds: 20), quietPeriod: .zero,
            stillChanging: "the app's trace kept changing"
        ) {
            counter += 1
            return (look: counter, pending: [])
        }
        #expect(outcome == .timedOut("the app's trace kept changing"))
    }

    @Test("a look already seen settled long enough ago settles at once if it still holds")
    func knownSettledLookCountsFromWhenItWasSeen() async {
        let since = ContinuousClock.now - .seconds(7200)
        var polls = 0
        let (outcome, settled) = await windows.settle(
            timeout: .seconds(60), quietPeriod: .seconds(3600),
            known: (look: "same", since: since),
            stillChanging: "changing"
        ) {
            polls += 1
            return (look: "same", pending: [])
        }
        #expect(outcome == .settled)
        #expect(polls == 1)
        #expect(settled?.since == since)
    }

    @Test("a declared window is looked for again at each change the backend hears of, never on a timer")
    func declaringWaitsOnChanges() async throws {
        let here = SourceLocation(file: "t.scenario", line: 1, column: 1)
        let changes = Mutex(0)
        // An hour between looks if the wait fell back on the timer: the test would hang.
        let windows = ScenarioWindows<Int>(pollInterval: .seconds(3600)) { _ in
            ObservationChange { _ in changes.withLock { $0 += 1 } }
        }
        var looks = 0
        let outcome = try await windows.declare(
            WindowDeclaration(name: NameReference("main", at: here), client: NameReference("timer", at: here)),
            client: nil, timeout: .seconds(600),
            rebind: { _ in
                looks += 1
                return looks == 3 ? "window 7" : nil
            },
            notFound: { "none" })
        #expect(outcome == .done(detail: "window 7"))
        #expect(looks == 3)
        #expect(changes.withLock { $0 } == 2, "one wait for a change after each look that found nothing")
    }
}

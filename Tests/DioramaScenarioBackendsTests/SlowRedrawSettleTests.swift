import DioramaModel
import DioramaScenarioBackends
import DioramaScenarios
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Glibc
import Testing

/// Settling after a move to another scale waits for the app's redraw, however
/// long the app takes: a busy machine (CI with other jobs) can hold an app
/// off the CPU for longer than the settle's quiet period, and the frame it
/// showed before the move must not count as "drawn for where it is".
///
/// The app is stopped for most of each test: they take no slot.
@Suite("settling waits for a slow app's redraw", .offSharedPool)
struct SlowRedrawSettleTests {
    @Test(
        "an app frozen for 1 s across a move to 2x is expected at scale 2 once it redraws, not judged on its old frame",
        .timeLimit(.minutes(10)))
    func frozenAppSettlesAfterItsRedraw() async throws {
        try await expectPassingWhileFrozenAcrossTheMove(
            to: "2560x1600 scale 2", expecting: "scale 2, traits.displayScale 2, drawable = bounds * 2")
    }

    /// A move between two displays of the same scale needs no configure and
    /// no redraw: the compositor has nothing outstanding, only the app's own
    /// `screen` record is to come. Settling waits for the app's `idle` after
    /// the enter was sent; a quiet period (the old 50 ms) ran out while the
    /// app was frozen and judged the scene still on DP-1.
    @Test(
        "an app frozen for 1 s across a move at the same scale is expected on its new screen once it handled the enter",
        .timeLimit(.minutes(10)))
    func frozenAppSettlesAfterItHandledTheEnter() async throws {
        try await expectPassingWhileFrozenAcrossTheMove(to: "1280x800 scale 1", expecting: "screen DP-2, scale 1")
    }

    /// Runs, on the simulator with the app frozen across the move
    /// (``AppFreezingBackend``), a scenario that
    /// moves TimerApp's window from a 1x DP-1 to a DP-2 of `mode` (frozen
    /// across the move) and expects `clauses` there; every step and clause
    /// must pass.
    private func expectPassingWhileFrozenAcrossTheMove(to mode: String, expecting clauses: String) async throws {
        try await SimulatorScenarioRun.expectPassing(
            """
            display DP-1 1280x800 scale 1 at 0,0
            display DP-2 \(mode) at 1280,0
            timeout: 20s
            launch TimerApp as timer
            window main = timer title "Main"
            expect main on DP-1, scale 1, screen DP-1
            move main to DP-2
            expect main on DP-2, \(clauses)
            """, label: "slow-redraw",
            wrapping: { AppFreezingBackend($0, freezingAround: { if case .moveToDisplay = $0 { true } else { false } }) })
    }
}

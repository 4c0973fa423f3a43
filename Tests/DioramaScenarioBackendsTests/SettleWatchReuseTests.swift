import DioramaPOSIX
import Testing

/// Settling and `wait until` wake on writes to the apps' traces through an
/// inotify watch. Closing an inotify instance waits for a kernel grace period
/// (8–24 ms here), so a watch made and closed for every look cost each
/// scenario step about a frame period (issue 19, Docs/performance.md): the
/// backend keeps one watch for the whole run.
@Suite("Settle watch reuse")
struct SettleWatchReuseTests {
    @Test("a scenario's settles and waits make one trace watch, not one per look")
    func oneWatchPerRun() async throws {
        let made = FolderWriteWatch.MadeCount()
        let (result, timeline) = try await FolderWriteWatch.$counter.withValue(made) {
            try await SimulatorScenarioRun.run(
                """
                displays: studio
                launch TimerApp as timer
                window main = timer title "Main"
                expect main on DP-1, scale 1
                move main to DP-2
                expect main on DP-2, scale 2, traits.displayScale 2
                move main to HDMI-A-1
                expect main scale 1.5, buffer = round(bounds * 1.5)
                resize main 900x700
                wait until main width >= 900
                """, label: "settle-watch-reuse")
        }
        #expect(result.status == .passed, "\(timeline)")
        #expect(result.failedClauseCount == 0, "\(timeline)")
        // The simulator backend's own watch; every look drains it instead of making another.
        #expect(made.value == 1, "\(made.value) trace watches were made for one run\n\(timeline)")
    }
}

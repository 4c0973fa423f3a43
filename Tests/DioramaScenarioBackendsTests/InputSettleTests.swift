import DioramaModel
import DioramaPOSIX
import DioramaScenarioBackends
import DioramaScenarios
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Glibc
import Testing

/// An expectation on input waits for the input to reach the app (issue 23,
/// part 4, bug 3): after `click`, `touchesBegan fired 1 time` saw 0 on a
/// loaded machine and the next step saw 2.
///
/// The race, made certain: a batch of the app that read its socket dry
/// just before the click arrived writes its `idle` record just after it (the
/// app was busy drawing). Here the app is stopped (SIGSTOP) before the
/// click and such an `idle` is put in its trace, stamped a second ahead so
/// it follows the click's flush whenever the simulator sends it; the app is
/// continued a second later. Settling that trusted the `idle` judged the
/// click handled while the app had not read it.
///
/// The app is stopped for most of the test: it takes no slot.
@Suite("settling after input waits for the app to handle it", .offSharedPool)
struct InputSettleTests {
    /// Puts an `idle` record stamped a second ahead into the stopped app's trace.
    static func writeStaleIdle(intoTraceOf pid: Int32) {
        guard let trace = traceFile(of: pid), let handle = FileHandle(forWritingAtPath: trace) else {
            Issue.record("TimerApp (pid \(pid)) has no writable DIORAMA_TRACE; the race cannot be set up")
            return
        }
        let stamp = MonotonicTime.nanoseconds() + 1_000_000_000
        handle.seekToEndOfFile()
        handle.write(Data(#"{"v":2,"t_ns":\#(stamp),"type":"idle"}"#.utf8 + [0x0A]))
        try? handle.close()
    }

    /// The app's `DIORAMA_TRACE`, from its environment.
    static func traceFile(of pid: Int32) -> String? {
        guard let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return nil }
        return environ.split(separator: 0).lazy.compactMap { entry -> String? in
            let text = String(decoding: entry, as: UTF8.self)
            return text.hasPrefix("DIORAMA_TRACE=") ? String(text.dropFirst("DIORAMA_TRACE=".count)) : nil
        }.first
    }

    @Test(
        "each click the app handles a second late is counted once after its step, not 0 (the stale idle) and then 2",
        .timeLimit(.minutes(10)))
    func clickCountedOnceWhenTheAppIsLate() async throws {
        try await SimulatorScenarioRun.expectPassing(
            """
            display DP-1 1280x800 scale 1 at 0,0
            timeout: 20s
            launch TimerApp as timer
            window main = timer title "Main"
            click main at 200,120
            expect main touchesBegan fired 1 time, touchesEnded fired 1 time
            click main at 220,140
            expect main touchesBegan fired 1 time, touchesEnded fired 1 time
            """, label: "input-settle",
            wrapping: {
                AppFreezingBackend(
                    $0, freezingAround: { if case .click = $0 { true } else { false } },
                    whileStopped: InputSettleTests.writeStaleIdle(intoTraceOf:))
            })
    }
}

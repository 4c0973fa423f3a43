import DioramaModel
import DioramaSimulator
import Foundation
import Testing

/// While `run()` drives the simulator, a `perform` caller does the work on
/// its own thread under the loop lock (two wake-ups per control request
/// instead of four), and everything the simulator's thread would have done
/// around it still happens.
@Suite struct InlineControlTests {
    @Test func performRunsOnTheCallersThreadWhileRunDrivesTheLoop() throws {
        let background = try BackgroundSimulator { SimulatorConfiguration(layout: TestLayouts.dual) }
        defer { background.stop() }
        try Self.waitUntilRunning(background)
        let caller = pthread_self()
        let ranHere = try background.perform { _ in pthread_equal(pthread_self(), caller) != 0 }
        #expect(ranHere, "the body ran on the calling thread, not the simulator's")
        // And the work is real: a rescale is seen by the next request.
        try background.perform { try $0.setScale(Scale(1.5)!, ofDisplay: "DP-2") }
        #expect(try background.perform { $0.display(named: "DP-2")?.scale } == Scale(1.5)!)
    }

    @Test func aStopMadeInsidePerformEndsTheLoop() throws {
        let background = try BackgroundSimulator { SimulatorConfiguration(layout: TestLayouts.dual) }
        defer { background.stop() }
        try Self.waitUntilRunning(background)
        try background.perform { $0.stop() }
        // The loop returns (the stop wakes it; it does not wait for a client
        // or a timer to) and the simulator shuts down, which ends this wait
        // with `simulatorStopped`; a loop that kept running would let it
        // time out instead.
        #expect(throws: RemoteControlError.simulatorStopped) {
            _ = try background.value(timeout: .seconds(60)) { _ -> Bool? in nil }
        }
    }

    /// Returns once `run()` drives the loop: a `perform` made before that is
    /// queued, and runs on the simulator's thread inside `run()`.
    static func waitUntilRunning(_ background: BackgroundSimulator) throws {
        try background.perform { _ in }
    }
}

import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

/// Programs nobody here wrote, as real processes over the real socket, each
/// mapped on the 1x display of the `studio` layout and moved to the 2x and
/// the 1.5x display. What is asserted is what must hold for any client: it
/// maps, it is moved, it enters the right display, its commits are traced.
/// Whether it redraws for the new scale, and how fast, is a finding, graded
/// by `diorama check` (Docs/compatibility.md is its output, `make compatibility`).
@Suite(.ownThreads) struct ThirdPartyScaleTests {
    /// How long a client gets to handle a move (to redraw for the new scale,
    /// or at least to answer a ping sent after it).
    static let followTimeout: Duration = .seconds(5)

    @Test(.timeLimit(.minutes(10)), arguments: ThirdPartyClient.windowed)
    func movedBetweenScales(_ program: ThirdPartyClient) throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: program.executable),
            "\(program.executable) is missing; install it with: apt-get install \(program.package)")
        let harness = try Simulator.Harness.shipped("studio.json") { $0.clock = MonotonicClock() }
        let simulator = harness.simulator
        let process = try program.launch(under: harness.clientEnvironment)
        defer {
            harness.stop([process])
            _ = try? process.waitForExit(timeout: 5)
        }
        func window() -> Window? {
            simulator.windows.first { $0.pid == process.processIdentifier && $0.isMapped && $0.lastCommit?.bufferSize != nil }
        }
        try harness.run(
            until: { window() != nil || !process.isRunning }, timeout: .seconds(60),
            "\(program.name) to map a window")
        let mapped = try #require(window(), "\(program.name) \(process.state) without mapping a window; stderr: \(process.standardError.suffix(2000))")
        #expect(mapped.enteredDisplayNames == ["DP-1"])

        /// Pings the client; the check says whether it answered (it handled
        /// every event sent before). Nil when it bound no `xdg_wm_base`.
        func sendPing() -> (() -> Bool)? {
            simulator.ping(window: mapped.id).map { ping in { simulator.hasAnsweredPing(ping, window: mapped.id) != false } }
        }
        for (display, scale) in [("DP-2", Scale(integer: 2)!), ("HDMI-A-1", Scale(1.5)!), ("DP-1", Scale.one)] {
            var measurement = ScaleResponse.Measurement(
                window: mapped.id, after: simulator.trace.lastSequence, display: display, scale: scale)
            try simulator.moveWindow(.id(mapped.id), toDisplay: display)
            // Each look reads only the records that came since the last one.
            func followed() -> Bool {
                measurement.read(simulator.trace.records(after: measurement.readThrough))
                return measurement.response.followed
            }
            // Not following is a finding, not a failure: the wait ends once
            // the client followed, or answered a ping sent after the move
            // (it handled the move's events), or ended.
            let handledTheMove = sendPing()
            try? harness.run(
                until: { followed() || handledTheMove?() == true || !process.isRunning }, timeout: Self.followTimeout)
            #expect(process.isRunning, "\(program.name) exited after the move to \(display): \(process.state)")
            #expect(mapped.enteredDisplayNames == [display], "\(program.name) on \(display)")
            #expect(mapped.homeDisplayName == display)
        }
        // Still there one round trip later, past the redraw the last move asked for.
        if let answered = sendPing() {
            try? harness.run(until: { answered() || !process.isRunning }, timeout: Self.followTimeout)
        }
        #expect(process.isRunning, "\(program.name) exited after its last move: \(process.state)")
        let commits = simulator.trace.records.filter { if case .commit(let fact) = $0.event { fact.window == mapped.id } else { false } }
        #expect(commits.count >= 2, "\(program.name)'s commits are in the trace")

    }
}

import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

/// "Drawn for the scale in effect" (`ScaleInEffect`, the trace's
/// `stale_scale`) on the 1.5x display of the `studio` layout, whose
/// `wl_output.scale` is 2.
@Suite(.ownThreads) struct StaleScaleTests {
    /// A raw client on HDMI-A-1 (1.5x), mapped at 400x300 points.
    private func windowOnFractionalDisplay(fractional: Bool, viewport: Bool)
        throws -> (Simulator.Harness, WindowingClient, ClientWindow, Window)
    {
        let harness = try Simulator.Harness.shipped("studio.json")
        try harness.simulator.setDefaultDisplay("HDMI-A-1")
        let client = try WindowingClient(harness: harness)
        let window = client.makeWindow(fractional: fractional, viewport: viewport)
        window.preferredSize = (400, 300)
        try harness.roundtrip(client.connection)
        window.ackAndCommit()
        try harness.roundtrip(client.connection)
        return (harness, client, window, try harness.simulator.window(.appID("org.diorama.test")))
    }

    /// Commits a buffer of `width` × `height` pixels at buffer scale `scale`,
    /// shown at 400x300 points through the viewport when there is one.
    private func draw(
        _ window: ClientWindow, _ width: Int, _ height: Int, scale: Int32 = 1,
        in harness: Simulator.Harness, _ client: WindowingClient
    ) throws {
        window.viewport?.setDestination(width: 400, height: 300)
        window.commitBuffer(width: width, height: height, scale: scale)
        try harness.roundtrip(client.connection)
    }

    @Test func withoutFractionalScaleTheIntegerOutputScaleIsInEffect() throws {
        let (harness, client, window, simulated) = try windowOnFractionalDisplay(fractional: false, viewport: false)
        try draw(window, 800, 600, scale: 2, in: harness, client)
        #expect(simulated.lastCommit?.staleScale == false, "drawn for wl_output.scale 2 (foot, GTK 4.8)")
        #expect(simulated.lastCommit?.preferredScale120 == 240)
        try draw(window, 400, 300, scale: 1, in: harness, client)
        #expect(simulated.lastCommit?.staleScale == true, "drawn at 1 on a display whose wl_output.scale is 2")
    }

    @Test func aViewportDrawnForTheFractionalScaleIsNotStaleWithoutFractionalScale() throws {
        let (harness, client, window, simulated) = try windowOnFractionalDisplay(fractional: false, viewport: true)
        try draw(window, 600, 450, in: harness, client)
        #expect(simulated.lastCommit?.staleScale == false, "400x300 points drawn 600x450: exactly 1.5, as SDL 2 does")
        try draw(window, 800, 600, in: harness, client)
        #expect(simulated.lastCommit?.staleScale == false, "the integer scale through a viewport")
        try draw(window, 500, 375, in: harness, client)
        #expect(simulated.lastCommit?.staleScale == true, "1.25 is neither 1.5 nor 2")
    }

    @Test func withFractionalScaleOnlyThePreferredScaleIsInEffect() throws {
        let (harness, client, window, simulated) = try windowOnFractionalDisplay(fractional: true, viewport: true)
        #expect(window.preferredScale120 == 180)
        try draw(window, 600, 450, in: harness, client)
        #expect(simulated.lastCommit?.staleScale == false)
        #expect(simulated.lastCommit?.preferredScale120 == 180)
        try draw(window, 800, 600, in: harness, client)
        #expect(simulated.lastCommit?.staleScale == true, "told 1.5, drew 2")
    }

    /// SDL 2.26's testsprite2 asking for high DPI, as a real process, on the
    /// 1.5x display: it draws exactly 1.5 through a viewport (without
    /// fractional-scale-v1), which is not stale; the control endpoint's
    /// window info says the same.
    @Test(.timeLimit(.minutes(10)))
    func sdlOnAFractionalDisplayIsNotStale() throws {
        let program = ThirdPartyClient.sdl2Sprite
        try #require(
            FileManager.default.isExecutableFile(atPath: program.executable),
            "\(program.executable) is missing; install it with: apt-get install \(program.package)")
        let harness = try Simulator.Harness.shipped("studio.json") { $0.clock = MonotonicClock() }
        let simulator = harness.simulator
        try simulator.setDefaultDisplay("HDMI-A-1")
        let process = try program.launch(under: harness.clientEnvironment)
        defer {
            harness.stop([process])
            _ = try? process.waitForExit(timeout: 5)
        }
        func window() -> Window? {
            simulator.windows.first { $0.pid == process.processIdentifier && $0.isMapped && $0.lastCommit?.viewportDestination != nil }
        }
        try harness.run(
            until: { window() != nil || !process.isRunning }, timeout: .seconds(60),
            "testsprite2 to map on HDMI-A-1 with a viewport")
        let mapped = try #require(window(), "testsprite2 \(process.state); stderr: \(process.standardError.suffix(2000))")
        // A few more frames, so what is judged is its steady drawing.
        let before = simulator.trace.lastSequence
        try harness.run(
            until: { simulator.trace.events(since: before, window: mapped.id).count >= 10 || !process.isRunning },
            timeout: .seconds(20), "testsprite2 to keep drawing")
        let commit = try #require(mapped.lastCommit)
        let destination = try #require(commit.viewportDestination)
        #expect(mapped.enteredDisplayNames == ["HDMI-A-1"])
        #expect(
            commit.bufferSize == Size(width: destination.width * 3 / 2, height: destination.height * 3 / 2),
            "drawn exactly for 1.5: \(commit)")
        #expect(!commit.staleScale, "\(commit)")
        #expect(ControlWindowInfo(mapped).staleScale == false)
    }
}

import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

/// `xdg_toplevel.configure_bounds` (xdg_wm_base v4+), sent as KWin and mutter
/// send it: before the initial configure that leaves the size to the client,
/// and again when the bounds change. See Docs/compatibility.md for the
/// evidence and for weston-presentation-shm, which cannot take it.
@Suite(.ownThreads) struct ConfigureBoundsTests {
    @Test func aVersion4ToplevelGetsItsBoundsBeforeItsFirstConfigure() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness, wmBaseVersion: 4)
        #expect(client.wmBase.version == 4)
        let window = client.makeWindow(fractional: false)
        try harness.roundtrip(client.connection)

        let first = try #require(window.configures.first)
        #expect(first.width == 0 && first.height == 0, "the size is left to the client")
        // The usable area of the 1440x900-point panel under its 32-point bar.
        #expect(window.log == [.configureBounds(width: 1440, height: 868), .configure(first)])
    }

    /// Before v4 the event does not exist: sending it would be a protocol
    /// violation (the client's libwayland could not even decode it).
    @Test func aVersion3ToplevelNeverGetsBounds() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness, wmBaseVersion: 3)
        let window = client.makeWindow(fractional: false)
        try harness.roundtrip(client.connection)
        window.ackAndCommit()
        try harness.roundtrip(client.connection)
        try harness.simulator.setScale(Scale(integer: 1)!, ofDisplay: "eDP-1")  // new usable area
        try harness.roundtrip(client.connection)

        #expect(!window.log.contains { if case .configureBounds = $0 { true } else { false } })
        #expect(window.configures.count >= 1)
    }

    /// weston 10's presentation-shm binds the xdg_wm_base version it is
    /// offered but has listeners only for configure and close, so libwayland
    /// aborts it on the first configure_bounds: under the `modern` profile
    /// (v5, as KWin ≥ 5.25 and mutter ≥ 42 offer and send it) it dies with
    /// SIGABRT; under `sway-1.7` (v2) it runs. Only that client goes; the
    /// simulator and its other clients carry on.
    @Test(.timeLimit(.minutes(10)))
    func westonPresentationShmCannotTakeConfigureBounds() throws {
        let path = "/usr/bin/weston-presentation-shm"
        try #require(FileManager.default.isExecutableFile(atPath: path), "\(path) is missing; install it with: apt-get install weston")
        for profile in [CompositorProfile.modern, .sway17] {
            let harness = try Simulator.Harness.shipped("dual.json") { configuration in
                configuration.clock = MonotonicClock()
                configuration.profile = profile
            }
            let bystander = try WindowingClient(harness: harness)
            let process = try ChildProcess(URL(fileURLWithPath: path), environment: ChildProcess.minimalEnvironment(harness.clientEnvironment))
            defer {
                harness.stop([process])
                _ = try? process.waitForExit(timeout: 5)
            }
            let simulator = harness.simulator
            func mapped() -> Bool { simulator.windows.contains { $0.pid == process.processIdentifier && $0.isMapped } }
            try harness.run(
                until: { !process.isRunning || mapped() }, timeout: .seconds(30),
                "weston-presentation-shm to map or exit (\(profile.name))")
            if profile == .modern {
                let result = try process.waitForExit(timeout: 10)
                #expect(result.exitedBySignal && result.status == SIGABRT, "\(result.status), signal: \(result.exitedBySignal)")
                #expect(
                    result.standardError.contains("listener function for opcode 2 of xdg_toplevel is NULL"),
                    "opcode 2 is configure_bounds: \(result.standardError)")
                let sentBounds = simulator.trace.records.contains { record in
                    if case .configureSent(let fact) = record.event { fact.bounds != nil } else { false }
                }
                #expect(sentBounds)
            } else {
                #expect(mapped(), "weston-presentation-shm maps without configure_bounds: \(process.state); \(process.standardError.suffix(1000))")
            }
            try harness.roundtrip(bystander.connection)
        }
    }
}

import DioramaModel
import DioramaSimulator
import DioramaTestSupport
import Foundation
import HeadlessCompositors
import Testing

/// Rules of `mutter-43` that the scripted session does not reach, each
/// observed on real Mutter 43.8 and under the profile by the same client,
/// through the same observable in its `WAYLAND_DEBUG` log.
@Suite(.serialized) struct MutterRulesFidelityTests {
    /// Mutter opens a new window on the monitor under the pointer: a first
    /// foot opens on Meta-0 (1x), where the pointer starts; with the
    /// RemoteDesktop session's pointer then pushed onto Meta-1 (2x), the
    /// next foot's first `enter` names the 2x output, on Mutter and under
    /// the profile alike. (The first window is also the sign that Mutter
    /// has added the session's devices to its seat.)
    @Test(.timeLimit(.minutes(10)))
    func aNewWindowOpensOnTheMonitorUnderThePointer() throws {
        let real = try RealMutterCompositor()
        defer { real.stop() }
        let firstOnMutter = try Self.run(.foot, environment: real.clientEnvironment, until: Self.hasEntered)
        try real.movePointerOntoSecondMonitor()
        let onMutter = try Self.run(.foot, environment: real.clientEnvironment, until: Self.hasEntered)
        let simulated = try SimulatedCompositor(profile: .mutter43, layout: FidelityMutterOutputs.simulatorLayout)
        defer { simulated.stop() }
        let firstUnderProfile = try Self.run(.foot, environment: simulated.clientEnvironment, until: Self.hasEntered)
        try simulated.movePointer(to: Point(x: FidelityMutterOutputs.size.width + 100, y: 100))
        let underProfile = try Self.run(.foot, environment: simulated.clientEnvironment, until: Self.hasEntered)

        #expect(Self.scaleOfFirstEnteredOutput(firstOnMutter) == 1, "the pointer starts on Meta-0")
        #expect(Self.scaleOfFirstEnteredOutput(onMutter) == 2, "Mutter put foot on Meta-1, under the pointer")
        #expect(Self.scaleOfFirstEnteredOutput(firstUnderProfile) == Self.scaleOfFirstEnteredOutput(firstOnMutter))
        #expect(Self.scaleOfFirstEnteredOutput(underProfile) == Self.scaleOfFirstEnteredOutput(onMutter))
    }

    /// Mutter copies an shm buffer at the commit that attached it and
    /// releases it right after, before the frame's `done`: weston-simple-shm
    /// then draws every frame into one buffer. Under a profile that releases
    /// a buffer only when another replaces it, it needs two.
    @Test(.timeLimit(.minutes(10)))
    func westonSimpleShmDrawsWithOneBufferAsOnMutter() throws {
        let real = try RealMutterCompositor()
        defer { real.stop() }
        let onMutter = try Self.run(.westonSimpleShm, environment: real.clientEnvironment, until: Self.drewTenFrames)
        let simulated = try SimulatedCompositor(profile: .mutter43, layout: FidelityMutterOutputs.simulatorLayout)
        defer { simulated.stop() }
        let underProfile = try Self.run(.westonSimpleShm, environment: simulated.clientEnvironment, until: Self.drewTenFrames)

        #expect(Self.buffersCreated(onMutter) == 1, "Mutter released each frame's buffer at once")
        #expect(Self.buffersCreated(underProfile) == Self.buffersCreated(onMutter))
    }

    /// Runs `client` against `environment` with `WAYLAND_DEBUG=client` until
    /// its log satisfies `condition` (at most 20 s), and returns that log.
    private static func run(
        _ client: FidelityClient, environment: [String: String], until condition: @escaping ([WaylandDebugMessage]) -> Bool
    ) throws -> [WaylandDebugMessage] {
        var environment = environment
        environment["WAYLAND_DEBUG"] = "client"
        let (process, owner) = try client.start(environment)
        defer {
            process.stop()
            withExtendedLifetime(owner) {}
        }
        return try Wait.until("\(client)'s log to show what the test waits for", timeout: 20, details: { process.standardError.suffix(2000).description }) {
            let log = WaylandDebugLog.parse(process.standardError)
            return condition(log) ? log : nil
        }
    }

    private static func hasEntered(_ log: [WaylandDebugMessage]) -> Bool {
        log.contains { $0.direction == .received && $0.interface == "wl_surface" && $0.message == "enter" }
    }

    private static func drewTenFrames(_ log: [WaylandDebugMessage]) -> Bool {
        log.filter { $0.direction == .received && $0.interface == "wl_callback" && $0.message == "done" }.count >= 10
    }

    /// The `wl_output.scale` of the output named in the first `wl_surface.enter`.
    private static func scaleOfFirstEnteredOutput(_ log: [WaylandDebugMessage]) -> Int? {
        guard let enter = log.first(where: { $0.direction == .received && $0.interface == "wl_surface" && $0.message == "enter" }),
            let output = enter.arguments.first
        else { return nil }
        return log.last { $0.direction == .received && $0.object == output && $0.message == "scale" }
            .flatMap { $0.arguments.first.flatMap { Int($0) } }
    }

    /// How many `wl_shm_pool.create_buffer` requests the client sent.
    private static func buffersCreated(_ log: [WaylandDebugMessage]) -> Int {
        log.filter { $0.direction == .sent && $0.interface == "wl_shm_pool" && $0.message == "create_buffer" }.count
    }
}

extension FidelityClient {
    /// weston-simple-shm: one window, redrawn on every frame callback into
    /// whichever of its two shm buffers is free (it creates the second only
    /// when the first is still busy).
    static let westonSimpleShm = FidelityClient(name: "weston-simple-shm", appID: "") { environment in
        (
            try ChildProcess(
                URL(fileURLWithPath: "/usr/bin/weston-simple-shm"), arguments: [],
                environment: ChildProcess.minimalEnvironment(environment)), nil
        )
    }
}

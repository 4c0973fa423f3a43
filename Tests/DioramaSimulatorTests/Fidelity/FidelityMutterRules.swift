import DioramaModel
import DioramaSimulator
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import HeadlessCompositors
import Testing

/// Rules of `mutter-43` that the scripted session does not reach, each
/// observed on real Mutter 43.8 and under the profile by the same client,
/// through the same observable in its `WAYLAND_DEBUG` log.
@Suite(.serialized, .ownThreads(longChain: .seconds(5))) struct MutterRulesFidelityTests {
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
        let (onMutter, underProfile) = try Self.runOnMutterAndUnderTheProfile(.westonSimpleShm, until: Self.drewTenFrames)

        #expect(Self.buffersCreated(onMutter) == 1, "Mutter released each frame's buffer at once")
        #expect(Self.buffersCreated(underProfile) == Self.buffersCreated(onMutter))
    }

    /// A 1600×1000 foot on Meta-0 (1x), Meta-0 then rescaled to 2x (960×600,
    /// Meta-1 following to x=960): Mutter configures it to 1600×600 — the
    /// height cut to the monitors' extent, the width kept since the two
    /// monitors span 1920 — and so does the profile. (Mutter sends that
    /// configure twice, the profile once: the sizes are compared, not the
    /// count; `Docs/fidelity.md`.)
    @Test(.timeLimit(.minutes(10)))
    func aWindowLargerThanItsShrunkMonitorIsCutToTheMonitorsExtent() throws {
        let real = try RealMutterCompositor()
        defer { real.stop() }
        let onMutter = try Self.run(
            .bigFoot, environment: real.clientEnvironment, until: Self.hasEntered,
            then: { try real.setScale(2, ofOutput: FidelityMutterOutputs.names[0]) }, until: Self.wasConfiguredTo1600x600)
        let simulated = try SimulatedCompositor(profile: .mutter43, layout: FidelityMutterOutputs.simulatorLayout)
        defer { simulated.stop() }
        let underProfile = try Self.run(
            .bigFoot, environment: simulated.clientEnvironment, until: Self.hasEntered,
            then: { try simulated.setScale(2, ofOutput: FidelityMutterOutputs.names[0]) }, until: Self.wasConfiguredTo1600x600)

        #expect(Self.configuredSizes(onMutter).first == "1600x1000", "foot started at the size it asked for")
        #expect(Set(Self.configuredSizes(underProfile)) == Set(Self.configuredSizes(onMutter)))
    }

    /// Mutter places a new window by its first fit, whose first candidate
    /// is a centred grid's top-left cell: a 1900×700 foot on the 1920-wide
    /// Meta-0 lands at x = 1920 mod 1901 / 2 = 9 and stays on Meta-0. A
    /// cascade from the corner (x = 32) would push it onto Meta-1 as well.
    @Test(.timeLimit(.minutes(10)))
    func aWideNewWindowStaysOnItsMonitorWhereMutterPlacesIt() throws {
        let (onMutter, underProfile) = try Self.runOnMutterAndUnderTheProfile(.wideFoot, until: Self.hasEntered)

        #expect(Self.enteredOutputScales(onMutter) == [1], "Mutter kept the window on Meta-0")
        #expect(Self.enteredOutputScales(underProfile) == Self.enteredOutputScales(onMutter))
    }

    /// Runs `client` on a real Mutter of its own, then under `mutter-43` on
    /// the same monitors, each until its log satisfies `condition`; returns both logs.
    private static func runOnMutterAndUnderTheProfile(
        _ client: FidelityClient, until condition: @escaping ([WaylandDebugMessage]) -> Bool
    ) throws -> (onMutter: [WaylandDebugMessage], underProfile: [WaylandDebugMessage]) {
        let real = try RealMutterCompositor()
        defer { real.stop() }
        let onMutter = try run(client, environment: real.clientEnvironment, until: condition)
        let simulated = try SimulatedCompositor(profile: .mutter43, layout: FidelityMutterOutputs.simulatorLayout)
        defer { simulated.stop() }
        return (onMutter, try run(client, environment: simulated.clientEnvironment, until: condition))
    }

    /// Runs `client` against `environment` with `WAYLAND_DEBUG=client` until
    /// its log satisfies `condition`, then, if given, runs `step` and waits
    /// until the log satisfies `afterStep` (at most 20 s each); returns the log.
    private static func run(
        _ client: FidelityClient, environment: [String: String], until condition: @escaping ([WaylandDebugMessage]) -> Bool,
        then step: () throws -> Void = {}, until afterStep: @escaping ([WaylandDebugMessage]) -> Bool = { _ in true }
    ) throws -> [WaylandDebugMessage] {
        var environment = environment
        environment["WAYLAND_DEBUG"] = "client"
        let (process, owner) = try client.start(environment)
        defer {
            process.stop()
            withExtendedLifetime(owner) {}
        }
        // Each look parses only the lines logged since the last one, woken
        // when the client writes its log or exits.
        var log = WaylandDebugLogFollower(path: process.standardErrorPath)
        func waitFor(_ condition: @escaping ([WaylandDebugMessage]) -> Bool) throws -> [WaylandDebugMessage] {
            try Wait.until(
                "\(client)'s log to show what the test waits for", timeout: 20,
                wakingOn: WaitEvents(files: [process.standardErrorPath], children: [process]),
                details: { process.standardError.suffix(2000).description }
            ) { () -> [WaylandDebugMessage]? in
                log.catchUp()
                return condition(log.messages) ? log.messages : nil
            }
        }
        _ = try waitFor(condition)
        try step()
        return try waitFor(afterStep)
    }

    private static func wasConfiguredTo1600x600(_ log: [WaylandDebugMessage]) -> Bool {
        configuredSizes(log).contains("1600x600")
    }

    /// The sizes of the non-zero `xdg_toplevel.configure`s received, in order (`WxH`).
    private static func configuredSizes(_ log: [WaylandDebugMessage]) -> [String] {
        log.filter { $0.direction == .received && $0.interface == "xdg_toplevel" && $0.message == "configure" }
            .map { "\($0.arguments[0])x\($0.arguments[1])" }.filter { $0 != "0x0" }
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

    /// The `wl_output.scale` of every output the surfaces entered, in order.
    private static func enteredOutputScales(_ log: [WaylandDebugMessage]) -> [Int?] {
        log.filter { $0.direction == .received && $0.interface == "wl_surface" && $0.message == "enter" }.map { enter in
            log.last { $0.direction == .received && $0.object == enter.arguments.first && $0.message == "scale" }
                .flatMap { $0.arguments.first.flatMap { Int($0) } }
        }
    }

    /// How many `wl_shm_pool.create_buffer` requests the client sent.
    private static func buffersCreated(_ log: [WaylandDebugMessage]) -> Int {
        log.filter { $0.direction == .sent && $0.interface == "wl_shm_pool" && $0.message == "create_buffer" }.count
    }
}

extension FidelityClient {
    /// foot asking for a 1600×1000 window: larger than a 1920×1200 monitor
    /// rescaled to 2x.
    static let bigFoot = FidelityClient(name: "foot 1600x1000", appID: "foot") { environment in
        (
            try ChildProcess(
                URL(fileURLWithPath: "/usr/bin/foot"), arguments: ["--window-size-pixels=1600x1000", "/bin/sh", "-c", "sleep 600"],
                environment: ChildProcess.minimalEnvironment(environment)), nil
        )
    }

    /// foot asking for a 1900×700 window: nearly as wide as a 1920×1200
    /// monitor, so where on the monitor it goes decides whether it reaches
    /// the next one.
    static let wideFoot = FidelityClient(name: "foot 1900x700", appID: "foot") { environment in
        (
            try ChildProcess(
                URL(fileURLWithPath: "/usr/bin/foot"), arguments: ["--window-size-pixels=1900x700", "/bin/sh", "-c", "sleep 600"],
                environment: ChildProcess.minimalEnvironment(environment)), nil
        )
    }

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

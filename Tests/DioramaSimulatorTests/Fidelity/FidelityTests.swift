import DioramaSimulator
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import HeadlessCompositors
import Testing

/// Fidelity as a test (issue #11, finding 6): the same scripted session under
/// a real compositor and under its profile, each client's events normalised
/// and compared. Every accepted difference is in `KnownDifferences` and
/// explained in `Docs/fidelity.md`; anything else fails.
///
/// One suite per compositor, each serialized (one real compositor of a kind
/// at a time, as its sessions were timed), side by side with the others:
/// each session has its own compositor, bus and sockets.
struct FidelityTests {}

extension FidelityTests {
    /// Sway's and Mutter's sessions take no slot: each spends most of its
    /// time waiting — for the step's event, then for the client's half
    /// second of quiet (ARCHITECTURE.md, "Waiting") — so the chains start at
    /// once and the slots go to tests that compute. Measured alone: sway's
    /// two tests 14.2 s for 0.9 s of CPU (sway's included), Mutter's four
    /// about 10 s each with under a second of Mutter's CPU. KWin's three
    /// (21 s for 5.8 s) keep a slot: without one, in a clean-clone CI run,
    /// KWin first configured gtk4-widget-factory 1290 points wide instead of
    /// 1391, the launch difference seen before only under heavy load.
    @Suite(.serialized, .offSharedPool) struct OnSway {}
    @Suite(.serialized, .ownThreads) struct OnWeston {}
    @Suite(.serialized, .ownThreads(longChain: .seconds(30))) struct OnKWin {}
    @Suite(.serialized, .offSharedPool) struct OnMutter {}
}

extension FidelityTests.OnSway {
    @Test(arguments: [FidelityClient.foot, .timerApp])
    func sameEventsUnderSwayAndTheSway17Profile(client: FidelityClient) throws {
        let real = try RealSwayCompositor()
        defer { real.stop() }
        let realTranscript = try FidelitySession.run(client, on: real, steps: FidelitySession.twoOutputs)
        let simulated = try SimulatedCompositor(profile: .sway17)
        defer { simulated.stop() }
        let simulatedTranscript = try FidelitySession.run(client, on: simulated, steps: FidelitySession.twoOutputs)

        let (expected, observed) = FidelityTests.expectNoUnlistedDifference(
            client, real: realTranscript, simulated: simulatedTranscript, known: KnownDifferences.sway17,
            labels: ("sway 1.7", "sway-1.7 profile"))
        // The session really ran: the window was configured, shown and moved on both.
        for transcript in [expected, observed] {
            #expect(transcript.phases.count == FidelitySession.twoOutputs.count + 1)
            #expect(transcript.phases[0].events.contains { $0.hasPrefix("wl_surface#window1.enter(") })
            #expect(transcript.phases[1].events.contains { $0.hasPrefix("wl_surface#window1.leave(") })
        }
    }

    /// Floating windows: sway with every window floating (what the real-sway
    /// scenario backend runs) against `sway-1.7-floating`, with a resize.
    @Test(arguments: [FidelityClient.foot])
    func sameEventsUnderFloatingSwayAndTheFloatingProfile(client: FidelityClient) throws {
        let real = try RealSwayCompositor(floating: true)
        defer { real.stop() }
        let realTranscript = try FidelitySession.run(client, on: real, steps: FidelitySession.floating)
        let simulated = try SimulatedCompositor(profile: .sway17Floating)
        defer { simulated.stop() }
        let simulatedTranscript = try FidelitySession.run(client, on: simulated, steps: FidelitySession.floating)

        FidelityTests.expectNoUnlistedDifference(
            client, real: realTranscript, simulated: simulatedTranscript, known: KnownDifferences.sway17,
            labels: ("sway 1.7 floating", "sway-1.7-floating"))
    }

}

extension FidelityTests.OnWeston {
    /// weston 10 has one headless output and no IPC: the launch is compared.
    /// Only TimerApp: foot quits where there is no seat, and headless weston
    /// has none.
    @Test(arguments: [FidelityClient.timerApp])
    func sameEventsUnderWestonAndTheWeston10Profile(client: FidelityClient) throws {
        let real = try RealWestonCompositor()
        defer { real.stop() }
        let realTranscript = try FidelitySession.run(client, on: real, steps: [])
        let simulated = try SimulatedCompositor(profile: .weston10, layout: FidelityWestonOutput.simulatorLayout)
        defer { simulated.stop() }
        let simulatedTranscript = try FidelitySession.run(client, on: simulated, steps: [])

        FidelityTests.expectNoUnlistedDifference(
            client, real: realTranscript, simulated: simulatedTranscript, known: KnownDifferences.weston10,
            labels: ("weston 10", "weston-10 profile"))
    }

}

extension FidelityTests.OnKWin {
    /// KWin 5.27 on two virtual outputs (1x and 2x) against `kwin-5.27`:
    /// moves both ways through KWin scripts, a rescale through
    /// kscreen-doctor, then quick tiling to Virtual-0's right half, its left
    /// half and back (KWin's quick-tile slots, `FidelitySession.halfTiling`). TimerApp, and weston-terminal as the xdg_wm_base v1
    /// client; foot dies on KWin's -1 mm outputs, compared by
    /// `footDiesOfTheSameSignalAfterTheSameEventsUnderKWinAndTheKWin527Profile`.
    /// Each client gets a KWin of its own (ready in about 0.3 s), so that
    /// no window of an earlier client changes where the next one opens.
    @Test(arguments: [FidelityClient.timerApp, .westonTerminal, .gtk4WidgetFactory])
    func sameEventsUnderKWinAndTheKWin527Profile(client: FidelityClient) throws {
        // gtk4-widget-factory, at least 1391 points wide, is not tiled: its
        // window hangs over the gap to Virtual-1 from its half, and KWin
        // then counts it on Virtual-1 (Docs/fidelity.md).
        let tiles = client.appID != FidelityClient.gtk4WidgetFactory.appID
        try FidelityTests.expectTwoOutputSessionsMatch(
            client,
            runReal: { steps in
                let real = try RealKWinCompositor()
                defer { real.stop() }
                return try FidelitySession.run(client, on: real, steps: steps)
            }, outputs: (FidelityKWinOutputs.names, FidelityKWinOutputs.simulatorLayout), underProfile: .kwin527,
            known: KnownDifferences.kwin527, labels: ("KWin 5.27", "kwin-5.27 profile"), then: tiles ? FidelitySession.halfTiling : [],
            runAgainWhen: { transcript in
                Self.launchWidth(of: transcript, client: client).flatMap { $0 < 1391 ? "its window was \($0) points wide at launch, not 1391" : nil }
            })
    }

    /// How wide the compositor first configured gtk4-widget-factory's
    /// window (nil for another client, or before any configure with a
    /// size). On a loaded machine GTK now and then lays its first frames
    /// out narrower than its 1391-point minimum (1280, the output's width,
    /// or 1290), under real KWin and under the profile alike, and every
    /// later phase differs with that width (`Docs/fidelity.md`, KWin 5.27).
    private static func launchWidth(of transcript: FidelityTranscript, client: FidelityClient) -> Int? {
        guard client.appID == FidelityClient.gtk4WidgetFactory.appID, let launch = transcript.phases.first else { return nil }
        let prefix = "xdg_toplevel#1.configure("
        return launch.events.lazy.filter { $0.hasPrefix(prefix) }
            .compactMap { Int($0.dropFirst(prefix.count).prefix { $0.isNumber }) }
            .first { $0 > 0 }
    }

}

extension FidelityTests.OnMutter {
    /// Mutter 43 on two virtual monitors (Meta-0 1x, Meta-1 2x) against
    /// `mutter-43`: moves both ways by Mutter's move-to-monitor keybinding
    /// (the client's window is the focused one), Meta-0 rescaled to 2x
    /// through DisplayConfig, Meta-1 moved down without another change
    /// (Mutter makes every monitor anew, so the window leaves and enters),
    /// the window tiled to Meta-0's right half, its left half and back by
    /// Super+Right/Left, then maximized by Super+Up. weston-terminal binds
    /// xdg_wm_base v1 and draws its own decorations. gtk4-widget-factory
    /// is wider than the 2x monitor and, once Meta-0 is at 2x too, taller
    /// than both (its minimum size no longer fits, so Mutter neither fits,
    /// tiles nor maximizes it); it skips the monitor's move, where Mutter
    /// puts it back across both monitors by a rule the profile does not have
    /// (`Docs/fidelity.md`, "Not yet reproduced").
    @Test(arguments: [FidelityClient.timerApp, .foot, .westonTerminal, .gtk4WidgetFactory])
    func sameEventsUnderMutterAndTheMutter43Profile(client: FidelityClient) throws {
        let real = try RealMutterCompositor()
        defer { real.stop() }
        let monitorMove = FidelitySession.moveOutput(FidelityMutterOutputs.names[1], to: FidelityMutterOutputs.secondAfterRescale)
        try FidelityTests.expectTwoOutputSessionsMatch(
            client, on: real, outputs: (FidelityMutterOutputs.names, FidelityMutterOutputs.simulatorLayout), underProfile: .mutter43,
            known: KnownDifferences.mutter43, labels: ("Mutter 43", "mutter-43 profile"),
            then: (client.name == FidelityClient.gtk4WidgetFactory.name ? [] : [monitorMove]) + FidelitySession.halfTiling
                + [FidelitySession.maximize])
    }

}

extension FidelityTests {
    /// The two-output session (to the second output and back, the first
    /// rescaled to 2x) with `client` on `real`, then under `profile` on the
    /// same outputs; expects no unlisted difference and a window that moved.
    static func expectTwoOutputSessionsMatch(
        _ client: FidelityClient, on real: FidelityCompositor, outputs: (names: [String], layout: DisplayLayout),
        underProfile profile: CompositorProfile, known: [KnownDifference], labels: (real: String, simulated: String),
        then moreSteps: [FidelityStep] = []
    ) throws {
        try expectTwoOutputSessionsMatch(
            client, runReal: { try FidelitySession.run(client, on: real, steps: $0) }, outputs: outputs, underProfile: profile,
            known: known, labels: labels, then: moreSteps)
    }

    /// The same, the real session's transcript made by `runReal` from the
    /// steps (on a compositor of its own each time). A session whose
    /// transcript `runAgainWhen` finds a reason in (the client's own
    /// timing, not the compositor's rules) is run once more, on a fresh
    /// compositor, saying why; the second transcript is compared whatever it holds.
    static func expectTwoOutputSessionsMatch(
        _ client: FidelityClient, runReal: ([FidelityStep]) throws -> FidelityTranscript, outputs: (names: [String], layout: DisplayLayout),
        underProfile profile: CompositorProfile, known: [KnownDifference], labels: (real: String, simulated: String),
        then moreSteps: [FidelityStep] = [], runAgainWhen reason: (FidelityTranscript) -> String? = { _ in nil }
    ) throws {
        let steps = FidelitySession.twoOutputs(first: outputs.names[0], second: outputs.names[1]) + moreSteps
        func session(under label: String, _ run: () throws -> FidelityTranscript) throws -> FidelityTranscript {
            let first = try run()
            guard let why = reason(first) else { return first }
            print("\(client) under \(label): \(why); once more on a fresh compositor (Docs/fidelity.md)")
            return try run()
        }
        let realTranscript = try session(under: labels.real) { try runReal(steps) }
        let simulatedTranscript = try session(under: labels.simulated) {
            let simulated = try SimulatedCompositor(profile: profile, layout: outputs.layout)
            defer { simulated.stop() }
            return try FidelitySession.run(client, on: simulated, steps: steps)
        }
        expectNoUnlistedDifference(client, real: realTranscript, simulated: simulatedTranscript, known: known, labels: labels)
        expectTheWindowMoved([realTranscript, simulatedTranscript], steps: steps)
    }

    /// The session really ran: every step has its phase, and the window
    /// entered the output of the first move, or left the other one (a
    /// window wider than its output, such as gtk4-widget-factory's, is on
    /// both before it moves).
    static func expectTheWindowMoved(_ transcripts: [FidelityTranscript], steps: [FidelityStep]) {
        for transcript in transcripts {
            #expect(transcript.phases.count == steps.count + 1)
            #expect(
                transcript.phases[1].events.contains {
                    $0.hasPrefix("wl_surface#window1.enter(") || $0.hasPrefix("wl_surface#window1.leave(")
                })
        }
    }

    /// Compares the two sessions once `known` is taken out of each side, and
    /// fails with both whole transcripts on any difference left. Returns the
    /// two transcripts without the known differences.
    @discardableResult
    static func expectNoUnlistedDifference(
        _ client: FidelityClient, real: FidelityTranscript, simulated: FidelityTranscript, known: [KnownDifference],
        labels: (real: String, simulated: String)
    ) -> (expected: FidelityTranscript, observed: FidelityTranscript) {
        let expected = real.removing(known, side: .real)
        let observed = simulated.removing(known, side: .simulator)
        let report = expected.differences(from: observed, labels: labels)
        #expect(
            report.isEmpty,
            """
            \(client) saw differences that Docs/fidelity.md does not list:
            \(report.joined(separator: "\n"))
            --- \(labels.real) (normalised) ---
            \(real)
            --- \(labels.simulated) (normalised) ---
            \(simulated)
            """)
        return (expected, observed)
    }

    /// The comparison fails on a difference the list does not name, and
    /// passes once it is named: the suite cannot silently accept drift.
    @Test func anUnlistedDifferenceIsReported() {
        let real = FidelityTranscript(phases: [
            .init(
                name: "launch",
                events: [
                    "xdg_wm_base#1.ping(_)", "xdg_toplevel#1.configure(0, 0, array[0])", "wl_surface#1.enter(wl_output#1)",
                ])
        ])
        let simulated = FidelityTranscript(phases: [
            .init(
                name: "launch",
                events: [
                    "xdg_toplevel#1.configure(0, 0, array[0])", "wl_surface#1.enter(wl_output#2)",
                ])
        ])
        let listed = [KnownDifference(id: "ping", side: .real, prefix: "xdg_wm_base.ping(")]
        let report = real.removing(listed, side: .real).differences(
            from: simulated.removing(listed, side: .simulator),
            labels: ("real", "simulated"))
        #expect(report.count == 1)
        #expect(report.first?.contains("wl_surface#1.enter(wl_output#2)") == true)
        let withoutPing = real.removing(listed, side: .real)
        #expect(withoutPing.differences(from: withoutPing, labels: ("a", "b")).isEmpty)
    }

    /// Object ids become stable names and serials disappear, so two runs that
    /// differ only in allocation and clocks compare equal.
    @Test func normalisationNamesObjectsByInterfaceAndDropsSerials() {
        let log = """
            [  10.000]  -> wl_registry@2.bind(38, "wl_output", 4, new id [unknown]@18)
            [  10.100] wl_output@18.scale(2)
            [  10.200] xdg_surface@23.configure(5)
            [  10.300] wl_surface@3.enter(wl_output@18)
            [  10.400] wl_callback@31.done(1869854)
            """
        let transcript = FidelityTranscript(messages: WaylandDebugLog.parse(log), phaseStarts: [("all", 0)])
        #expect(
            transcript.phases.first?.events == [
                "wl_output#1.scale(2)", "xdg_surface#1.configure(_)", "wl_surface#1.enter(wl_output#1)",
            ])
    }

    /// Each accepted difference is explained in Docs/fidelity.md.
    @Test func everyKnownDifferenceIsDocumented() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Docs/fidelity.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        for difference in KnownDifferences.sway17 + KnownDifferences.weston10 + KnownDifferences.kwin527
            + KnownDifferences.mutter43
        {
            #expect(text.contains("`\(difference.id)`"), "Docs/fidelity.md does not explain `\(difference.id)`")
        }
    }
}

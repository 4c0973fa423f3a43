import DioramaModel
import Foundation
import Testing

@testable import DioramaScenarios

@Suite("Shipped scenarios in Configs/scenarios")
struct ShippedScenarioTests {
    static var files: [String] {
        let directory = repositoryRoot.appendingPathComponent("Configs/scenarios").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".scenario") }.sorted().map { "\(directory)/\($0)" }
    }

    @Test("the folder ships the issue's suite")
    func suiteIsComplete() {
        let names = Set(Self.files.map { ScenarioParser.scenarioName(forFile: $0) })
        for expected in [
            "timer-tour", "fractional-rounding", "spanning-two-displays", "rescale-under-window",
            "hotplug-while-moving", "rotation-with-restrictions", "minimum-width",
            "interactive-resize-deferral", "background-on-unplug", "orientation-lock",
            // Issue 23, bug 4: an external-display scene's first frame at the TV's scale.
            "external-display-scale",
            "profile-modern", "profile-sway-1.7", "profile-weston-10", "gles-game-tour",
            // GL frames each way they are presented, on the simulator, sway and weston.
            "gles-game-tour-window-surface", "gles-game-sway", "gles-game-sway-window-surface",
            "gles-game-weston", "gles-game-weston-window-surface",
            // Vulkan frames (lavapipe) on the simulator.
            "vulkan-game-tour",
        ] {
            #expect(names.contains(expected), "missing \(expected).scenario")
        }
    }

    @Test("every shipped scenario parses and validates", arguments: files)
    func parsesAndValidates(file: String) throws {
        do {
            let validated = try ScenarioLoader.load(path: file)
            #expect(!validated.scenario.steps.isEmpty)
            #expect(validated.scenario.summary != nil, "start the file with a comment saying what it tests")
            #expect(!validated.scenario.expectations.isEmpty)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("each simulator profile has a scenario of its own")
    func profiles() throws {
        let profiles = try Self.files.compactMap { try ScenarioLoader.load(path: $0).scenario.profile }
        for profile in ScenarioProfile.allCases {
            #expect(profiles.contains(profile), "no scenario with `profile: \(profile.rawValue)`")
        }
    }

    @Test("timer-tour is the issue's example, step by step")
    func timerTour() throws {
        let file = repositoryRoot.appendingPathComponent("Configs/scenarios/timer-tour.scenario").path
        let scenario = try ScenarioLoader.load(path: file).scenario
        #expect(scenario.summary == "A Timer app's main scene crosses three displays; its timer scene follows an external display.")
        #expect(scenario.displays == .layoutFile(name("studio")))
        #expect(
            scenario.steps.map(\.text) == [
                "launch TimerApp as timer",
                "window main = timer title \"Main\"",
                "expect main on DP-1, scale 1, minimum 500x0",
                "move main to DP-2",
                "expect main on DP-2, scale 2, drawable = bounds * 2, traits.displayScale 2, no stale frames",
                "move main to HDMI-A-1",
                "expect main scale 1.5, buffer = round(bounds * 1.5), viewport = bounds",
                "resize main 320x240",
                "expect main width >= 500",
                "resize main 900x700 interactively in 10 steps",
                "expect main drawableSizeWillChange fired 1 time, after the resize ended",
                "plug display TV 1920x1080 scale 1 at 0,1080",
                "window tv = timer title \"Timer\"",
                "expect tv fullscreen on TV, role external-display-non-interactive, no stale frames",
                "unplug TV",
                "expect tv disconnected",
                "quit timer",
                "relaunch timer",
                "expect main restored",
            ])
        let two = Scale(integer: 2)!
        #expect(
            scenario.expectations.map { $0.clauses.map(\.kind) } == [
                [.onDisplays([name("DP-1")]), .scale(.one), .minimumSize(Size(width: 500, height: 0))],
                [.onDisplays([name("DP-2")]), .scale(two), .drawable(.bounds(times: two, rounding: nil)), .displayScale(two), .noStaleFrames],
                [
                    .scale(Scale(numerator120: 180)), .bufferSize(.bounds(times: Scale(numerator120: 180), rounding: .round)),
                    .viewport(.bounds(times: .one, rounding: nil)),
                ],
                [.width(Comparison(.atLeast, 500))],
                [.callbackFired(.drawableSizeWillChange, .exactly(1), afterResizeEnded: true)],
                [.hasStates([.fullscreen]), .onDisplays([name("TV")]), .role(.windowExternalDisplayNonInteractive), .noStaleFrames],
                [.disconnected],
                [.restored],
            ])
    }
}

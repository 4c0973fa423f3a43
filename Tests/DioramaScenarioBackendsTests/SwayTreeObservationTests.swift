import DioramaModel
import DioramaScenarios
import Foundation
import HeadlessCompositors
import SwayIPC
import Testing

@testable import DioramaScenarioBackends

/// sway's tree and outputs (recorded JSON shapes) → the Wayland-level facts a
/// scenario checks, with the scenario's display names.
@Suite("Sway tree observation")
struct SwayTreeObservationTests {
    static let outputs = """
        [{"name":"HEADLESS-1","active":true,"scale":1.0,"transform":"normal","rect":{"x":0,"y":0,"width":1920,"height":1080}},
         {"name":"HEADLESS-2","active":true,"scale":2.0,"transform":"normal","rect":{"x":1920,"y":0,"width":1920,"height":1080}},
         {"name":"HEADLESS-3","active":true,"scale":1.5,"transform":"normal","rect":{"x":3840,"y":0,"width":1920,"height":1080}}]
        """

    static func window(x: Int, width: Int, fullscreen: Int = 0, focused: Bool = false) throws -> (node: SwayNode, output: String) {
        let json = """
            {"id":7,"type":"floating_con","app_id":"org.diorama.TimerApp","name":"Main","pid":42,
             "rect":{"x":\(x),"y":200,"width":\(width),"height":600},"fullscreen_mode":\(fullscreen),"focused":\(focused)}
            """
        let node = try JSONDecoder().decode(SwayNode.self, from: Data(json.utf8))
        return (node, x >= 1920 ? "HEADLESS-2" : "HEADLESS-1")
    }

    static var names: SwayOutputNames {
        var names = SwayOutputNames()
        names.add(display: "DP-1", output: "HEADLESS-1", scale: .one)
        names.add(display: "DP-2", output: "HEADLESS-2", scale: Scale(integer: 2)!)
        names.add(display: "HDMI-A-1", output: "HEADLESS-3", scale: Scale(1.5)!)
        return names
    }

    static func observe(_ window: (node: SwayNode, output: String)) throws -> WindowObservation {
        let outputs = try JSONDecoder().decode([SwayOutput].self, from: Data(Self.outputs.utf8))
        var observation = WindowObservation(unavailableBecause: "test")
        SwayTreeObservation.fill(&observation, node: window.node, output: window.output, outputs: outputs, names: names)
        return observation
    }

    @Test("a window straddling two outputs is on both, by the scenario's names")
    func spanning() throws {
        let observation = try Self.observe(Self.window(x: 1500, width: 800))
        #expect(observation.enteredDisplays == .value(["DP-1", "DP-2"]))
        #expect(observation.frame == .value(Rect(x: 1500, y: 200, width: 800, height: 600)))
        let verdict = ExpectationEvaluator.evaluate(
            Clause(
                .width(Comparison(.equal, 800)), text: "width 800",
                location: SourceLocation(file: "t", line: 1, column: 1)),
            against: observation)
        #expect(verdict.isPassed)
    }

    @Test("a window touching an output's edge is not on it")
    func edge() throws {
        let observation = try Self.observe(Self.window(x: 1120, width: 800))
        #expect(observation.enteredDisplays == .value(["DP-1"]))
    }

    @Test("fullscreen and focus become the configure's states; its size is unknown and the clause skips")
    func states() throws {
        let observation = try Self.observe(Self.window(x: 1920, width: 1920, fullscreen: 1, focused: true))
        #expect(observation.enteredDisplays == .value(["DP-2"]))
        #expect(observation.lastConfigure.value?.states == [.fullscreen, .activated])
        let location = SourceLocation(file: "t", line: 1, column: 1)
        #expect(
            ExpectationEvaluator.evaluate(
                Clause(.hasStates([.fullscreen]), text: "fullscreen", location: location),
                against: observation
            ).isPassed)
        #expect(
            ExpectationEvaluator.evaluate(
                Clause(
                    .configureSize(Size(width: 1920, height: 1080)), text: "configure",
                    location: location), against: observation
            ).isSkipped)
    }

    @Test("on a fractional-scale display the scale-dependent facts are unavailable, with sway's reason")
    func fractionalScale() throws {
        var observation = try Self.observe(Self.window(x: 4000, width: 800))
        #expect(observation.enteredDisplays == .value(["HDMI-A-1"]))
        observation.renderScale = .value(Scale(integer: 2)!)
        Self.names.markScaleDependentFactsUnavailable(&observation, onDisplays: ["HDMI-A-1"])
        guard case .unavailable(let reason) = observation.renderScale else {
            Issue.record("the rendered scale stayed observable on a 1.5x display")
            return
        }
        #expect(reason.contains("HDMI-A-1") && reason.contains("wl_output.scale 2"))
        #expect(Self.names.scaleNote("DP-2") == nil)
    }
}

import DioramaModel
import Testing

@testable import DioramaScenarios

@Suite("Scenario values: durations, transforms, comparisons")
struct ValueTests {
    @Test("durations parse with ms or s and print in the shortest form")
    func durations() {
        #expect(ScenarioDuration(parsing: "200ms")?.milliseconds == 200)
        #expect(ScenarioDuration(parsing: "10s")?.milliseconds == 10_000)
        #expect(ScenarioDuration(parsing: "1.5s")?.milliseconds == 1500)
        for bad in ["200", "1.5ms", "-1s", "10m", "s", "0.0005s", "1e3s", "+1s"] {
            #expect(ScenarioDuration(parsing: bad) == nil, "\(bad)")
        }
        #expect(ScenarioDuration(milliseconds: 200).description == "200ms")
        #expect(ScenarioDuration(milliseconds: 1500).description == "1.5s")
        #expect(ScenarioDuration(milliseconds: 1250).description == "1250ms")
        #expect(ScenarioDuration.seconds(10).description == "10s")
        #expect(ScenarioDuration(milliseconds: 1500).duration == .milliseconds(1500))
    }

    @Test("transform names round-trip and match the layout files' spelling")
    func transforms() {
        for transform in OutputTransform.allCases {
            #expect(OutputTransform(name: transform.name) == transform)
        }
        #expect(
            OutputTransform.allCases.map(\.name)
                == ["normal", "90", "180", "270", "flipped", "flipped-90", "flipped-180", "flipped-270"])
        #expect(OutputTransform(name: "rotated-90") == nil)
    }

    @Test("comparisons")
    func comparisons() {
        #expect(Comparison(.atLeast, 500).matches(500))
        #expect(!Comparison(.greater, 500).matches(500))
        #expect(Comparison(.less, 1).matches(0))
        #expect(Comparison(.atMost, 1).matches(1))
        #expect(Comparison.exactly(3).description == "3")
        #expect(Comparison(.atLeast, 3).description == ">= 3")
    }

    @Test("orientation families and exact orientations")
    func orientations() {
        #expect(OrientationExpectation.portrait.matches(.portraitUpsideDown))
        #expect(!OrientationExpectation.portrait.matches(.landscapeLeft))
        #expect(OrientationExpectation.landscape.matches(.landscapeLeft))
        #expect(OrientationExpectation(spelling: "landscapeRight") == .exactly(.landscapeRight))
        #expect(!OrientationExpectation.exactly(.landscapeRight).matches(.landscapeLeft))
        #expect(OrientationExpectation(spelling: "sideways") == nil)
    }
}

import DioramaModel
import Testing

@Suite("Interface orientation from wl_output.transform")
struct InterfaceOrientationTests {
    let monitor = Size(width: 1920, height: 1080)  // as seen with transform normal
    let tablet = Size(width: 820, height: 1180)

    @Test("a landscape monitor: normal, 90, 180, 270")
    func landscapePanel() {
        // Bounds are the logical size clients see, so 90/270 report them swapped.
        #expect(InterfaceOrientation(wlOutputTransform: 0, outputBounds: monitor) == .landscapeRight)
        #expect(InterfaceOrientation(wlOutputTransform: 1, outputBounds: monitor.transposed) == .portrait)
        #expect(InterfaceOrientation(wlOutputTransform: 2, outputBounds: monitor) == .landscapeLeft)
        #expect(InterfaceOrientation(wlOutputTransform: 3, outputBounds: monitor.transposed) == .portraitUpsideDown)
    }

    @Test("a portrait tablet: normal, 90, 180, 270")
    func portraitPanel() {
        #expect(InterfaceOrientation(wlOutputTransform: 0, outputBounds: tablet) == .portrait)
        #expect(InterfaceOrientation(wlOutputTransform: 1, outputBounds: tablet.transposed) == .landscapeLeft)
        #expect(InterfaceOrientation(wlOutputTransform: 2, outputBounds: tablet) == .portraitUpsideDown)
        #expect(InterfaceOrientation(wlOutputTransform: 3, outputBounds: tablet.transposed) == .landscapeRight)
    }

    @Test("flipped transforms orient like their rotation")
    func flipped() {
        for raw in 0...3 {
            let bounds = raw % 2 == 1 ? monitor.transposed : monitor
            #expect(
                InterfaceOrientation(wlOutputTransform: raw + 4, outputBounds: bounds)
                    == InterfaceOrientation(wlOutputTransform: raw, outputBounds: bounds))
        }
        #expect(OutputTransform.flipped270.isFlipped)
        #expect(OutputTransform.flipped270.quarterTurns == 3)
    }

    @Test("the result's aspect matches the bounds: portrait iff taller than wide")
    func aspectConsistency() {
        for transform in OutputTransform.allCases {
            for panel in [monitor, tablet] {
                let bounds = transform.swapsAxes ? panel.transposed : panel
                let orientation = InterfaceOrientation(outputTransform: transform, outputBounds: bounds)
                #expect(orientation.isPortrait == (bounds.height > bounds.width), "\(transform) \(panel)")
            }
        }
    }

    @Test("unknown for empty bounds or invalid transform values; square panels count as landscape")
    func edgeCases() {
        #expect(InterfaceOrientation(wlOutputTransform: 0, outputBounds: .zero) == .unknown)
        #expect(InterfaceOrientation(wlOutputTransform: 8, outputBounds: monitor) == .unknown)
        #expect(InterfaceOrientation(wlOutputTransform: -1, outputBounds: monitor) == .unknown)
        #expect(InterfaceOrientation(wlOutputTransform: 0, outputBounds: Size(width: 1000, height: 1000)) == .landscapeRight)
    }
}

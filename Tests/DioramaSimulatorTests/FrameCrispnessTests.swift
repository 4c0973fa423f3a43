import DioramaModel
import DioramaSimulator
import Testing

/// The simulator's crispness judgement (`expect W crisp` in scenarios): a
/// window's frame is crisp when the display's screenshot shows each pixel of
/// its buffer one for one, in its own colour. Known buffers on the
/// screenshot tests' displays (A 1x, B 2x, C 1.5x).
@Suite struct FrameCrispnessTests {
    let screen: ScreenshotTests

    init() throws {
        screen = try ScreenshotTests()
    }

    func crispness(_ appID: String) throws -> FrameCrispness {
        try screen.harness.simulator.frameCrispness(ofWindow: .appID(appID))
    }

    @Test("a buffer drawn for its display's scale is crisp at 1x, 2x and 1.5x (through the viewport)")
    func drawnForTheScaleIsCrisp() throws {
        try screen.show("one", width: 4, height: 4, at: Point(x: 10, y: 10), pixel: ScreenshotTests.checker)
        try screen.show("two", width: 8, height: 8, scale: 2, at: Point(x: 128 + 5, y: 5), pixel: ScreenshotTests.checker)
        try screen.show("fractional", width: 6, height: 6, destination: (4, 4), at: Point(x: 256 + 3, y: 3), pixel: ScreenshotTests.checker)
        #expect(try crispness("one") == .compared(display: "A", scale: .one, pixels: Size(width: 4, height: 4), differing: 0))
        #expect(try crispness("two") == .compared(display: "B", scale: Scale(integer: 2)!, pixels: Size(width: 8, height: 8), differing: 0))
        let fractional = try crispness("fractional")
        #expect(fractional == .compared(display: "C", scale: Scale(1.5)!, pixels: Size(width: 6, height: 6), differing: 0))
        #expect(fractional.isCrisp)
    }

    @Test("a 1x buffer on a 2x display is resampled, so not crisp")
    func aBufferForAnotherScaleIsNotCrisp() throws {
        try screen.show("blurry", width: 4, height: 4, at: Point(x: 128 + 5, y: 5), pixel: ScreenshotTests.checker)
        let judged = try crispness("blurry")
        #expect(
            judged
                == .resampled(display: "B", scale: Scale(integer: 2)!, buffer: Size(width: 4, height: 4), onDisplay: Size(width: 8, height: 8)))
        #expect(!judged.isCrisp)
        #expect(judged.description.contains("resampled"))
    }

    @Test("what the display shows is judged: a window partly covered by another shows pixels that are not its own")
    func aCoveredWindowIsNotCrisp() throws {
        try screen.show("under", width: 20, height: 20, at: Point(x: 10, y: 10)) { _, _ in 0xFFFF_0000 }
        try screen.show("over", width: 20, height: 20, at: Point(x: 25, y: 25)) { _, _ in 0xFF00_FF00 }
        // 5x5 pixels of `under` (its bottom-right corner) are covered.
        #expect(try crispness("under") == .compared(display: "A", scale: .one, pixels: Size(width: 20, height: 20), differing: 25))
    }

    @Test("a window across two displays, or with a cropped buffer, is not crisp and says why")
    func spanningAndCroppedAreNotCrisp() throws {
        try screen.show("spanning", width: 20, height: 20, at: Point(x: 118, y: 10), pixel: ScreenshotTests.checker)
        #expect(try crispness("spanning") == .notOnOneDisplay(displays: ["A", "B"]))
        try screen.show("cropped", width: 4, height: 4, source: (1, 1, 2, 2), destination: (2, 2), at: Point(x: 40, y: 40), pixel: ScreenshotTests.distinct)
        let cropped = try crispness("cropped")
        guard case .notComparable = cropped else {
            Issue.record("a cropped buffer was judged \(cropped)")
            return
        }
        #expect(!cropped.isCrisp)
    }
}

import DioramaGraphics
import DioramaModel
import DioramaTestTraits
import Testing

@Suite("Test pattern", .offSharedPool)
struct TestPatternTests {
    private let pattern = TestPattern(label: "2x")

    private func drawn(_ width: Int, _ height: Int, _ pattern: TestPattern? = nil) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height)
        (pattern ?? self.pattern).draw(into: &buffer)
        return buffer
    }

    @Test("border on the outermost pixels, grid lines every gridSpacing, background between")
    func borderAndGrid() {
        let buffer = drawn(120, 90)
        for x in 0..<120 {
            #expect(buffer[x, 0] == pattern.borderColor)
            #expect(buffer[x, 89] == pattern.borderColor)
        }
        for y in 0..<90 {
            #expect(buffer[0, y] == pattern.borderColor)
            #expect(buffer[119, y] == pattern.borderColor)
        }
        // Row 33 (not a grid row) in the middle band: grid colour exactly at multiples of 16.
        for x in 40..<100 where !(45...75).contains(x) {
            #expect(buffer[x, 70] == (x % 16 == 0 ? pattern.gridColor : pattern.background), "pixel \(x), 70")
        }
        #expect(buffer[40, 64] == pattern.gridColor)
        #expect(buffer[40, 63] == pattern.background)
    }

    @Test("each corner has its fine patch: vertical 1-px lines on top, horizontal below")
    func finePatches() {
        let size = Size(width: 101, height: 77)
        let buffer = drawn(size.width, size.height)
        for corner in TestPattern.Corner.allCases {
            let patch = pattern.finePatchRect(corner, in: size)
            #expect(patch.width == 16 && patch.height == 16)
            for y in 0..<16 {
                for x in 0..<16 {
                    let onLine = y < 8 ? x % 2 == 0 : y % 2 == 0
                    #expect(buffer[patch.minX + x, patch.minY + y] == (onLine ? corner.color : .black))
                }
            }
        }
        #expect(pattern.finePatchRect(.topLeft, in: size) == Rect(x: 2, y: 2, width: 16, height: 16))
        #expect(pattern.finePatchRect(.bottomRight, in: size) == Rect(x: 83, y: 59, width: 16, height: 16))
    }

    @Test("corner tags sit beside their patches in the corner's colour; the caption is centred")
    func labels() {
        let size = Size(width: 200, height: 120)
        let buffer = drawn(size.width, size.height)
        let font = BitmapFont.standard
        for corner in TestPattern.Corner.allCases {
            let patch = pattern.finePatchRect(corner, in: size)
            let tagSize = font.measure("\(corner.rawValue) 2x")
            let isRight = corner == .topRight || corner == .bottomRight
            let isBottom = corner == .bottomLeft || corner == .bottomRight
            let tag = Rect(
                x: isRight ? patch.minX - 3 - tagSize.width : patch.maxX + 3,
                y: isBottom ? patch.maxY - tagSize.height : patch.minY,
                width: tagSize.width, height: tagSize.height)
            var expected = PixelBuffer(width: tag.width, height: tag.height)
            expected.draw("\(corner.rawValue) 2x", at: .zero, color: corner.color)
            for y in 0..<tag.height {
                for x in 0..<tag.width where expected[x, y] == corner.color {
                    #expect(buffer[tag.minX + x, tag.minY + y] == corner.color, "\(corner) tag pixel \(x), \(y)")
                }
            }
        }
        let caption = "200x120 2x"
        let captionSize = font.measure(caption)
        let origin = Point(x: (200 - captionSize.width) / 2, y: (120 - captionSize.height) / 2)
        var expected = PixelBuffer(
            width: captionSize.width + 4, height: captionSize.height + 4,
            filledWith: pattern.background)
        expected.draw(caption, at: Point(x: 2, y: 2), color: pattern.textColor)
        #expect(
            buffer.cropped(
                to: Rect(
                    x: origin.x - 2, y: origin.y - 2, width: captionSize.width + 4,
                    height: captionSize.height + 4)) == expected)
    }

    @Test("the same pattern and size always give the same pixels; the label changes them")
    func deterministic() {
        #expect(drawn(64, 48) == drawn(64, 48))
        #expect(drawn(64, 48) != drawn(64, 48, TestPattern(label: "1x")))
    }

    @Test("tiny images get whatever fits, without trapping")
    func tinyImages() {
        for (width, height) in [(0, 0), (1, 1), (3, 2), (10, 40)] {
            let buffer = drawn(width, height)
            #expect(buffer.size == Size(width: width, height: height))
        }
        #expect(drawn(1, 1)[0, 0] == pattern.borderColor)
    }

    @Test("a buffer drawn at the right scale is faithful; one drawn at half scale and upscaled is not")
    func wrongScaleIsVisible() {
        let output = Size(width: 160, height: 100)
        // Right: the app drew a 2x buffer of the full output size.
        let native = drawn(output.width, output.height)
        // Wrong: the app drew a 1x buffer and the compositor stretched it to 2x.
        let small = drawn(output.width / 2, output.height / 2, TestPattern(label: "2x"))
        var blurry = PixelBuffer(width: output.width, height: output.height)
        blurry.composite(small, placement: BufferPlacement(destination: blurry.bounds, filter: .bilinear))
        var blocky = PixelBuffer(width: output.width, height: output.height)
        blocky.composite(small, placement: BufferPlacement(destination: blocky.bounds, filter: .nearest))

        for corner in TestPattern.Corner.allCases {
            #expect(pattern.finePatchFidelity(corner, in: native, patternSize: output, origin: .zero) == 1)
            #expect(pattern.finePatchFidelity(corner, in: blurry, patternSize: output, origin: .zero) < 0.35)
            #expect(pattern.finePatchFidelity(corner, in: blocky, patternSize: output, origin: .zero) < 0.7)
        }
        // Placed one pixel off, even the right buffer shows mismatches.
        var shifted = PixelBuffer(width: output.width + 1, height: output.height)
        shifted.blit(native, to: Point(x: 1, y: 0))
        #expect(pattern.finePatchFidelity(.topLeft, in: shifted, patternSize: output, origin: .zero) < 0.7)
        #expect(pattern.finePatchFidelity(.topLeft, in: shifted, patternSize: output, origin: Point(x: 1, y: 0)) == 1)
        // Outside the screenshot counts as wrong.
        #expect(pattern.finePatchFidelity(.bottomRight, in: native, patternSize: output, origin: Point(x: 100, y: 0)) == 0)
    }

    @Test("outside its detail rectangles the pattern is only background, grid lines and border (what a GPU renderer draws as geometry)")
    func detailRectsHoldEverythingElse() {
        for size in [Size(width: 1920, height: 1080), Size(width: 333, height: 201), Size(width: 40, height: 30)] {
            let buffer = drawn(size.width, size.height)
            let details = pattern.detailRects(in: size)
            #expect(details.count == 9 || size.width < 100, "four patches, four tags and the caption at \(size)")
            var outside = 0
            for y in 0..<size.height {
                for x in 0..<size.width where !details.contains(where: { $0.contains(Point(x: x, y: y)) }) {
                    outside += 1
                    let onBorder = x == 0 || y == 0 || x == size.width - 1 || y == size.height - 1
                    let onGrid = x % pattern.gridSpacing == 0 && x > 0 || y % pattern.gridSpacing == 0 && y > 0
                    let expected = onBorder ? pattern.borderColor : onGrid ? pattern.gridColor : pattern.background
                    if buffer[x, y] != expected {
                        Issue.record("\(size): pixel \(x), \(y) outside the detail rectangles is \(buffer[x, y]), not \(expected)")
                        return
                    }
                }
            }
            #expect(size.width < 100 || outside > size.width * size.height / 2, "the details are a small part of \(size)")
            for rect in details {
                #expect(Rect(origin: .zero, size: size).intersection(rect) == rect, "\(rect) lies inside \(size)")
            }
        }
    }
}

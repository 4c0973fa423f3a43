import DioramaGraphics
import DioramaModel
import Testing

private let o: UInt32 = 0xFF00_0000  // opaque black background
private let r: UInt32 = 0xFFFF_0000
private let h: UInt32 = 0x8080_0000  // half-transparent red, premultiplied
private let m: UInt32 = 0xFF80_0000  // h over black

@Suite("Rectangles and lines")
struct ShapeDrawingTests {
    private func canvas(_ width: Int = 5, _ height: Int = 4) -> PixelBuffer {
        PixelBuffer(width: width, height: height, filledWith: .black)
    }

    @Test("fill clips to the image at every edge")
    func fillClips() {
        var buffer = canvas()
        buffer.fill(Rect(x: -2, y: -1, width: 4, height: 2), color: .red)
        buffer.fill(Rect(x: 4, y: 3, width: 9, height: 9), color: .red)
        buffer.fill(Rect(x: 9, y: 0, width: 2, height: 2), color: .red)  // wholly outside
        buffer.fill(Rect(x: 1, y: 1, width: 0, height: 5), color: .red)  // empty
        #expect(
            rows(of: buffer) == [
                [r, r, o, o, o],
                [o, o, o, o, o],
                [o, o, o, o, o],
                [o, o, o, o, r],
            ])
    }

    @Test("translucent fill blends source-over; copy replaces, alpha included")
    func fillBlendModes() {
        var buffer = canvas(3, 1)
        let halfRed = PixelColor(argb: h)
        buffer.fill(Rect(x: 0, y: 0, width: 2, height: 1), color: halfRed)
        buffer.fill(Rect(x: 1, y: 0, width: 2, height: 1), color: halfRed, blendMode: .copy)
        #expect(rows(of: buffer) == [[m, h, h]])
        buffer.clear()
        #expect(rows(of: buffer) == [[0, 0, 0]])
    }

    @Test("stroke covers the inner edge pixels once each, also when translucent")
    func strokeOnce() {
        var buffer = canvas()
        buffer.stroke(Rect(x: 0, y: 0, width: 5, height: 4), color: PixelColor(argb: h))
        #expect(
            rows(of: buffer) == [
                [m, m, m, m, m],
                [m, o, o, o, m],
                [m, o, o, o, m],
                [m, m, m, m, m],
            ])
    }

    @Test("a thick stroke wider than the rect fills it without double blending")
    func thickStroke() {
        var buffer = canvas(6, 5)
        buffer.stroke(Rect(x: 1, y: 1, width: 4, height: 3), color: PixelColor(argb: h), lineWidth: 2)
        #expect(
            rows(of: buffer) == [
                [o, o, o, o, o, o],
                [o, m, m, m, m, o],
                [o, m, m, m, m, o],
                [o, m, m, m, m, o],
                [o, o, o, o, o, o],
            ])
        var wide = canvas(7, 6)
        wide.stroke(Rect(x: 0, y: 0, width: 7, height: 6), color: .red, lineWidth: 2)
        #expect(
            rows(of: wide) == [
                [r, r, r, r, r, r, r],
                [r, r, r, r, r, r, r],
                [r, r, o, o, o, r, r],
                [r, r, o, o, o, r, r],
                [r, r, r, r, r, r, r],
                [r, r, r, r, r, r, r],
            ])
    }

    @Test("horizontal and vertical lines start at their point and clip")
    func axisLines() {
        var buffer = canvas()
        buffer.drawHorizontalLine(x: 3, y: 1, length: 10, color: .red)
        buffer.drawVerticalLine(x: 0, y: -2, length: 4, color: .red)
        #expect(
            rows(of: buffer) == [
                [r, o, o, o, o],
                [r, o, o, r, r],
                [o, o, o, o, o],
                [o, o, o, o, o],
            ])
    }

    @Test("Bresenham lines include both ends and draw each pixel once")
    func bresenham() {
        var buffer = canvas()
        // Slope 1/2: the ideal line passes exactly between two pixels at x = 1 and
        // x = 3, and the tie steps down; one pixel per column either way.
        buffer.drawLine(from: Point(x: 0, y: 0), to: Point(x: 4, y: 2), color: PixelColor(argb: h))
        #expect(
            rows(of: buffer) == [
                [m, o, o, o, o],
                [o, m, m, o, o],
                [o, o, o, m, m],
                [o, o, o, o, o],
            ])
        var steep = canvas()
        steep.drawLine(from: Point(x: 1, y: 3), to: Point(x: 1, y: 0), color: .red)
        steep.drawLine(from: Point(x: 4, y: 0), to: Point(x: 2, y: 2), color: .red)
        steep.drawLine(from: Point(x: -5, y: 3), to: Point(x: 0, y: 3), color: .red)  // clipped, one pixel shows
        #expect(
            rows(of: steep) == [
                [o, r, o, o, r],
                [o, r, o, r, o],
                [o, r, r, o, o],
                [r, r, o, o, o],
            ])
    }

    @Test("setPixel ignores points outside the image")
    func setPixelOutside() {
        var buffer = canvas(2, 1)
        buffer.setPixel(x: 2, y: 0, to: .red)
        buffer.setPixel(x: -1, y: 0, to: .red)
        buffer.setPixel(x: 1, y: 0, to: .red)
        #expect(rows(of: buffer) == [[o, r]])
    }
}

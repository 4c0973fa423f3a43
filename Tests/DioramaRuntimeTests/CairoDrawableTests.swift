import DioramaModel
import Foundation
import Testing

@testable import Diorama

/// The Cairo drawable draws in points: its device scale is the frame's
/// scale, so what lies on whole points lies on whole pixels at 1×, 1.5× and 2×.
@Suite("Cairo drawable in points at any scale")
struct CairoDrawableTests {
    static let black: UInt32 = 0xFF00_0000
    static let white: UInt32 = 0xFFFF_FFFF

    /// `points` × `scale` pixels of memory, drawn by `body` through a Cairo drawable.
    static func render(points: Size, scale: Double, _ body: (CairoDrawable) -> Void) throws -> (pixels: [UInt32], size: Size) {
        let size = Size(width: Int((Double(points.width) * scale).rounded()), height: Int((Double(points.height) * scale).rounded()))
        var pixels = [UInt32](repeating: 0, count: size.width * size.height)
        try pixels.withUnsafeMutableBytes { bytes in
            let drawable = Drawable(pixels: bytes.baseAddress!, size: size, stride: size.width * 4, contentsScale: scale)
            try CairoDrawable.drawing(over: drawable, body)
        }
        return (pixels, size)
    }

    @Test("a rectangle on whole points covers exactly its pixels, with no blended edge, at 1×, 1.5× and 2×", arguments: [1.0, 1.5, 2.0])
    func rectanglesAreCrisp(scale: Double) throws {
        let (pixels, size) = try Self.render(points: Size(width: 20, height: 12), scale: scale) { drawable in
            #expect(drawable.pointSize == CGSize(width: 20, height: 12))
            drawable.clear(to: Self.black)
            drawable.fill(CGRect(x: 2, y: 2, width: 4, height: 6), color: Self.white)
        }
        let inside = Int(2 * scale)..<Int(6 * scale), insideRows = Int(2 * scale)..<Int(8 * scale)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let expected = inside.contains(x) && insideRows.contains(y) ? Self.white : Self.black
                guard pixels[y * size.width + x] == expected else {
                    Issue.record("pixel (\(x), \(y)) at \(scale)×: 0x\(String(pixels[y * size.width + x], radix: 16))")
                    return
                }
            }
        }
    }

    @Test("Pango text is laid out in points: twice the pixels at 2×, the same size in points")
    func textScalesWithTheDrawable() throws {
        func inkedWidth(at scale: Double) throws -> (pixels: Int, points: CGSize) {
            var measured = CGSize.zero
            let (pixels, size) = try Self.render(points: Size(width: 200, height: 40), scale: scale) { drawable in
                drawable.clear(to: Self.black)
                drawable.drawText("Diorama", at: CGPoint(x: 4, y: 4), font: "Sans 16", color: Self.white)
                measured = drawable.textSize("Diorama", font: "Sans 16")
            }
            let columns = (0..<size.width).filter { x in (0..<size.height).contains { pixels[$0 * size.width + x] != Self.black } }
            return ((columns.last ?? 0) - (columns.first ?? 0) + 1, measured)
        }
        let one = try inkedWidth(at: 1), two = try inkedWidth(at: 2)
        #expect(one.pixels > 30, "the text was drawn: \(one.pixels) columns")
        #expect(abs(Double(two.pixels) - 2 * Double(one.pixels)) <= 4, "1×: \(one.pixels) px, 2×: \(two.pixels) px")
        #expect(abs(two.points.width - one.points.width) <= 2, "1×: \(one.points), 2×: \(two.points)")
    }

    @Test("the diagnostics overlay is Pango text on dark boxes, twice the pixels at 2×, drawn where it says")
    func diagnosticsOverlayIsPangoText() {
        let lines = ["TimerApp main", "screen DP-1  displayScale 2"]
        let one = DiagnosticsOverlay(lines: lines, drawableSize: Size(width: 800, height: 600), contentsScale: 1)
        let two = DiagnosticsOverlay(lines: lines, drawableSize: Size(width: 1600, height: 1200), contentsScale: 2)
        #expect(one.size.width > 100 && one.size.height > 20, "measured: \(one.size)")
        #expect(abs(Double(two.size.width) - 2 * Double(one.size.width)) <= 8, "1×: \(one.size), 2×: \(two.size)")
        #expect(abs(Double(two.size.height) - 2 * Double(one.size.height)) <= 8, "1×: \(one.size), 2×: \(two.size)")
        var buffer = PixelBuffer(width: one.size.width + 10, height: one.size.height + 10, filledWith: .clear)
        one.draw(into: &buffer, at: Point(x: 10, y: 10))
        // Outside the overlay nothing changed; inside, the boxes are dark and the text light.
        #expect(buffer[5, 5] == .clear)
        #expect(buffer[10, 12].argb == 0xC000_0000, "box pixel: \(buffer[10, 12])")
        let light = buffer.pixels.filter { ($0 >> 16) & 0xFF > 0x80 }.count
        #expect(light > 150, "\(light) light text pixels")
    }
}

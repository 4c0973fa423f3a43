import DioramaModel
import Foundation
import Testing

@testable import Diorama

/// Text keeps its Pango layout from frame to frame, and a kept layout draws
/// exactly what a new one draws, at whatever scale the frame has. Each test
/// has a cache of its own, so tests running beside it cannot fill or clear it.
@Suite("Pango layouts kept from frame to frame")
struct TextLayoutCacheTests {
    static let black: UInt32 = 0xFF00_0000
    static let white: UInt32 = 0xFFFF_FFFF

    /// A 240×48-point frame at `scale` with `text` measured and drawn in
    /// `font` through `layouts`: its pixels and the measured size.
    static func frame(
        _ text: String, font: String = "Sans Bold 20", scale: Double, layouts: TextLayoutCache
    ) throws -> (pixels: [UInt32], measured: CGSize) {
        let points = Size(width: 240, height: 48)
        let size = Size(width: Int(Double(points.width) * scale), height: Int(Double(points.height) * scale))
        var pixels = [UInt32](repeating: 0, count: size.width * size.height)
        var measured = CGSize.zero
        try pixels.withUnsafeMutableBytes { bytes in
            let drawable = Drawable(pixels: bytes.baseAddress!, size: size, stride: size.width * 4, contentsScale: scale)
            try CairoDrawable.drawing(over: drawable, layouts: layouts) { cairo in
                cairo.clear(to: black)
                measured = cairo.textSize(text, font: font)
                cairo.drawText(text, at: CGPoint(x: 6, y: 6), font: font, color: white)
            }
        }
        return (pixels, measured)
    }

    @Test("text measured and drawn again, at 1× and 2×, is laid out once and draws the pixels a new layout draws")
    func aKeptLayoutDrawsAsANewOne() throws {
        let kept = TextLayoutCache()
        let text = "TimerApp 00:01:07"
        let firstAtTwo = try Self.frame(text, scale: 2, layouts: kept)
        #expect(kept.layoutsMade == 1, "measuring and drawing share one layout")
        #expect(firstAtTwo.pixels.contains(Self.white), "the text was drawn")
        let atOne = try Self.frame(text, scale: 1, layouts: kept)
        let againAtTwo = try Self.frame(text, scale: 2, layouts: kept)
        #expect(kept.layoutsMade == 1, "the same text in the same font is not laid out again, whatever the scale")

        // The same frames with a layout made for each.
        let newAtOne = try Self.frame(text, scale: 1, layouts: TextLayoutCache())
        let newAtTwo = try Self.frame(text, scale: 2, layouts: TextLayoutCache())
        #expect(atOne.pixels == newAtOne.pixels, "1× after 2×: the pixels of a new layout")
        #expect(againAtTwo.pixels == newAtTwo.pixels, "2× after 1×: the pixels of a new layout")
        #expect(firstAtTwo.pixels == newAtTwo.pixels)
        #expect(atOne.measured == newAtOne.measured && againAtTwo.measured == newAtTwo.measured)
    }

    @Test("another text or another font is another layout")
    func layoutsAreKeptByTextAndFont() throws {
        let kept = TextLayoutCache()
        _ = try Self.frame("00:01:07", scale: 1, layouts: kept)
        _ = try Self.frame("00:01:08", scale: 1, layouts: kept)
        _ = try Self.frame("00:01:08", font: "Monospace 12px", scale: 1, layouts: kept)
        _ = try Self.frame("00:01:07", scale: 1, layouts: kept)
        #expect(kept.layoutsMade == 3)
        #expect(kept.count == 3)
    }

    @Test("the cache keeps at most its capacity: past it the layouts are let go")
    func theCacheIsBounded() throws {
        let kept = TextLayoutCache()
        let texts = (0..<(TextLayoutCache.capacity + 5)).map { "line \($0)" }
        for text in texts { _ = try Self.frame(text, scale: 1, layouts: kept) }
        #expect(kept.layoutsMade == texts.count)
        #expect(kept.count <= TextLayoutCache.capacity)
        #expect(kept.count == 5, "the first \(TextLayoutCache.capacity) were let go when the next came")
    }
}

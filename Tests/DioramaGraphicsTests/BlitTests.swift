import DioramaGraphics
import DioramaModel
import Testing

@Suite("Blitting")
struct BlitTests {
    @Test("blit copies a sub-rectangle one pixel per pixel, clipped at both ends without shifting")
    func clippedCopy() {
        let source = numberedImage(width: 4, height: 3)
        var target = PixelBuffer(width: 3, height: 3, filledWith: .black)
        // Source rect reaches one column left of the source; destination one row above the target.
        target.blit(source, from: Rect(x: -1, y: 0, width: 3, height: 3), to: Point(x: 0, y: -1), blendMode: .copy)
        let black: UInt32 = 0xFF00_0000
        #expect(
            rows(of: target) == [
                [black, source[0, 1].argb, source[1, 1].argb],
                [black, source[0, 2].argb, source[1, 2].argb],
                [black, black, black],
            ])
    }

    @Test("blit blends translucent source pixels over the target")
    func blends() {
        let source = image([[0x8080_8080, 0x0000_0000]])
        var target = PixelBuffer(width: 2, height: 1, filledWith: .red)
        target.blit(source, to: .zero)
        #expect(rows(of: target) == [[0xFFFF_8080, 0xFFFF_0000]])
        target.blit(source, to: .zero, blendMode: .copy)
        #expect(rows(of: target) == [[0x8080_8080, 0x0000_0000]])
    }

    @Test("blit of the whole image to the origin reproduces it; far-away blits do nothing")
    func identityAndMiss() {
        var generator = SeededGenerator(seed: 42)
        let pixels = (0..<(17 * 11)).map { _ in 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &generator) }
        let source = PixelBuffer(width: 17, height: 11, pixels: pixels)
        var target = PixelBuffer(width: 17, height: 11)
        target.blit(source, to: .zero)
        #expect(target == source)
        var untouched = PixelBuffer(width: 4, height: 4, filledWith: .blue)
        untouched.blit(source, to: Point(x: 4, y: 0))
        untouched.blit(source, to: Point(x: -17, y: 0))
        #expect(untouched == PixelBuffer(width: 4, height: 4, filledWith: .blue))
    }
}

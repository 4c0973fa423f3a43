import DioramaModel
import Foundation
import Testing

@Suite("Drawable sizing and contents gravity")
struct DrawableSizingTests {
    @Test(
        "drawable size is bounds × contentsScale in whole pixels",
        arguments: [
            (CGSize(width: 100, height: 50), 1.5, Size(width: 150, height: 75)),
            (CGSize(width: 101, height: 3), 1.25, Size(width: 126, height: 4)),
            (CGSize(width: 101, height: 3), 1.75, Size(width: 177, height: 5)),
            (CGSize(width: 1180, height: 820), 2.0, Size(width: 2360, height: 1640)),
            (CGSize(width: 10.4, height: 10.6), 1.0, Size(width: 10, height: 11)),
            (CGSize(width: 0.1, height: 0.1), 1.0, Size(width: 1, height: 1)),
        ])
    func drawableSize(bounds: CGSize, scale: Double, expected: Size) {
        #expect(DrawableSizing.drawableSize(bounds: bounds, contentsScale: scale) == expected)
    }

    @Test(
        "no drawable for empty bounds or unusable scales",
        arguments: [
            (CGSize(width: 0, height: 10), 1.0), (CGSize(width: 10, height: -1), 2.0),
            (CGSize(width: 10, height: 10), 0.0), (CGSize(width: 10, height: 10), -1.0),
            (CGSize(width: 10, height: 10), Double.nan), (CGSize(width: Double.infinity, height: 10), 1.0),
        ])
    func noDrawable(bounds: CGSize, scale: Double) {
        #expect(DrawableSizing.drawableSize(bounds: bounds, contentsScale: scale) == nil)
    }

    @Test("huge drawables are clamped to the maximum texture side")
    func clamped() {
        #expect(
            DrawableSizing.drawableSize(bounds: CGSize(width: 20_000, height: 10), contentsScale: 2)
                == Size(width: 16_384, height: 20))
        #expect(
            DrawableSizing.drawableSize(bounds: CGSize(width: 1e300, height: 10), contentsScale: 1.1)
                == Size(width: 16_384, height: 11))
    }

    @Test("the exact-scale variant matches BufferGeometry pixel for pixel")
    func matchesBuffer() {
        let resolved = ScaleResolver.resolve(
            fractionalPreferred: Scale(numerator120: 210), preferredBufferScale: nil,
            enteredOutputScales: [], onlyOutputScale: nil)
        for width in stride(from: 1, through: 400, by: 7) {
            let logical = Size(width: width, height: width / 2 + 1)
            let buffer = BufferGeometry.for(logical: logical, scale: resolved).bufferSize
            #expect(DrawableSizing.drawableSize(bounds: logical, scale: resolved.scale) == buffer)
            #expect(DrawableSizing.drawableSize(bounds: logical.cgSize, contentsScale: resolved.scale.doubleValue) == buffer)
        }
        #expect(DrawableSizing.drawableSize(bounds: Size.zero, scale: .one) == nil)
    }

    @Test("resize fills the bounds")
    func resize() {
        let bounds = CGRect(x: 0, y: 0, width: 300, height: 100)
        #expect(ContentsGravity.resize.destinationRect(contentSize: CGSize(width: 50, height: 50), in: bounds) == bounds)
    }

    @Test("resizeAspect letterboxes and pillarboxes, centred")
    func resizeAspect() {
        // 200x100 content into 200x200 bounds: full width, bars above and below.
        #expect(
            ContentsGravity.resizeAspect.destinationRect(
                contentSize: CGSize(width: 200, height: 100),
                in: CGRect(x: 0, y: 0, width: 200, height: 200))
                == CGRect(x: 0, y: 50, width: 200, height: 100))
        // 100x100 content into 300x100 bounds at an offset: full height, bars left and right.
        #expect(
            ContentsGravity.resizeAspect.destinationRect(
                contentSize: CGSize(width: 100, height: 100),
                in: CGRect(x: 10, y: 20, width: 300, height: 100))
                == CGRect(x: 110, y: 20, width: 100, height: 100))
    }

    @Test("center keeps the natural size, overflowing if needed")
    func center() {
        #expect(
            ContentsGravity.center.destinationRect(
                contentSize: CGSize(width: 400, height: 50),
                in: CGRect(x: 0, y: 0, width: 200, height: 100))
                == CGRect(x: -100, y: 25, width: 400, height: 50))
    }

    @Test("a fixed render target during an interactive resize")
    func fixedRenderTarget() {
        // The drawable was made for 1000x800 points at 1.5; the window shrank to 600x800.
        let rect = ContentsGravity.resizeAspect.destinationRect(
            drawableSize: Size(width: 1500, height: 1200),
            contentsScale: 1.5,
            in: CGRect(x: 0, y: 0, width: 600, height: 800))
        #expect(rect == CGRect(x: 0, y: 160, width: 600, height: 480))
    }

    @Test("empty content draws nothing")
    func emptyContent() {
        for gravity in ContentsGravity.allCases {
            let rect = gravity.destinationRect(contentSize: .zero, in: CGRect(x: 0, y: 0, width: 100, height: 60))
            #expect(rect == CGRect(x: 50, y: 30, width: 0, height: 0))
        }
    }
}

import DioramaGraphics
import DioramaModel

extension Drawable {
    /// The drawable's pixels as a canvas for DioramaGraphics' drawing API.
    public func withCanvas(_ body: (inout PixelCanvas) -> Void) {
        guard var canvas = try? PixelCanvas(baseAddress: pixels, width: size.width, height: size.height, strideBytes: stride) else {
            preconditionFailure("a drawable is always a valid ARGB8888 canvas (\(size), stride \(stride))")
        }
        body(&canvas)
    }

    /// Draws DioramaGraphics' wrong-scale test pattern (1-pixel grid and
    /// stripes: blurry in a screenshot when the frame was drawn at the wrong
    /// scale) and, on top, the scene's current facts as text, sized for the
    /// scale so it stays readable at any density.
    @MainActor
    public func drawDiagnostics(for scene: WindowScene, title: String, extraLines: [String] = []) {
        let overlay = DiagnosticsOverlay(
            scene: scene, title: title, drawableSize: size, contentsScale: contentsScale,
            extraLines: extraLines)
        withCanvas { canvas in
            TestPattern(label: title).draw(into: &canvas)
            overlay.draw(into: &canvas, at: overlay.origin)
        }
    }
}

/// The scene's current facts as lines of text on dark boxes, sized for the
/// scale so they stay readable at any density: what `drawDiagnostics` draws
/// over the test pattern, and what an OpenGL ES scene can draw into a
/// texture of `size` and show at `origin` to match it.
public struct DiagnosticsOverlay: Hashable, Sendable {
    /// The lines, top to bottom.
    public var lines: [String]
    /// Font pixels per bitmap-font pixel.
    public var textScale: Int
    /// Where the overlay's top-left goes in a drawable (pixels from its top-left).
    public var origin: Point

    /// The facts of `scene` drawn at `drawableSize` pixels, `title` first and
    /// `extraLines` last.
    @MainActor
    public init(scene: WindowScene, title: String, drawableSize: Size, contentsScale: Double, extraLines: [String] = []) {
        let traits = scene.traitCollection
        lines =
            [
                title,
                "screen \(scene.screen?.name ?? "-")  displayScale \(Self.format(traits.displayScale))",
                "bounds \(scene.bounds.size) pt  drawable \(drawableSize) px",
                "size classes h:\(traits.horizontalSizeClass.rawValue) v:\(traits.verticalSizeClass.rawValue)",
                "orientation \(scene.interfaceOrientation.rawValue)  state \(scene.activationState.rawValue)",
            ] + extraLines
        textScale = max(1, Int(contentsScale.rounded(.down))) * 2
        origin = Point(x: 20, y: max(24, drawableSize.height / 4) - 2)
    }

    private var lineHeight: Int { BitmapFont.standard.lineHeight * textScale }

    /// The pixels the overlay covers.
    public var size: Size {
        let width = lines.map { BitmapFont.standard.measure($0, scale: textScale).width + 8 }.max() ?? 0
        return Size(width: width, height: lines.count * (lineHeight + 4))
    }

    /// Draws the boxes and text with the overlay's top-left at `origin`.
    public func draw<Image: MutablePixelImage>(into image: inout Image, at origin: Point) {
        var y = origin.y + 2
        for line in lines {
            image.fill(
                Rect(
                    x: origin.x, y: y - 2, width: BitmapFont.standard.measure(line, scale: textScale).width + 8,
                    height: lineHeight + 2), color: PixelColor(argb: 0xC000_0000))
            image.draw(line, at: Point(x: origin.x + 4, y: y), color: .white, scale: textScale)
            y += lineHeight + 4
        }
    }

    private static func format(_ scale: Double) -> String {
        scale == scale.rounded() ? String(Int(scale)) : String(scale)
    }
}

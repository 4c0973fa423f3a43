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
        let traits = scene.traitCollection
        let lines = [
            title,
            "screen \(scene.screen?.name ?? "-")  displayScale \(formatScale(traits.displayScale))",
            "bounds \(scene.bounds.size) pt  drawable \(size) px",
            "size classes h:\(traits.horizontalSizeClass.rawValue) v:\(traits.verticalSizeClass.rawValue)",
            "orientation \(scene.interfaceOrientation.rawValue)  state \(scene.activationState.rawValue)",
        ] + extraLines
        withCanvas { canvas in
            TestPattern(label: title).draw(into: &canvas)
            let textScale = max(1, Int(contentsScale.rounded(.down))) * 2
            let lineHeight = BitmapFont.standard.lineHeight * textScale
            var y = max(24, size.height / 4)
            for line in lines {
                canvas.fill(Rect(x: 20, y: y - 2, width: BitmapFont.standard.measure(line, scale: textScale).width + 8,
                                 height: lineHeight + 2), color: PixelColor(argb: 0xC000_0000))
                canvas.draw(line, at: Point(x: 24, y: y), color: .white, scale: textScale)
                y += lineHeight + 4
            }
        }
    }

    private func formatScale(_ scale: Double) -> String {
        scale == scale.rounded() ? String(Int(scale)) : String(scale)
    }
}

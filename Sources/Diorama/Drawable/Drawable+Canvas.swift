import DioramaGraphics
import DioramaModel
import Foundation

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
    /// scale) and, on top, the scene's current facts as Pango text, sized
    /// for the scale so it stays crisp and readable at any density.
    @MainActor
    public func drawDiagnostics(for scene: WindowScene, title: String, extraLines: [String] = []) {
        let overlay = DiagnosticsOverlay(
            scene: scene, title: title, drawableSize: size, contentsScale: contentsScale,
            extraLines: extraLines)
        withCanvas { canvas in TestPattern(label: title).draw(into: &canvas) }
        overlay.draw(over: pixels, size: size, strideBytes: stride, at: overlay.origin)
    }
}

/// The scene's current facts as lines of Pango text on dark boxes, sized
/// for the scale so they stay crisp and readable at any density: what
/// `drawDiagnostics` draws over the test pattern, and what an OpenGL ES
/// scene can draw into a texture of `size` and show at `origin` to match it.
public struct DiagnosticsOverlay: Hashable, Sendable {
    /// The lines, top to bottom.
    public var lines: [String]
    /// The text's height in pixels: 12 points at the drawable's scale.
    public var fontPixels: Double
    /// Where the overlay's top-left goes in a drawable (pixels from its top-left).
    public var origin: Point
    /// The pixels the overlay covers.
    public let size: Size
    /// Each line's box, relative to the overlay's top-left.
    private let boxes: [Rect]

    /// The facts of `scene` drawn at `drawableSize` pixels, `title` first and
    /// `extraLines` last.
    @MainActor
    public init(scene: WindowScene, title: String, drawableSize: Size, contentsScale: Double, extraLines: [String] = []) {
        let traits = scene.traitCollection
        self.init(
            lines: [
                title,
                "screen \(scene.screen?.name ?? "-")  displayScale \(Self.format(traits.displayScale))",
                "bounds \(scene.bounds.size) pt  drawable \(drawableSize) px",
                "size classes h:\(traits.horizontalSizeClass.rawValue) v:\(traits.verticalSizeClass.rawValue)",
                "orientation \(scene.interfaceOrientation.rawValue)  state \(scene.activationState.rawValue)",
            ] + extraLines, drawableSize: drawableSize, contentsScale: contentsScale)
    }

    /// `lines` laid out for a drawable of `drawableSize` pixels at `contentsScale`.
    init(lines: [String], drawableSize: Size, contentsScale: Double) {
        let fontPixels = 12 * max(1, contentsScale)
        self.lines = lines
        self.fontPixels = fontPixels
        origin = Point(x: 20, y: max(24, drawableSize.height / 4) - 2)
        let padding = Self.padding(fontPixels: fontPixels)
        var boxes: [Rect] = []
        var y = 0
        var scratch: UInt32 = 0
        // Measures on a one-pixel scratch surface: Pango needs a context.
        try? CairoDrawable.drawing(over: &scratch, size: Size(width: 1, height: 1), strideBytes: 4, contentsScale: 1) { cairo in
            for line in lines {
                let text = cairo.textSize(line, font: Self.font(pixels: fontPixels))
                let box = Rect(
                    x: 0, y: y, width: Int(text.width.rounded(.up)) + 2 * padding,
                    height: Int(text.height.rounded(.up)) + padding)
                boxes.append(box)
                y += box.height + padding
            }
        }
        self.boxes = boxes
        size = Size(width: boxes.map(\.width).max() ?? 0, height: max(0, y))
    }

    /// Draws the boxes and text into `buffer` with the overlay's top-left at `origin`.
    public func draw(into buffer: inout PixelBuffer, at origin: Point) {
        let size = Size(width: buffer.width, height: buffer.height)
        let strideBytes = buffer.rowStride * 4
        buffer.withUnsafeMutablePixels { pixels in
            guard let base = pixels.baseAddress else { return }
            draw(over: UnsafeMutableRawPointer(base), size: size, strideBytes: strideBytes, at: origin)
        }
    }

    /// Draws the boxes and text over `size` ARGB8888 pixels at `pixels`.
    func draw(over pixels: UnsafeMutableRawPointer, size: Size, strideBytes: Int, at origin: Point) {
        let padding = Double(Self.padding(fontPixels: fontPixels))
        let font = Self.font(pixels: fontPixels)
        do throws(CairoUnavailable) {
            try CairoDrawable.drawing(over: pixels, size: size, strideBytes: strideBytes, contentsScale: 1) { cairo in
                for (line, box) in zip(lines, boxes) {
                    let placed = CGRect(
                        x: Double(origin.x + box.minX), y: Double(origin.y + box.minY), width: Double(box.width),
                        height: Double(box.height))
                    cairo.fill(placed, color: 0xC000_0000)
                    cairo.drawText(
                        line, at: CGPoint(x: placed.minX + padding, y: placed.minY + padding / 2), font: font,
                        color: 0xFFFF_FFFF)
                }
            }
        } catch {
            runtimeLog.warning("Cairo cannot draw the diagnostics overlay (\(error)); the frame goes without it")
        }
    }

    /// The space around each line's text, in pixels: a third of the font's size.
    private static func padding(fontPixels: Double) -> Int { Int((fontPixels / 3).rounded(.up)) }

    /// A monospaced Pango font whose size is `pixels` (absolute, so the
    /// context's resolution does not change it).
    private static func font(pixels: Double) -> String { "Monospace \(Int(pixels.rounded()))px" }

    private static func format(_ scale: Double) -> String {
        scale == scale.rounded() ? String(Int(scale)) : String(scale)
    }
}

import DioramaGraphics
import DioramaModel
import Foundation

/// A picture of what the simulator's displays show, composited in software
/// from the buffers clients committed (see ``ScreenCompositor``).
///
/// Either one display (``display`` names it) or the whole layout (``display``
/// is nil): the union of every display's logical rectangle, with the area no
/// display covers left transparent.
public struct Screenshot: Sendable {
    /// The pixels, ARGB8888 premultiplied; opaque black where a display shows
    /// no window.
    public var image: PixelBuffer
    /// The display shown, or nil for the whole layout.
    public var display: String?
    /// Output pixels per logical point.
    public var scale: Scale
    /// The logical rectangle shown, in global coordinates (for a display:
    /// its logical rectangle; for the layout: the union of all of them).
    public var logicalRect: Rect
    /// How the pixels are oriented (matters for rotated displays only).
    public var orientation: ScreenshotOrientation

    package init(image: PixelBuffer, display: String?, scale: Scale, logicalRect: Rect, orientation: ScreenshotOrientation) {
        self.image = image
        self.display = display
        self.scale = scale
        self.logicalRect = logicalRect
        self.orientation = orientation
    }

    /// Where a global logical point lands in ``image`` (for an upright
    /// screenshot): `round((point - origin) × scale)` per axis, the same
    /// rounding surfaces are placed with.
    public func pixelPosition(ofLogical point: Point) -> Point {
        Point(
            x: scale.pixels(forLogical: point.x - logicalRect.minX),
            y: scale.pixels(forLogical: point.y - logicalRect.minY))
    }

    /// The PNG file's text chunks: what was shot, at which scale.
    var pngText: [(keyword: String, value: String)] {
        [
            ("Software", "Diorama simulator"),
            ("Display", display ?? "layout"),
            ("Scale", scale.description),
            ("Logical rect", "\(logicalRect.minX),\(logicalRect.minY) \(logicalRect.size)"),
            ("Orientation", orientation.rawValue),
        ]
    }

    /// Writes the screenshot as a PNG file (RGBA; the layout's gaps stay transparent).
    ///
    /// - Throws: `PNGError` naming the file when it cannot be written.
    public func writePNG(to path: String) throws(PNGError) {
        try PNG.write(image, to: URL(fileURLWithPath: path), text: pngText)
    }
}

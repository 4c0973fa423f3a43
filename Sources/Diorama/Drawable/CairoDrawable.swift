import CPangoCairo
import DioramaModel
import Foundation

/// One Cairo frame (`DrawableLayer.Renderer.cairo`): a Cairo context on the
/// frame's pixels whose coordinates are points. Valid only during
/// `RootContent.draw(in:for:)`.
///
/// The device scale is the frame's `contentsScale` (the buffer scale, or
/// the fractional scale through the viewport), so shapes and Pango text
/// drawn in points land on whole pixels at 1×, 1.5× and 2× alike, as
/// `UIGraphicsImageRenderer` or Core Graphics draw in points on iOS. The
/// origin is the top-left corner. Draw with `context` directly (any Cairo
/// call), or with the helpers here for the common cases.
public struct CairoDrawable {
    /// The Cairo context (`cairo_t *`), its device scale set to
    /// `contentsScale`; the runtime restores nothing you change on it.
    public let context: OpaquePointer
    /// The drawable's size in pixels (`DrawableLayer.drawableSize`).
    public let size: Size
    /// Pixels per point: Cairo's device scale.
    public let contentsScale: Double
    /// Where the text's Pango layouts are kept from frame to frame.
    let layouts: TextLayoutCache

    /// The drawable's size in points: what the context's coordinates span.
    public var pointSize: CGSize {
        CGSize(width: Double(size.width) / contentsScale, height: Double(size.height) / contentsScale)
    }

    /// Covers the whole drawable with `color` (ARGB8888).
    public func clear(to color: UInt32) {
        cairo_save(context)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        setSource(color)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// Fills `rect` (points) with `color` (ARGB8888).
    public func fill(_ rect: CGRect, color: UInt32) {
        setSource(color)
        cairo_rectangle(context, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
        cairo_fill(context)
    }

    /// Draws `text` with Pango, its layout's top-left corner at `origin`
    /// (points), in `font`: a Pango font description such as `"Sans 14"`
    /// or `"Monospace Bold 20"`, whose size is in points.
    public func drawText(_ text: String, at origin: CGPoint, font: String = "Sans 14", color: UInt32 = 0xFFFF_FFFF) {
        withLayout(text, font: font) { layout in
            setSource(color)
            cairo_move_to(context, Double(origin.x), Double(origin.y))
            pango_cairo_show_layout(context, layout)
        }
    }

    /// The size `text` takes in `font`, in points (its Pango logical extent).
    public func textSize(_ text: String, font: String = "Sans 14") -> CGSize {
        withLayout(text, font: font) { layout in
            var width: Int32 = 0, height: Int32 = 0
            pango_layout_get_size(layout, &width, &height)
            let unitsPerPoint = Double(PANGO_SCALE)
            return CGSize(width: Double(width) / unitsPerPoint, height: Double(height) / unitsPerPoint)
        }
    }

    /// `text` in `font`, laid out for this context: kept from frame to frame
    /// (``TextLayoutCache``), so unchanged text is not shaped again.
    private func withLayout<Result>(_ text: String, font: String, _ body: (OpaquePointer) -> Result) -> Result {
        layouts.withLayout(text, font: font, for: context, body)
    }

    private func setSource(_ color: UInt32) {
        func channel(_ shift: UInt32) -> Double { Double((color >> shift) & 0xFF) / 255 }
        cairo_set_source_rgba(context, channel(16), channel(8), channel(0), channel(24))
    }

    /// Runs `body` with a Cairo drawable over `drawable`'s pixels
    /// (premultiplied ARGB8888, Cairo's `CAIRO_FORMAT_ARGB32` in memory),
    /// flushed when it returns. Throws when Cairo cannot wrap them.
    static func drawing(
        over drawable: Drawable, layouts: TextLayoutCache = .shared, _ body: (CairoDrawable) -> Void
    ) throws(CairoUnavailable) {
        try drawing(
            over: drawable.pixels, size: drawable.size, strideBytes: drawable.stride,
            contentsScale: drawable.contentsScale, layouts: layouts, body)
    }

    /// Runs `body` with a Cairo drawable over `size` premultiplied ARGB8888
    /// pixels at `pixels`, `strideBytes` apart row to row, with
    /// `contentsScale` pixels per unit; flushed when it returns.
    static func drawing(
        over pixels: UnsafeMutableRawPointer, size: Size, strideBytes: Int, contentsScale: Double,
        layouts: TextLayoutCache = .shared, _ body: (CairoDrawable) -> Void
    ) throws(CairoUnavailable) {
        let surface = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height),
            Int32(strideBytes))
        defer { cairo_surface_destroy(surface) }
        try CairoUnavailable.check(cairo_surface_status(surface), "cairo_image_surface_create_for_data")
        cairo_surface_set_device_scale(surface, contentsScale, contentsScale)
        let context = cairo_create(surface)
        defer { cairo_destroy(context) }
        try CairoUnavailable.check(cairo_status(context), "cairo_create")
        guard let context else { throw CairoUnavailable(step: "cairo_create", status: "no context") }
        body(CairoDrawable(context: context, size: size, contentsScale: contentsScale, layouts: layouts))
        cairo_surface_flush(surface)
    }
}

extension Drawable {
    /// Draws on these pixels with Cairo and Pango, in points (the device
    /// scale is `contentsScale`): for a software frame that also draws
    /// pixels itself, such as text over DioramaGraphics' test pattern. A
    /// scene that draws only with Cairo asks for `DrawableLayer.Renderer.cairo`
    /// instead. When Cairo cannot wrap the pixels nothing is drawn and a
    /// warning goes to stderr.
    public func withCairo(_ body: (CairoDrawable) -> Void) {
        do throws(CairoUnavailable) {
            try CairoDrawable.drawing(over: self, body)
        } catch {
            runtimeLog.warning("Cairo cannot draw on a \(size) frame (\(error)); the frame goes without what it draws")
        }
    }
}

/// Why the Cairo renderer cannot draw a frame: the call that failed and
/// Cairo's status. The scene then draws in software.
struct CairoUnavailable: Error, CustomStringConvertible {
    var step: String
    var status: String

    static func check(_ status: cairo_status_t, _ step: String) throws(CairoUnavailable) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw CairoUnavailable(step: step, status: cairo_status_to_string(status).map { String(cString: $0) } ?? "\(status)")
    }

    var description: String { "\(step) failed (\(status))" }
}

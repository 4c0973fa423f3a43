import CPangoCairo
import Foundation

/// Pango layouts kept from frame to frame, so text that did not change is
/// not itemized and shaped again at every frame.
///
/// `pango_cairo_create_layout` makes a new Pango context and layout for each
/// piece of text, and the layout shapes its text (HarfBuzz) when first
/// measured or drawn. A frame of the diagnostics overlay measures and draws
/// six lines and TimerApp's clock one more, so each frame made 14 layouts
/// and shaped 14 strings (their text cost 0.52–0.75 ms a 1280×960 frame at
/// 2×, and 0.37–0.56 ms with the layouts kept: Docs/performance.md,
/// "Session 35"). Here every layout shares one context
/// on a font map of its own, and a layout is kept by its text and font.
/// Before each use the context is brought up to date with the Cairo context
/// drawn on (its font options and transformation, as
/// `pango_cairo_create_layout` would set them); a layout whose context
/// changed lays itself out again, so a kept layout measures and draws as a
/// new one would.
///
/// One lock guards the cache, the context and the font map: Pango objects
/// may not be used from two threads at once, and text is drawn from any
/// thread that draws a frame.
final class TextLayoutCache: @unchecked Sendable {
    /// The cache every ``CairoDrawable`` uses.
    static let shared = TextLayoutCache()

    /// How many layouts are kept; past it they are all let go (the next
    /// frame shapes its text again, once).
    static let capacity = 64

    private struct Key: Hashable {
        var text: String
        var font: String
    }

    private let lock = NSLock()
    /// The `PangoContext` every kept layout was made in; nil until the first use.
    private var context: OpaquePointer?
    private var layouts: [Key: OpaquePointer] = [:]
    private var made = 0

    /// Layouts this cache made (tests look at it).
    var layoutsMade: Int { lock.withLock { made } }
    /// How many layouts are kept now.
    var count: Int { lock.withLock { layouts.count } }

    deinit {
        letGoOfLayouts()
        if let context { g_object_unref(UnsafeMutableRawPointer(context)) }
    }

    /// Runs `body` with the `PangoLayout` of `text` in `font` (a Pango font
    /// description), ready for drawing on or measuring for `cairo` (a
    /// `cairo_t *`). The layout is the cache's: use it only inside `body`.
    func withLayout<Result>(_ text: String, font: String, for cairo: OpaquePointer, _ body: (OpaquePointer) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        let context = self.context ?? makeContext()
        pango_cairo_update_context(cairo, context)
        let key = Key(text: text, font: font)
        if let layout = layouts[key] { return body(layout) }
        if layouts.count >= Self.capacity { letGoOfLayouts() }
        let layout: OpaquePointer = pango_layout_new(context)
        let description = pango_font_description_from_string(font)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_text(layout, text, -1)
        layouts[key] = layout
        made += 1
        return body(layout)
    }

    /// The shared context, on a Cairo font map of its own (a thread's
    /// default font map may be used elsewhere on that thread, outside this
    /// lock). Called with the lock held.
    private func makeContext() -> OpaquePointer {
        let fontMap = pango_cairo_font_map_new()
        defer { g_object_unref(UnsafeMutableRawPointer(fontMap)) }
        let created: OpaquePointer = pango_font_map_create_context(fontMap)
        context = created
        return created
    }

    /// Releases every kept layout. Called with the lock held.
    private func letGoOfLayouts() {
        for layout in layouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
        layouts.removeAll()
    }
}

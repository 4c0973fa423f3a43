import DioramaModel

/// What one surface of a window shows, for code that composites the screen
/// (screenshots): its committed buffer and how the buffer maps onto the
/// surface, and where the surface is.
public struct SurfaceContent {
    /// The committed buffer; nil when the surface shows nothing.
    public var buffer: ShmBuffer?
    /// The committed `wl_surface.set_buffer_scale`.
    public var bufferScale: Int
    /// The committed `wl_surface.set_buffer_transform`.
    public var bufferTransform: OutputTransform
    /// The committed `wp_viewport.set_source`, if any.
    public var viewportSource: ViewportSource?
    /// The committed `wp_viewport.set_destination`, if any.
    public var viewportDestination: Size?
    /// The surface's size in logical points.
    public var size: Size
    /// The surface's top-left in global logical coordinates.
    public var origin: Point
}

extension Window {
    /// The top-left of the window's main surface in global logical
    /// coordinates (the window geometry's offset taken off ``position``).
    public var surfaceOrigin: Point { surfaceRect.origin }

    /// Every surface of the window bottom to top: the main surface, its
    /// subsurfaces (in the order they were added, nested depth first), then
    /// popups. Empty while the window is not mapped or is minimized.
    ///
    /// Subsurface stacking requests (place_above/below) are not modelled.
    public var contents: [SurfaceContent] {
        guard isMapped, !isMinimized, let surface else { return [] }
        var result: [SurfaceContent] = []
        func add(_ root: Surface, at origin: Point) {
            root.forEachInTree { surface, offset, _ in
                let state = surface.current
                result.append(
                    SurfaceContent(
                        buffer: state.buffer, bufferScale: state.bufferScale,
                        bufferTransform: state.bufferTransform, viewportSource: state.viewportSource,
                        viewportDestination: state.viewportDestination, size: state.size,
                        origin: Point(x: origin.x + offset.x, y: origin.y + offset.y)))
            }
        }
        let origin = surfaceOrigin
        add(surface, at: origin)
        for popup in popups {
            // A nested popup is placed relative to its parent popup, so its
            // origin comes from the whole parent chain.
            guard let popupSurface = popup.shellSurface.surface, popupSurface.hasContent,
                let geometryOrigin = popup.shellSurface.geometryOrigin
            else { continue }
            let offset = popup.shellSurface.geometry?.origin ?? .zero
            add(popupSurface, at: Point(x: geometryOrigin.x - offset.x, y: geometryOrigin.y - offset.y))
        }
        return result
    }
}

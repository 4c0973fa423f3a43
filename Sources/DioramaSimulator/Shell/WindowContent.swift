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
        layeredSurfaces.map { surface, origin in
            let state = surface.current
            return SurfaceContent(
                buffer: state.buffer, bufferScale: state.bufferScale,
                bufferTransform: state.bufferTransform, viewportSource: state.viewportSource,
                viewportDestination: state.viewportDestination, size: state.size, origin: origin)
        }
    }

    /// The surfaces of ``contents`` with their top-left in global logical
    /// coordinates, in the same order: what screenshots draw and what
    /// pointer and touch input hit-test, top down (``ShellRegistry/inputTarget(at:)``).
    var layeredSurfaces: [(surface: Surface, origin: Point)] {
        guard isMapped, !isMinimized, let surface else { return [] }
        var result: [(surface: Surface, origin: Point)] = []
        func add(_ root: Surface, at origin: Point) {
            root.forEachInTree { surface, offset, _ in
                result.append((surface, Point(x: origin.x + offset.x, y: origin.y + offset.y)))
            }
        }
        add(surface, at: surfaceOrigin)
        for popup in popups {
            guard !popup.isDismissed, let popupSurface = popup.shellSurface.surface, popupSurface.hasContent,
                let origin = popup.surfaceOrigin
            else { continue }
            add(popupSurface, at: origin)
        }
        return result
    }

    /// The surface of the window that has keyboard focus when the window
    /// has it: the topmost mapped popup with a grab (xdg-shell: "the top
    /// most grabbing popup will always have keyboard focus"), else the
    /// main surface.
    var keyboardSurface: Surface? {
        grabbingPopups.last?.shellSurface.surface ?? surface
    }

    /// The window's mapped popups that hold an explicit grab
    /// (`xdg_popup.grab`), bottom first. While there are any, pointer and
    /// touch input reach only the window's client, and a press or touch
    /// anywhere else breaks the grab (``ShellRegistry/windowHoldingPopupGrab``).
    var grabbingPopups: [Popup] {
        popups.filter { $0.hasGrab && $0.isMapped && !$0.isDismissed && $0.resource.isAlive }
    }

    /// Where `surface`, one of the window's, has its top-left now (global
    /// logical); nil when it is not shown.
    func origin(of surface: Surface) -> Point? {
        if surface === self.surface { return surfaceOrigin }
        return layeredSurfaces.first { $0.surface === surface }?.origin
    }
}

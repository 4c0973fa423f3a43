import DioramaModel
import WaylandServer

/// An `xdg_popup`: placed relative to its parent, shown on the parent
/// window's displays.
final class Popup {
    let resource: XdgPopup
    let shellSurface: XdgShellSurface
    weak var parent: XdgShellSurface?
    var positioner: Positioner
    /// Where the last configure put it, relative to the parent's window
    /// geometry: the positioner's placement after constraint adjustment.
    var rect: Rect = .zero
    /// Whether a buffer was committed after an acknowledged configure (the
    /// spec's "mapped"): from then on `grab` is too late.
    var isMapped = false
    /// Whether `popup_done` was sent: the popup is hidden and only waits for
    /// the client to destroy it.
    var isDismissed = false
    /// Whether the client asked for an explicit grab (`xdg_popup.grab`): once
    /// mapped, the topmost such popup has keyboard focus.
    var hasGrab = false

    init(resource: XdgPopup, shellSurface: XdgShellSurface, parent: XdgShellSurface?, positioner: Positioner) {
        self.resource = resource
        self.shellSurface = shellSurface
        self.parent = parent
        self.positioner = positioner
    }

    /// The toplevel at the root of the popup's parent chain.
    var rootWindow: Window? {
        shellSurface.popupAncestors.lazy.compactMap(\.window).first
    }

    /// Where the popup's wl_surface has its top-left, in global logical
    /// coordinates: its window geometry's origin (placed relative to its
    /// parent, so found up the whole parent chain) less the geometry's
    /// offset within the surface. Nil when the parent chain was cut.
    var surfaceOrigin: Point? {
        guard let geometryOrigin = shellSurface.geometryOrigin else { return nil }
        let offset = shellSurface.geometry?.origin ?? .zero
        return Point(x: geometryOrigin.x - offset.x, y: geometryOrigin.y - offset.y)
    }
}

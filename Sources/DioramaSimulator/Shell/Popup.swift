import DioramaModel
import WaylandServer

/// An `xdg_popup`: placed relative to its parent, shown on the parent
/// window's displays.
final class Popup {
    let resource: XdgPopup
    let shellSurface: XdgShellSurface
    weak var parent: XdgShellSurface?
    var positioner: Positioner
    /// Relative to the parent's window geometry.
    var rect: Rect = .zero

    init(resource: XdgPopup, shellSurface: XdgShellSurface, parent: XdgShellSurface?, positioner: Positioner) {
        self.resource = resource
        self.shellSurface = shellSurface
        self.parent = parent
        self.positioner = positioner
    }

    /// The toplevel at the root of the popup's parent chain.
    var rootWindow: Window? {
        var current = parent
        while let shell = current {
            if let window = shell.window { return window }
            current = shell.popup?.parent
        }
        return nil
    }
}

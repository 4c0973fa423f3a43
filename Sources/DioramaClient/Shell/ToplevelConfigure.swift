import DioramaModel

/// One complete configuration the compositor asks a toplevel to take: the
/// `xdg_toplevel` events (`configure`, `configure_bounds`, `wm_capabilities`)
/// of one sequence, delivered together when the closing
/// `xdg_surface.configure(serial)` arrives.
package struct ToplevelConfigure: Hashable, Sendable {
    /// The serial to acknowledge (done for you by `Toplevel.commit()`).
    package var serial: UInt32
    /// The suggested window-geometry size in surface units. A zero width or
    /// height means "you decide" that dimension (typically the first
    /// configure of a floating window).
    package var size: Size
    package var states: ToplevelStates
    /// The largest size the window should take to stay fully visible
    /// (an output minus panels); nil when the compositor did not say
    /// (xdg_wm_base < v4, or bounds unknown).
    package var bounds: Size?
    /// What the window manager allows; `.all` when it did not say (< v5).
    package var capabilities: WindowManagerCapabilities

    package init(
        serial: UInt32, size: Size, states: ToplevelStates, bounds: Size?,
        capabilities: WindowManagerCapabilities
    ) {
        self.serial = serial
        self.size = size
        self.states = states
        self.bounds = bounds
        self.capabilities = capabilities
    }

    /// `size` with each zero dimension replaced by `fallback`'s.
    package func size(orDefault fallback: Size) -> Size {
        Size(
            width: size.width > 0 ? size.width : fallback.width,
            height: size.height > 0 ? size.height : fallback.height)
    }
}

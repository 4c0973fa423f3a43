/// Told what the compositor asks of a toplevel window.
package protocol ToplevelHandler: AnyObject {
    /// A complete configure sequence arrived: take `configure.size` (when not
    /// zero) and states, draw, and `commit()` — which acknowledges it first.
    /// Fires once after the initial commit (the first configure; only then
    /// may a buffer be attached) and again on every resize or state change.
    func toplevelConfigured(_ toplevel: Toplevel, configure: ToplevelConfigure)
    /// The user or compositor asked the window to close (`xdg_toplevel.close`).
    /// Nothing closes by itself: destroy the toplevel to close it.
    func toplevelCloseRequested(_ toplevel: Toplevel)
}

extension ToplevelHandler {
    package func toplevelConfigured(_ toplevel: Toplevel, configure: ToplevelConfigure) {}
    package func toplevelCloseRequested(_ toplevel: Toplevel) {}
}

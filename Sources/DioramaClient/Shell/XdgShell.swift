import WaylandClient

/// Binds `xdg_wm_base` and makes toplevel windows.
///
/// The compositor pings clients to see whether they are alive (and may mark
/// an unresponsive one as hung); the pong is answered here automatically,
/// whenever the connection is dispatched.
package final class XdgShell {
    package let registry: Registry
    package let wmBase: XdgWmBase

    /// The highest xdg_wm_base version Diorama handles, capped at the bindings'.
    static let maxVersion: UInt32 = min(6, Registry.bindingsVersion(of: XdgWmBase.self))

    /// - Throws: `RegistryError` when the compositor has no `xdg_wm_base`.
    package init(registry: Registry) throws(RegistryError) {
        self.registry = registry
        wmBase = try registry.bind(XdgWmBase.self, min: 1, max: Self.maxVersion)
        let wmBase = self.wmBase
        wmBase.onEvent = { [unowned wmBase] event in
            // Fires when the compositor checks that we still respond.
            guard case let .ping(serial) = event else { return }
            wmBase.pong(serial: serial)
        }
    }

    deinit {
        wmBase.onEvent = nil
        wmBase.destroy()
    }

    /// Gives `surface` the toplevel role. Set title, app id and size limits,
    /// then `commit()` once without a buffer: the compositor answers with the
    /// first configure, after which the window can be drawn.
    ///
    /// - Precondition: the surface has no role and no buffer attached yet.
    package func makeToplevel(for surface: Surface, handler: ToplevelHandler? = nil) -> Toplevel {
        Toplevel(shell: self, surface: surface, handler: handler)
    }
}

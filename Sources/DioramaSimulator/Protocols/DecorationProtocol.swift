import WaylandServer

// xdg-decoration (zxdg_decoration_manager_v1), offered by profiles that imitate
// a compositor drawing title bars itself (sway). The simulator draws no
// decorations, but a client must believe it does: a client told "server
// side" draws no shadows or title bar of its own (foot's 700x500 window has
// no CSD border then), which changes the sizes and enter/leave it sees.
//
// Whatever mode the client asks for, the answer is server side, as sway
// 1.7 answers. The answer is a `zxdg_toplevel_decoration_v1.configure`
// between `xdg_toplevel.configure` and `xdg_surface.configure` of the next
// configure sequence (see `sendToplevelConfigure`): the initial one when the client
// asks before its first commit, else a new sequence sent at once.

extension XdgShellServer {
    /// A client bound zxdg_decoration_manager_v1: it may ask for a decoration
    /// object per toplevel.
    func decorationManagerBound(_ manager: ZxdgDecorationManagerV1) {
        manager.onRequest = { [unowned self] request in
            guard case .getToplevelDecoration(let decoration, let toplevel) = request else { return }
            self.decorationCreated(decoration, for: toplevel)
        }
    }

    /// get_toplevel_decoration: one decoration object per toplevel, made
    /// before the toplevel has a buffer (the spec's two errors).
    private func decorationCreated(_ decoration: ZxdgToplevelDecorationV1, for toplevel: XdgToplevel) {
        decoration.onRequest = { _ in }
        guard let window = registry.window(for: toplevel) else { return }
        if let existing = window.decoration, existing.isAlive {
            return errors.post(
                decoration, code: ZxdgToplevelDecorationV1.Error.alreadyConstructed.rawValue,
                name: "already_constructed",
                "zxdg_decoration_manager_v1.get_toplevel_decoration: xdg_toplevel@\(toplevel.id) already has a decoration object")
        }
        if window.surface?.hasContent == true {
            return errors.post(
                decoration, code: ZxdgToplevelDecorationV1.Error.unconfiguredBuffer.rawValue,
                name: "unconfigured_buffer",
                "zxdg_decoration_manager_v1.get_toplevel_decoration: xdg_toplevel@\(toplevel.id) already has a buffer")
        }
        window.decoration = decoration
        decoration.onRequest = { [unowned self, unowned window] request in
            switch request {
            case .destroy:
                break
            case .setMode, .unsetMode:
                self.decorationModeRequested(window)
            }
        }
        decoration.onDestroy = { [weak window, unowned decoration] in
            if window?.decoration === decoration {
                window?.decoration = nil
                window?.decorationModeRequested = false
            }
        }
    }

    /// set_mode or unset_mode: the answer (always server side) goes with the
    /// next configure; after the initial configure that is one sent now.
    private func decorationModeRequested(_ window: Window) {
        window.decorationModeRequested = true
        if window.shellSurface.initialConfigureSent { windowManager.sendConfigure(window) }
    }

    /// Part of a configure sequence: tells the client the decoration mode
    /// when it asked since the last configure.
    func sendDecorationModeIfRequested(_ window: Window) {
        guard window.decorationModeRequested, let decoration = window.decoration, decoration.isAlive else { return }
        window.decorationModeRequested = false
        decoration.sendConfigure(mode: .serverSide)
    }
}

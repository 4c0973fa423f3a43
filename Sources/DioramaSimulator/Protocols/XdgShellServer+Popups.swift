import DioramaModel
import WaylandServer

extension XdgShellServer {
    /// xdg_surface.get_popup: checked (role, positioner, parent, nesting
    /// depth), then made.
    func popupRequested(_ resource: XdgPopup, shell: XdgShellSurface, parent: XdgSurface?, positioner positionerResource: XdgPositioner) {
        guard let surface = surfaceTakingRole(shell, .xdgPopup, request: "get_popup") else { return }
        guard let box = registry.positioner(for: positionerResource), box.positioner.isComplete else {
            return errors.post(
                shell.wmBaseErrorTarget, code: XdgWmBase.Error.invalidPositioner.rawValue, name: "invalid_positioner",
                "xdg_surface.get_popup: the positioner needs set_size and set_anchor_rect first")
        }
        let parentShell = parent.flatMap { registry.shellSurface(for: $0) }
        if let parentShell, let problem = Self.popupParentProblem(parentShell, of: shell) {
            return errors.post(
                shell.wmBaseErrorTarget, code: XdgWmBase.Error.invalidPopupParent.rawValue,
                name: "invalid_popup_parent", "xdg_surface.get_popup: \(problem)")
        }
        let limit = limits.maximumNestingDepth
        if let parentShell, case let depth = parentShell.popupAncestors.count + 1, depth > limit {
            return errors.postLimitExceeded(
                shell.wmBaseErrorTarget, code: XdgWmBase.Error.invalidPopupParent.rawValue,
                name: "invalid_popup_parent", limit: "maximumNestingDepth",
                "xdg_surface.get_popup: a popup of xdg_surface@\(parentShell.resource.id) would be nested \(depth) popups deep; the simulator allows \(limit) (SimulatorLimits.maximumNestingDepth): open it from a shallower popup"
            )
        }
        surface.role = .xdgPopup
        popupCreated(resource, shell: shell, parent: parentShell, positioner: box.positioner)
    }

    /// Why `parent` cannot be the parent of the popup `shell` is becoming, or
    /// nil when it can. The parent must already be a toplevel or a popup:
    /// then every popup chain was complete before its newest member joined
    /// it, so no chain can loop back on itself (a popup parenting itself, or
    /// two popups parenting each other, would otherwise send every walk up
    /// the chain round for ever).
    static func popupParentProblem(_ parent: XdgShellSurface, of shell: XdgShellSurface) -> String? {
        if parent === shell {
            return "the parent is the popup's own xdg_surface@\(shell.resource.id); pass the xdg_surface of the window or popup it belongs to"
        }
        if parentChain(above: parent, parent: { $0.popup?.parent }).contains(where: { $0 === shell }) {
            return "xdg_surface@\(parent.resource.id) is a child of this popup, so the parents would form a cycle"
        }
        if !parent.hasRole {
            return "the parent xdg_surface@\(parent.resource.id) has no role yet; make it a toplevel or popup (and map it) before its popups"
        }
        return nil
    }

    /// The popup is made: placed relative to its parent when it first commits.
    private func popupCreated(_ resource: XdgPopup, shell: XdgShellSurface, parent: XdgShellSurface?, positioner: Positioner) {
        let popup = Popup(resource: resource, shellSurface: shell, parent: parent, positioner: positioner)
        shell.popup = popup
        let root = popup.rootWindow
        shell.surface?.window = root
        root?.popups.append(popup)
        resource.onDestroy = { [unowned self, weak popup] in
            guard let popup else { return }
            let root = popup.rootWindow
            if let root { root.popups.removeAll { $0 === popup } }
            if let surface = popup.shellSurface.surface {
                self.outputs.sendLeaveAll(surface)
                surface.window = nil
            }
            // A grabbing popup had the keyboard: it goes back to the one below.
            if let root { self.seat.keyboardSurfaceMayHaveChanged(in: root) }
        }
        resource.onRequest = { [unowned self, weak popup] request in
            guard let popup else { return }
            switch request {
            case .destroy:
                // Nested popups go in reverse order: only one without live
                // children of its own is the topmost.
                if let child = self.registry.childPopups(of: popup).last {
                    self.errors.post(
                        popup.shellSurface.wmBaseErrorTarget, code: XdgWmBase.Error.notTheTopmostPopup.rawValue,
                        name: "not_the_topmost_popup",
                        "xdg_popup.destroy: xdg_popup@\(child.resource.id), a popup on top of this one, still exists; destroy popups topmost first")
                }
            case .grab:
                // Accepted and never broken (no pointer or keyboard user to
                // break it), but only before the popup maps. Once mapped, the
                // popup takes keyboard focus.
                if popup.isMapped {
                    self.errors.post(
                        popup.resource, code: XdgPopup.Error.invalidGrab.rawValue, name: "invalid_grab",
                        "xdg_popup.grab: the popup is already mapped; grab before its first commit with a buffer")
                }
                popup.hasGrab = true
            case .reposition(let positionerResource, let token):
                guard let box = self.registry.positioner(for: positionerResource), box.positioner.isComplete else {
                    return self.errors.post(
                        popup.shellSurface.wmBaseErrorTarget, code: XdgWmBase.Error.invalidPositioner.rawValue,
                        name: "invalid_positioner", "xdg_popup.reposition: the positioner is incomplete")
                }
                popup.positioner = box.positioner
                if popup.resource.version >= 3 { popup.resource.sendRepositioned(token: token) }
                self.sendPopupConfigure(popup)
            }
        }
    }

    /// The window's popups can no longer stay up (it unmapped or its toplevel
    /// was destroyed): each is dismissed (``dismiss(_:of:reason:)``).
    func dismissPopups(of window: Window) {
        dismiss(window.popups, of: window, reason: .parentGone)
        // The keyboard is not moved back here: the window is leaving the
        // screen, and its focus (with the keyboard, from the popup that had
        // it) moves to another window right after.
    }

    /// A press or touch landed outside the client whose popups of `window`
    /// hold a grab (``SeatServer/breaksPopupGrab(pressingOn:)``): the grab is
    /// broken, as xdg-shell says. Each grabbing popup and each popup above
    /// one (a submenu, a tooltip on a menu) is dismissed; popups below the
    /// grab stay. The keyboard goes back to the window.
    func breakPopupGrab(of window: Window) {
        let grabbing = window.grabbingPopups.map(\.shellSurface)
        let broken = window.popups.filter { popup in
            ([popup.shellSurface] + popup.shellSurface.popupAncestors).contains { surface in grabbing.contains { $0 === surface } }
        }
        dismiss(broken, of: window, reason: .grabBroken)
        seat.keyboardSurfaceMayHaveChanged(in: window)
    }

    /// Sends `popup_done` to each of `popups` (of `window`) not yet
    /// dismissed, topmost first as the spec orders dismissals; each leaves
    /// its displays and is traced (`popup_done`). The client then destroys them.
    private func dismiss(_ popups: [Popup], of window: Window, reason: PopupDismissal) {
        for popup in popups.reversed() where !popup.isDismissed && popup.resource.isAlive {
            popup.isDismissed = true
            popup.isMapped = false
            if let surface = popup.shellSurface.surface { outputs.sendLeaveAll(surface) }
            popup.resource.sendPopupDone()
            trace.record(.popupDone(surface: popup.shellSurface.surface?.id, window: window.id, reason: reason))
        }
    }

    /// Places the popup by its positioner, kept inside its constraint area,
    /// and sends its configure sequence.
    func sendPopupConfigure(_ popup: Popup) {
        popup.rect = constrainedPlacement(of: popup)
        popup.resource.sendConfigure(
            x: Int32(clamping: popup.rect.minX), y: Int32(clamping: popup.rect.minY),
            width: Int32(clamping: popup.rect.width), height: Int32(clamping: popup.rect.height))
        _ = sendSurfaceConfigure(popup.shellSurface)
    }

    /// Where the popup goes relative to its parent: its positioner's
    /// placement with the constraint adjustments applied against the window
    /// manager's constraint area for its window. A popup whose parent or
    /// window is gone, or whose window's display is unplugged, keeps the
    /// unadjusted placement.
    func constrainedPlacement(of popup: Popup) -> Rect {
        let parentOrigin = popup.parent?.geometryOrigin
        let area = popup.rootWindow.flatMap { windowManager.popupConstraintArea(of: $0) }
        guard let parentOrigin, let area else { return popup.positioner.placement }
        return popup.positioner.placement(parentOrigin: parentOrigin, constraintArea: area)
    }

    /// The window moved, resized or its display changed: each of its
    /// configured popups whose positioner is reactive is placed again, and
    /// gets a new configure when that moves or resizes it. Parents come
    /// before their children in `popups`, so a child is placed against its
    /// parent's new position.
    func reconstrainReactivePopups(of window: Window) {
        for popup in window.popups
        where popup.positioner.isReactive && !popup.isDismissed && popup.resource.isAlive
            && popup.shellSurface.initialConfigureSent
        {
            if constrainedPlacement(of: popup) != popup.rect { sendPopupConfigure(popup) }
        }
    }

    /// A popup's surface committed: the first commit gets its configure, the
    /// first buffer shows it on its displays, a null buffer hides it.
    /// A dismissed popup stays hidden whatever it commits.
    func popupCommitted(_ popup: Popup, nullAttach: Bool) {
        let shell = popup.shellSurface
        guard !popup.isDismissed else { return }
        if nullAttach {
            if let surface = shell.surface { outputs.sendLeaveAll(surface) }
            shell.resetForRemap()
            popup.isMapped = false
            if let root = popup.rootWindow { seat.keyboardSurfaceMayHaveChanged(in: root) }
            return
        }
        if !shell.initialConfigureSent {
            shell.initialConfigureSent = true
            sendPopupConfigure(popup)
            return
        }
        if shell.surface?.hasContent == true { popup.isMapped = true }
        // On the displays its own rectangle overlaps, or its window's (the
        // profile's choice); placed anew after each commit, which follows
        // every configure that moves it.
        if let root = popup.rootWindow, let surface = shell.surface {
            let displays = outputs.displays(ofPopup: popup, in: root, windowDisplays: root.surface?.enteredDisplays ?? [])
            outputs.surfaceTreeJoined(surface, window: root, displays: displays)
            if popup.hasGrab { seat.keyboardSurfaceMayHaveChanged(in: root) }
        }
    }
}

import DioramaModel
import WaylandServer

extension Simulator {
    /// A client bound xdg_wm_base: it will make xdg_surfaces (windows, popups)
    /// and positioners.
    func wmBaseBound(_ wmBase: XdgWmBase) {
        var liveSurfaces = 0
        let key = ObjectIdentifier(wmBase)
        clientRegistry.record(wmBase.client)?.wmBases.append(wmBase)
        wmBase.onDestroy = { [unowned self, client = wmBase.client] in
            self.clientRegistry.record(client)?.wmBases.removeAll { ObjectIdentifier($0) == key }
        }
        wmBase.onRequest = { [unowned self, unowned wmBase] request in
            switch request {
            case .destroy:
                // The spec forbids destroying xdg_wm_base while its surfaces live.
                if liveSurfaces > 0 {
                    self.postProtocolError(
                        wmBase, code: XdgWmBase.Error.defunctSurfaces.rawValue, name: "defunct_surfaces",
                        "xdg_wm_base.destroy: \(liveSurfaces) xdg_surface objects made from it still exist; destroy them first")
                }
            case .createPositioner(let positioner):
                self.positionerCreated(positioner)
            case .getXdgSurface(let resource, let surfaceResource):
                guard let surface = self.surfaceRegistry.surface(for: surfaceResource) else { return }
                guard surface.role.allowsXdgSurface, !(surface.roleHandler is XdgShellSurface) else {
                    let reason = surface.role.allowsXdgSurface ? "already has an xdg_surface" : "already has the role \(surface.role.name)"
                    self.postProtocolError(
                        wmBase, code: XdgWmBase.Error.role.rawValue, name: "role",
                        "xdg_wm_base.get_xdg_surface: wl_surface@\(surfaceResource.id) \(reason)")
                    return
                }
                if surface.hasContent || surface.pending.attachesBuffer {
                    self.postProtocolError(
                        resource, code: XdgSurface.Error.unconfiguredBuffer.rawValue, name: "unconfigured_buffer",
                        "xdg_wm_base.get_xdg_surface: wl_surface@\(surfaceResource.id) already has a buffer attached or committed; create the xdg_surface before attaching"
                    )
                    return
                }
                liveSurfaces += 1
                self.xdgSurfaceCreated(resource, wmBase: wmBase, surface: surface) { liveSurfaces -= 1 }
            case .pong(let serial):
                self.pongReceived(serial, from: wmBase)
            }
        }
    }

    private func positionerCreated(_ resource: XdgPositioner) {
        let box = PositionerBox()
        let key = ObjectIdentifier(resource)
        shellRegistry.add(box, for: resource)
        resource.onDestroy = { [unowned self] in self.shellRegistry.removePositioner(key) }
        resource.onRequest = { [unowned self, unowned resource] request in
            switch request {
            case .setSize(let width, let height):
                guard width > 0, height > 0 else {
                    return self.postProtocolError(
                        resource, code: XdgPositioner.Error.invalidInput.rawValue, name: "invalid_input",
                        "xdg_positioner.set_size: \(width)x\(height) must be positive")
                }
                box.positioner.size = Size(width: Int(width), height: Int(height))
            case .setAnchorRect(let x, let y, let width, let height):
                guard width >= 0, height >= 0 else {
                    return self.postProtocolError(
                        resource, code: XdgPositioner.Error.invalidInput.rawValue, name: "invalid_input",
                        "xdg_positioner.set_anchor_rect: \(width)x\(height) must not be negative")
                }
                box.positioner.anchorRect = Rect(x: Int(x), y: Int(y), width: Int(width), height: Int(height))
            case .setAnchor(let anchor):
                // The enums end at bottom_right (8); wlroots refuses larger
                // values with invalid_input too.
                guard anchor.rawValue <= XdgPositioner.Anchor.bottomRight.rawValue else {
                    return self.postProtocolError(
                        resource, code: XdgPositioner.Error.invalidInput.rawValue, name: "invalid_input",
                        "xdg_positioner.set_anchor: \(anchor.rawValue) is not an anchor (0–8)")
                }
                box.positioner.anchor = anchor
            case .setGravity(let gravity):
                guard gravity.rawValue <= XdgPositioner.Gravity.bottomRight.rawValue else {
                    return self.postProtocolError(
                        resource, code: XdgPositioner.Error.invalidInput.rawValue, name: "invalid_input",
                        "xdg_positioner.set_gravity: \(gravity.rawValue) is not a gravity (0–8)")
                }
                box.positioner.gravity = gravity
            case .setOffset(let x, let y):
                box.positioner.offset = Point(x: Int(x), y: Int(y))
            case .setConstraintAdjustment(let adjustment):
                box.positioner.constraintAdjustment = XdgPositioner.ConstraintAdjustment(rawValue: adjustment)
            case .setReactive:
                box.positioner.isReactive = true
            case .destroy, .setParentSize, .setParentConfigure:
                // The popup is placed against its parent's current geometry,
                // so hints about a future parent size are not needed.
                break
            }
        }
    }

    private func xdgSurfaceCreated(_ resource: XdgSurface, wmBase: XdgWmBase, surface: Surface, onGone: @escaping () -> Void) {
        let shell = XdgShellSurface(resource: resource, wmBase: wmBase, surface: surface, simulator: self)
        let key = ObjectIdentifier(resource)
        shellRegistry.add(shell)
        surface.roleHandler = shell
        resource.onDestroy = { [unowned self] in
            self.shellRegistry.removeShellSurface(key)
            if shell.surface?.roleHandler === shell { shell.surface?.roleHandler = nil }
            onGone()
        }
        resource.onRequest = { [unowned self, unowned shell] request in
            switch request {
            case .destroy:
                if shell.window?.toplevel.isAlive == true || shell.popup?.resource.isAlive == true {
                    self.postProtocolError(
                        shell.resource, code: XdgSurface.Error.defunctRoleObject.rawValue, name: "defunct_role_object",
                        "xdg_surface.destroy: its xdg_toplevel or xdg_popup still exists; destroy that first")
                }
            case .getToplevel(let toplevel):
                guard !shell.hasRole, let surface = shell.surface else {
                    return self.postProtocolError(
                        shell.resource, code: XdgSurface.Error.alreadyConstructed.rawValue, name: "already_constructed",
                        "xdg_surface.get_toplevel: the xdg_surface already has a role object")
                }
                guard surface.role == .none || surface.role == .xdgToplevel else {
                    return self.postProtocolError(
                        shell.wmBaseErrorTarget, code: XdgWmBase.Error.role.rawValue, name: "role",
                        "xdg_surface.get_toplevel: wl_surface@\(surface.resource.id) already has the role \(surface.role.name)")
                }
                surface.role = .xdgToplevel
                self.toplevelCreated(toplevel, shell: shell, surface: surface)
            case .getPopup(let popup, let parent, let positionerResource):
                guard !shell.hasRole, let surface = shell.surface else {
                    return self.postProtocolError(
                        shell.resource, code: XdgSurface.Error.alreadyConstructed.rawValue, name: "already_constructed",
                        "xdg_surface.get_popup: the xdg_surface already has a role object")
                }
                // A surface keeps its role after its toplevel is destroyed;
                // made a popup, it could become the parent of its own popups.
                guard surface.role == .none || surface.role == .xdgPopup else {
                    return self.postProtocolError(
                        shell.wmBaseErrorTarget, code: XdgWmBase.Error.role.rawValue, name: "role",
                        "xdg_surface.get_popup: wl_surface@\(surface.resource.id) already has the role \(surface.role.name)")
                }
                guard let box = self.shellRegistry.positioner(for: positionerResource), box.positioner.isComplete else {
                    return self.postProtocolError(
                        shell.wmBaseErrorTarget, code: XdgWmBase.Error.invalidPositioner.rawValue, name: "invalid_positioner",
                        "xdg_surface.get_popup: the positioner needs set_size and set_anchor_rect first")
                }
                let parentShell = parent.flatMap { self.shellRegistry.shellSurface(for: $0) }
                if let parentShell, let problem = Self.popupParentProblem(parentShell, of: shell) {
                    return self.postProtocolError(
                        shell.wmBaseErrorTarget, code: XdgWmBase.Error.invalidPopupParent.rawValue,
                        name: "invalid_popup_parent", "xdg_surface.get_popup: \(problem)")
                }
                let limit = self.configuration.limits.maximumNestingDepth
                if let parentShell, case let depth = parentShell.popupAncestors.count + 1, depth > limit {
                    return self.postLimitExceeded(
                        shell.wmBaseErrorTarget, code: XdgWmBase.Error.invalidPopupParent.rawValue,
                        name: "invalid_popup_parent", limit: "maximumNestingDepth",
                        "xdg_surface.get_popup: a popup of xdg_surface@\(parentShell.resource.id) would be nested \(depth) popups deep; the simulator allows \(limit) (SimulatorLimits.maximumNestingDepth): open it from a shallower popup"
                    )
                }
                surface.role = .xdgPopup
                self.popupCreated(popup, shell: shell, parent: parentShell, positioner: box.positioner)
            case .setWindowGeometry(let x, let y, let width, let height):
                guard width > 0, height > 0 else {
                    return self.postProtocolError(
                        shell.resource, code: XdgSurface.Error.invalidSize.rawValue, name: "invalid_size",
                        "xdg_surface.set_window_geometry: \(width)x\(height) must be positive")
                }
                shell.pendingGeometry = Rect(x: Int(x), y: Int(y), width: Int(width), height: Int(height))
            case .ackConfigure(let serial):
                guard shell.acknowledge(serial) else {
                    let pending = shell.pendingSerials.map(String.init).joined(separator: ", ")
                    return self.postProtocolError(
                        shell.resource, code: XdgSurface.Error.invalidSerial.rawValue, name: "invalid_serial",
                        "xdg_surface.ack_configure: serial \(serial) was never sent to this surface or was already consumed (pending: \(pending.isEmpty ? "none" : pending))"
                    )
                }
                if let window = shell.window {
                    window.lastAckedSerial = serial
                    window.committedSinceAck = false
                    self.trace.record(.configureAcked(window: window.id, serial: serial))
                }
            }
        }
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

    /// xdg_surface.get_toplevel: a new window, placed on the default display
    /// or the focused one (by the profile; cascading) but not mapped until it
    /// commits a buffer.
    ///
    /// With no display plugged, the window is placed where it would have gone
    /// on the default display before it was unplugged, and is on no display:
    /// its initial configure is 0x0 without bounds and it has no preferred
    /// scale until a display is plugged (``plugDisplay(_:)`` moves it there).
    private func toplevelCreated(_ toplevel: XdgToplevel, shell: XdgShellSurface, surface: Surface) {
        let client = clientRegistry.record(toplevel.client)
        let homeName = newWindowDisplayName
        let placement = displayArrangement.lastKnownDisplay(named: homeName)
        let window = Window(
            id: shellRegistry.makeWindowID(), clientID: client?.id ?? 0, pid: client?.pid ?? 0, shellSurface: shell,
            toplevel: toplevel, position: placement.map { shellRegistry.cascadePosition(on: $0) } ?? Point(x: 32, y: 32),
            homeDisplayName: homeName)
        shell.window = window
        for member in surface.tree { member.window = window }
        shellRegistry.add(window)
        trace.noteWindow(window.id, client: window.clientID, surface: surface.id)
        trace.record(.windowCreated(window: window.id, client: window.clientID, surface: surface.id))
        // The window has no size yet, so it overlaps nothing; its preferred
        // scale is its home display's until it maps.
        if let home = display(named: homeName) ?? displayArrangement.defaultDisplay { preferredScaleChanged(window, to: home.scale) }
        toplevel.onDestroy = { [unowned self, unowned window] in self.windowDestroyed(window) }
        toplevel.onRequest = { [unowned self, unowned window] request in self.toplevelRequest(window, request) }
    }

    private func toplevelRequest(_ window: Window, _ request: XdgToplevel.Request) {
        switch request {
        case .destroy, .showWindowMenu:
            break
        case .move(_, let serial):
            // A user's drag: honoured when `serial` is a press still held on
            // this window; the window then follows the pointer.
            pointerGrabRequested(window, serial: serial, edges: nil)
        case .resize(_, let serial, let edges):
            guard Self.resizeEdges.contains(edges) else {
                return postProtocolError(
                    window.toplevel, code: XdgToplevel.Error.invalidResizeEdge.rawValue, name: "invalid_resize_edge",
                    "xdg_toplevel.resize: edges \(edges.rawValue) is not an xdg_toplevel.resize_edge value (0, 1, 2, 4, 5, 6, 8, 9, 10)")
            }
            pointerGrabRequested(window, serial: serial, edges: XdgResizeEdges(rawValue: edges.rawValue))
        case .setParent(let parentResource):
            setParent(of: window, to: parentResource)
        case .setTitle(let title):
            window.title = title
            trace.record(.title(window: window.id, title: title))
        case .setAppId(let appID):
            window.appID = appID
            trace.record(.appID(window: window.id, appID: appID))
        case .setMinSize(let width, let height):
            guard width >= 0, height >= 0 else {
                return postProtocolError(
                    window.toplevel, code: XdgToplevel.Error.invalidSize.rawValue, name: "invalid_size",
                    "xdg_toplevel.set_min_size: \(width)x\(height) has a negative side; use 0 for no minimum")
            }
            window.pendingMinimumSize = Size(width: Int(width), height: Int(height))
        case .setMaxSize(let width, let height):
            guard width >= 0, height >= 0 else {
                return postProtocolError(
                    window.toplevel, code: XdgToplevel.Error.invalidSize.rawValue, name: "invalid_size",
                    "xdg_toplevel.set_max_size: \(width)x\(height) has a negative side; use 0 for no maximum")
            }
            window.pendingMaximumSize = Size(width: Int(width), height: Int(height))
        case .setMaximized:
            setMaximized(window, true)
        case .unsetMaximized:
            setMaximized(window, false)
        case .setFullscreen(let output):
            setFullscreen(window, on: output.flatMap { displayArrangement.display(for: $0) }.flatMap { $0.isPlugged ? $0 : nil })
        case .unsetFullscreen:
            setFullscreen(window, on: nil, enable: false)
        case .setMinimized:
            setMinimized(window, true)
        }
    }

    /// Every value of `xdg_toplevel.resize_edge`: `resize` with any other is an error.
    static let resizeEdges: [XdgToplevel.ResizeEdge] = [.none, .top, .bottom, .left, .topLeft, .bottomLeft, .right, .topRight, .bottomRight]

    /// xdg_toplevel.set_parent: the window should stack above `parentResource`'s.
    /// A parent that is the window itself or one of its descendants is
    /// `invalid_parent`; an unmapped parent counts as no parent, as the spec says.
    private func setParent(of window: Window, to parentResource: XdgToplevel?) {
        guard let parentResource, let parent = shellRegistry.window(for: parentResource) else {
            window.parent = nil
            return
        }
        if parent === window || parentChain(above: parent, parent: { $0.parent }).contains(where: { $0 === window }) {
            let what = parent === window ? "the window itself" : "one of its own descendants"
            return postProtocolError(
                window.toplevel, code: XdgToplevel.Error.invalidParent.rawValue, name: "invalid_parent",
                "xdg_toplevel.set_parent: xdg_toplevel@\(parentResource.id) is \(what); pass a window this one is not an ancestor of, or null")
        }
        window.parent = parent.isMapped ? parent : nil
    }

    /// xdg_surface.get_popup: placed relative to its parent when it first commits.
    private func popupCreated(_ resource: XdgPopup, shell: XdgShellSurface, parent: XdgShellSurface?, positioner: Positioner) {
        let popup = Popup(resource: resource, shellSurface: shell, parent: parent, positioner: positioner)
        shell.popup = popup
        let root = popup.rootWindow
        shell.surface?.window = root
        root?.popups.append(popup)
        resource.onDestroy = { [unowned self, weak popup] in
            guard let popup else { return }
            if let root = popup.rootWindow { root.popups.removeAll { $0 === popup } }
            if let surface = popup.shellSurface.surface {
                self.sendLeaveAll(surface)
                surface.window = nil
            }
        }
        resource.onRequest = { [unowned self, weak popup] request in
            guard let popup else { return }
            switch request {
            case .destroy:
                // Nested popups go in reverse order: only one without live
                // children of its own is the topmost.
                if let child = self.shellRegistry.childPopups(of: popup).last {
                    self.postProtocolError(
                        popup.shellSurface.wmBaseErrorTarget, code: XdgWmBase.Error.notTheTopmostPopup.rawValue,
                        name: "not_the_topmost_popup",
                        "xdg_popup.destroy: xdg_popup@\(child.resource.id), a popup on top of this one, still exists; destroy popups topmost first")
                }
            case .grab:
                // Accepted and never broken (no pointer or keyboard user to
                // break it), but only before the popup maps.
                if popup.isMapped {
                    self.postProtocolError(
                        popup.resource, code: XdgPopup.Error.invalidGrab.rawValue, name: "invalid_grab",
                        "xdg_popup.grab: the popup is already mapped; grab before its first commit with a buffer")
                }
            case .reposition(let positionerResource, let token):
                guard let box = self.shellRegistry.positioner(for: positionerResource), box.positioner.isComplete else {
                    return self.postProtocolError(
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
    /// was destroyed): each gets `popup_done`, topmost first as the spec
    /// orders dismissals, and leaves its displays. The client then destroys them.
    func dismissPopups(of window: Window) {
        for popup in window.popups.reversed() where !popup.isDismissed && popup.resource.isAlive {
            popup.isDismissed = true
            popup.isMapped = false
            if let surface = popup.shellSurface.surface { sendLeaveAll(surface) }
            popup.resource.sendPopupDone()
        }
    }

    /// Places the popup by its positioner, kept inside its constraint area,
    /// and sends its configure sequence.
    func sendPopupConfigure(_ popup: Popup) {
        popup.rect = constrainedPlacement(of: popup)
        popup.resource.sendConfigure(
            x: Int32(clamping: popup.rect.minX), y: Int32(clamping: popup.rect.minY),
            width: Int32(clamping: popup.rect.width), height: Int32(clamping: popup.rect.height))
        let serial = nextSerial()
        popup.shellSurface.resource.sendConfigure(serial: serial)
        popup.shellSurface.configureSent(serial: serial)
    }

    /// Where the popup goes relative to its parent: its positioner's
    /// placement with the constraint adjustments applied against the
    /// logical rectangle of the display its window is on (the whole display,
    /// usable-area insets included, as sway does: a menu may cover a panel).
    /// A popup whose parent or window is gone, or whose window's display is
    /// unplugged, keeps the unadjusted placement.
    func constrainedPlacement(of popup: Popup) -> Rect {
        let parentOrigin = popup.parent?.geometryOrigin
        let area = popup.rootWindow.flatMap { display(named: $0.homeDisplayName) }.flatMap { $0.isPlugged ? $0.logicalRect : nil }
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
    /// first buffer shows it on its window's displays, a null buffer hides it.
    /// A dismissed popup stays hidden whatever it commits.
    func popupCommitted(_ popup: Popup, nullAttach: Bool) {
        let shell = popup.shellSurface
        guard !popup.isDismissed else { return }
        if nullAttach {
            if let surface = shell.surface { sendLeaveAll(surface) }
            shell.resetForRemap()
            popup.isMapped = false
            return
        }
        if !shell.initialConfigureSent {
            shell.initialConfigureSent = true
            sendPopupConfigure(popup)
            return
        }
        if shell.surface?.hasContent == true { popup.isMapped = true }
        // On its window's displays (where the window's own surface is).
        if let root = popup.rootWindow, let surface = shell.surface {
            surfaceTreeJoined(surface, window: root, displays: root.surface?.enteredDisplays ?? [])
        }
    }
}

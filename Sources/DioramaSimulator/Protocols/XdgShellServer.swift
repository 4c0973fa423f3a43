import DioramaModel
import WaylandCommon
import WaylandServer

/// The xdg-shell protocol server: `xdg_wm_base`, `xdg_positioner`,
/// `xdg_surface`, `xdg_toplevel` and `xdg_popup` (here and in
/// `XdgShellServer+Popups.swift`), with the decoration and window-placement
/// globals (`DecorationProtocol.swift`, `WindowPlacementProtocol.swift`).
///
/// It owns the objects' protocol state (``ShellRegistry``'s objects, each
/// ``XdgShellSurface``'s serials and geometry, double-buffered size hints),
/// checks every request against the spec and sends the protocol errors, and
/// writes the configure sequences. What a request means for the windows —
/// where a window opens, map, focus, maximize, fullscreen — is the
/// ``WindowManager``'s: the server calls it once a request is valid.
final class XdgShellServer {
    let windowManager: WindowManager
    let surfaces: SurfaceRegistry
    let limits: SimulatorLimits
    let errors: ProtocolErrorReporter
    let serials: SerialSource
    /// Told when a client answers a ping (`pong`), which a wait may be for.
    let waiters: SimulatorWaiters

    init(
        windowManager: WindowManager, surfaces: SurfaceRegistry, limits: SimulatorLimits, errors: ProtocolErrorReporter,
        serials: SerialSource, waiters: SimulatorWaiters
    ) {
        self.windowManager = windowManager
        self.surfaces = surfaces
        self.limits = limits
        self.errors = errors
        self.serials = serials
        self.waiters = waiters
    }

    // The owners the window manager shares with the server.
    var registry: ShellRegistry { windowManager.registry }
    var clients: ClientRegistry { windowManager.clients }
    var displays: DisplayArrangement { windowManager.displays }
    var trace: Trace { windowManager.trace }
    var outputs: OutputServer { windowManager.outputs }
    var seat: SeatServer { windowManager.seat }

    /// A client bound xdg_wm_base: it will make xdg_surfaces (windows, popups)
    /// and positioners.
    func wmBaseBound(_ wmBase: XdgWmBase) {
        var liveSurfaces = 0
        let key = ObjectIdentifier(wmBase)
        clients.record(wmBase.client)?.wmBases.append(wmBase)
        wmBase.onDestroy = { [unowned self, client = wmBase.client] in
            self.clients.record(client)?.wmBases.removeAll { ObjectIdentifier($0) == key }
        }
        wmBase.onRequest = { [unowned self, unowned wmBase] request in
            switch request {
            case .destroy:
                // The spec forbids destroying xdg_wm_base while its surfaces live.
                if liveSurfaces > 0 {
                    self.errors.post(
                        wmBase, code: XdgWmBase.Error.defunctSurfaces.rawValue, name: "defunct_surfaces",
                        "xdg_wm_base.destroy: \(liveSurfaces) xdg_surface objects made from it still exist; destroy them first")
                }
            case .createPositioner(let positioner):
                self.positionerCreated(positioner)
            case .getXdgSurface(let resource, let surfaceResource):
                guard let surface = self.surfaces.surface(for: surfaceResource) else { return }
                guard surface.role.allowsXdgSurface, !(surface.roleHandler is XdgShellSurface) else {
                    let reason = surface.role.allowsXdgSurface ? "already has an xdg_surface" : "already has the role \(surface.role.name)"
                    self.errors.post(
                        wmBase, code: XdgWmBase.Error.role.rawValue, name: "role",
                        "xdg_wm_base.get_xdg_surface: wl_surface@\(surfaceResource.id) \(reason)")
                    return
                }
                if surface.hasContent || surface.pending.attachesBuffer {
                    self.errors.post(
                        resource, code: XdgSurface.Error.unconfiguredBuffer.rawValue, name: "unconfigured_buffer",
                        "xdg_wm_base.get_xdg_surface: wl_surface@\(surfaceResource.id) already has a buffer attached or committed; create the xdg_surface before attaching"
                    )
                    return
                }
                liveSurfaces += 1
                self.xdgSurfaceCreated(resource, wmBase: wmBase, surface: surface) { liveSurfaces -= 1 }
            case .pong(let serial):
                // Remembered for `hasAnsweredPing(_:window:)`, which a wait may be for.
                self.clients.record(wmBase.client)?.lastPongSerial = serial
                self.waiters.noteEvent()
            }
        }
    }

    private func positionerCreated(_ resource: XdgPositioner) {
        let box = PositionerBox()
        let key = ObjectIdentifier(resource)
        registry.add(box, for: resource)
        resource.onDestroy = { [unowned self] in self.registry.removePositioner(key) }
        resource.onRequest = { [unowned self, unowned resource] request in
            switch request {
            case .setSize(let width, let height):
                guard self.validPositionerInput(width > 0 && height > 0, resource, "set_size: \(width)x\(height) must be positive")
                else { return }
                box.positioner.size = Size(width: Int(width), height: Int(height))
            case .setAnchorRect(let x, let y, let width, let height):
                guard self.validPositionerInput(width >= 0 && height >= 0, resource, "set_anchor_rect: \(width)x\(height) must not be negative")
                else { return }
                box.positioner.anchorRect = Rect(x: Int(x), y: Int(y), width: Int(width), height: Int(height))
            case .setAnchor(let anchor):
                // The enums end at bottom_right (8); wlroots refuses larger
                // values with invalid_input too.
                let isAnchor = anchor.rawValue <= XdgPositioner.Anchor.bottomRight.rawValue
                guard self.validPositionerInput(isAnchor, resource, "set_anchor: \(anchor.rawValue) is not an anchor (0–8)") else { return }
                box.positioner.anchor = anchor
            case .setGravity(let gravity):
                let isGravity = gravity.rawValue <= XdgPositioner.Gravity.bottomRight.rawValue
                guard self.validPositionerInput(isGravity, resource, "set_gravity: \(gravity.rawValue) is not a gravity (0–8)") else { return }
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

    /// Whether a positioner request's value is `valid`; when it is not, the
    /// client gets `invalid_input` saying `problem` (after the request's name).
    private func validPositionerInput(_ valid: Bool, _ resource: XdgPositioner, _ problem: @autoclosure () -> String) -> Bool {
        guard !valid else { return true }
        errors.post(
            resource, code: XdgPositioner.Error.invalidInput.rawValue, name: "invalid_input", "xdg_positioner.\(problem())")
        return false
    }

    private func xdgSurfaceCreated(_ resource: XdgSurface, wmBase: XdgWmBase, surface: Surface, onGone: @escaping () -> Void) {
        let shell = XdgShellSurface(resource: resource, wmBase: wmBase, surface: surface, server: self)
        let key = ObjectIdentifier(resource)
        registry.add(shell)
        surface.roleHandler = shell
        resource.onDestroy = { [unowned self] in
            self.registry.removeShellSurface(key)
            if shell.surface?.roleHandler === shell { shell.surface?.roleHandler = nil }
            onGone()
        }
        resource.onRequest = { [unowned self, unowned shell] request in
            switch request {
            case .destroy:
                if shell.window?.toplevel.isAlive == true || shell.popup?.resource.isAlive == true {
                    self.errors.post(
                        shell.resource, code: XdgSurface.Error.defunctRoleObject.rawValue, name: "defunct_role_object",
                        "xdg_surface.destroy: its xdg_toplevel or xdg_popup still exists; destroy that first")
                }
            case .getToplevel(let toplevel):
                guard let surface = self.surfaceTakingRole(shell, .xdgToplevel, request: "get_toplevel") else { return }
                surface.role = .xdgToplevel
                self.toplevelCreated(toplevel, shell: shell, surface: surface)
            case .getPopup(let popup, let parent, let positionerResource):
                self.popupRequested(popup, shell: shell, parent: parent, positioner: positionerResource)
            case .setWindowGeometry(let x, let y, let width, let height):
                guard width > 0, height > 0 else {
                    return self.errors.post(
                        shell.resource, code: XdgSurface.Error.invalidSize.rawValue, name: "invalid_size",
                        "xdg_surface.set_window_geometry: \(width)x\(height) must be positive")
                }
                shell.pendingGeometry = Rect(x: Int(x), y: Int(y), width: Int(width), height: Int(height))
            case .ackConfigure(let serial):
                guard shell.acknowledge(serial) else {
                    let pending = shell.pendingSerials.map(String.init).joined(separator: ", ")
                    return self.errors.post(
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

    /// The surface of `shell` when it may take `role` (`get_toplevel` or
    /// `get_popup`): the xdg_surface has no role object yet, and the
    /// wl_surface has no other role. A surface keeps its role after its
    /// toplevel or popup is destroyed, so a former popup made a toplevel
    /// (or the reverse) is refused too. Otherwise sends the error and
    /// returns nil.
    func surfaceTakingRole(_ shell: XdgShellSurface, _ role: SurfaceRole, request: String) -> Surface? {
        guard !shell.hasRole, let surface = shell.surface else {
            errors.post(
                shell.resource, code: XdgSurface.Error.alreadyConstructed.rawValue, name: "already_constructed",
                "xdg_surface.\(request): the xdg_surface already has a role object")
            return nil
        }
        guard surface.role == .none || surface.role == role else {
            errors.post(
                shell.wmBaseErrorTarget, code: XdgWmBase.Error.role.rawValue, name: "role",
                "xdg_surface.\(request): wl_surface@\(surface.resource.id) already has the role \(surface.role.name)")
            return nil
        }
        return surface
    }

    // MARK: Toplevels

    /// xdg_surface.get_toplevel: a new window, placed where the window
    /// manager opens windows but not mapped until it commits a buffer.
    private func toplevelCreated(_ toplevel: XdgToplevel, shell: XdgShellSurface, surface: Surface) {
        let client = clients.record(toplevel.client)
        let place = windowManager.placeForNewWindow()
        let window = Window(
            id: registry.makeWindowID(), clientID: client?.id ?? 0, pid: client?.pid ?? 0, shellSurface: shell,
            toplevel: toplevel, position: place.position, homeDisplayName: place.displayName)
        shell.window = window
        for member in surface.tree { member.window = window }
        registry.add(window)
        trace.noteWindow(window.id, client: window.clientID, surface: surface.id)
        trace.record(.windowCreated(window: window.id, client: window.clientID, surface: surface.id))
        windowManager.windowCreated(window)
        toplevel.onDestroy = { [unowned self, unowned window] in self.windowManager.windowDestroyed(window) }
        toplevel.onRequest = { [unowned self, unowned window] request in self.toplevelRequest(window, request) }
    }

    private func toplevelRequest(_ window: Window, _ request: XdgToplevel.Request) {
        switch request {
        case .destroy, .showWindowMenu:
            break
        case .move(_, let serial):
            // A user's drag: honoured when `serial` is a press still held on
            // this window; the window then follows the pointer.
            seat.pointerGrabRequested(window, serial: serial, edges: nil)
        case .resize(_, let serial, let edges):
            guard Self.resizeEdges.contains(edges) else {
                return errors.post(
                    window.toplevel, code: XdgToplevel.Error.invalidResizeEdge.rawValue, name: "invalid_resize_edge",
                    "xdg_toplevel.resize: edges \(edges.rawValue) is not an xdg_toplevel.resize_edge value (0, 1, 2, 4, 5, 6, 8, 9, 10)")
            }
            seat.pointerGrabRequested(window, serial: serial, edges: XdgResizeEdges(rawValue: edges.rawValue))
        case .setParent(let parentResource):
            setParent(of: window, to: parentResource)
        case .setTitle(let title):
            window.title = title
            trace.record(.title(window: window.id, title: title))
        case .setAppId(let appID):
            window.appID = appID
            trace.record(.appID(window: window.id, appID: appID))
        case .setMinSize(let width, let height):
            guard let size = sizeHint(width, height, of: window, request: "set_min_size", meaning: "no minimum") else { return }
            window.pendingMinimumSize = size
        case .setMaxSize(let width, let height):
            guard let size = sizeHint(width, height, of: window, request: "set_max_size", meaning: "no maximum") else { return }
            window.pendingMaximumSize = size
        case .setMaximized:
            windowManager.setMaximized(window, true)
        case .unsetMaximized:
            windowManager.setMaximized(window, false)
        case .setFullscreen(let output):
            windowManager.setFullscreen(window, on: output.flatMap { displays.display(for: $0) }.flatMap { $0.isPlugged ? $0 : nil })
        case .unsetFullscreen:
            windowManager.setFullscreen(window, on: nil, enable: false)
        case .setMinimized:
            windowManager.setMinimized(window, true)
        }
    }

    /// A `set_min_size` or `set_max_size` hint, or nil after the
    /// `invalid_size` error a negative side gets.
    private func sizeHint(_ width: Int32, _ height: Int32, of window: Window, request: String, meaning: String) -> Size? {
        guard width >= 0, height >= 0 else {
            errors.post(
                window.toplevel, code: XdgToplevel.Error.invalidSize.rawValue, name: "invalid_size",
                "xdg_toplevel.\(request): \(width)x\(height) has a negative side; use 0 for \(meaning)")
            return nil
        }
        return Size(width: Int(width), height: Int(height))
    }

    /// Every value of `xdg_toplevel.resize_edge`: `resize` with any other is an error.
    static let resizeEdges: [XdgToplevel.ResizeEdge] = [.none, .top, .bottom, .left, .topLeft, .bottomLeft, .right, .topRight, .bottomRight]

    /// xdg_toplevel.set_parent: the window should stack above `parentResource`'s.
    /// A parent that is the window itself or one of its descendants is
    /// `invalid_parent`; an unmapped parent counts as no parent, as the spec says.
    private func setParent(of window: Window, to parentResource: XdgToplevel?) {
        guard let parentResource, let parent = registry.window(for: parentResource) else {
            window.parent = nil
            return
        }
        if parent === window || parentChain(above: parent, parent: { $0.parent }).contains(where: { $0 === window }) {
            let what = parent === window ? "the window itself" : "one of its own descendants"
            return errors.post(
                window.toplevel, code: XdgToplevel.Error.invalidParent.rawValue, name: "invalid_parent",
                "xdg_toplevel.set_parent: xdg_toplevel@\(parentResource.id) is \(what); pass a window this one is not an ancestor of, or null")
        }
        window.parent = parent.isMapped ? parent : nil
    }

    /// A toplevel's surface committed: its double-buffered size hints apply
    /// (traced when they change) and the commit is noted against the last
    /// ack, then the window manager answers it.
    func toplevelCommitted(_ window: Window, nullAttach: Bool) {
        applySizeHints(window)
        if window.shellSurface.lastAckedSerial != nil { window.committedSinceAck = true }
        windowManager.windowCommitted(window, nullAttach: nullAttach)
    }

    private func applySizeHints(_ window: Window) {
        guard window.pendingMinimumSize != nil || window.pendingMaximumSize != nil else { return }
        let minimum = window.pendingMinimumSize ?? window.minimumSize
        let maximum = window.pendingMaximumSize ?? window.maximumSize
        window.pendingMinimumSize = nil
        window.pendingMaximumSize = nil
        guard minimum != window.minimumSize || maximum != window.maximumSize else { return }
        window.minimumSize = minimum
        window.maximumSize = maximum
        trace.record(.sizeHints(window: window.id, minimum: minimum, maximum: maximum))
    }

    // MARK: Configure sequences

    /// Sends one toplevel configure sequence: `configure_bounds` (v4+, when
    /// changed or initial), `wm_capabilities` (v5+, initial only),
    /// `xdg_toplevel.configure`, the decoration mode (when the client asked
    /// for one), `xdg_surface.configure`; then traces it.
    ///
    /// Nothing is sent before the initial configure (unless this is it) or
    /// to a destroyed toplevel.
    ///
    /// - Parameters:
    ///   - states: what the client is told, already cut to what its version carries.
    ///   - bounds: the home display's usable area; nil with no display.
    ///   - repeatingBounds: sends `bounds` even when the client was told
    ///     them last time (Mutter 43 sends them with every configure).
    /// - Returns: the serial, or nil when nothing was sent.
    func sendToplevelConfigure(
        _ window: Window, size: Size, states: ToplevelStates, bounds: Size?, repeatingBounds: Bool = false, initial: Bool
    ) -> UInt32? {
        guard initial || window.shellSurface.initialConfigureSent, window.toplevel.isAlive else { return nil }
        let toplevel = window.toplevel
        var boundsSent: Size?
        if toplevel.version >= 4, let bounds, initial || repeatingBounds || bounds != window.lastBoundsSent {
            toplevel.sendConfigureBounds(width: Int32(clamping: bounds.width), height: Int32(clamping: bounds.height))
            window.lastBoundsSent = bounds
            boundsSent = bounds
        }
        if initial && toplevel.version >= 5 {
            let capabilities: [XdgToplevel.WmCapabilities] = [.maximize, .fullscreen, .minimize]
            toplevel.sendWmCapabilities(capabilities: WireArray.pack(capabilities.map(\.rawValue)))
        }
        toplevel.sendConfigure(
            width: Int32(clamping: size.width), height: Int32(clamping: size.height),
            states: states.wireArray(version: toplevel.version))
        sendDecorationModeIfRequested(window)
        let serial = sendSurfaceConfigure(window.shellSurface)
        let fact = ConfigureFact(window: window.id, serial: serial, size: size, states: states, bounds: boundsSent)
        window.lastConfigure = fact
        trace.record(.configureSent(fact))
        return serial
    }

    /// Ends a configure sequence: `xdg_surface.configure` with a new serial,
    /// which the surface then waits to have acknowledged.
    func sendSurfaceConfigure(_ shell: XdgShellSurface) -> UInt32 {
        let serial = serials.next()
        shell.resource.sendConfigure(serial: serial)
        shell.configureSent(serial: serial)
        return serial
    }
}

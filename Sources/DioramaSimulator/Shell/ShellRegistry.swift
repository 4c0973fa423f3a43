import DioramaModel
import WaylandServer

/// The xdg-shell side of the world: every live `xdg_surface` and
/// `xdg_positioner`, every window (toplevel) in creation order, the mapped
/// windows' stacking order, which window has focus, and how many windows
/// the cascade has placed.
///
/// ``XdgShellServer`` adds and removes shell surfaces, positioners and
/// windows as clients create and destroy them; ``WindowManager`` (map,
/// unmap, focus) keeps the stacking order and focus here; scripts, the
/// pointer and touch find windows here. It sends no protocol events: the
/// server, the window manager and the ``Simulator`` do.
final class ShellRegistry {
    /// Every live toplevel, in creation order (mapped or not).
    private(set) var windows: [Window] = []
    /// Mapped windows bottom to top: a window goes on top when it maps or
    /// takes focus. What a screen compositor draws in order.
    private(set) var stackingOrder: [Window] = []
    /// The window that has keyboard focus and the `activated` state; set only
    /// by the simulator's focus changes, which tell the clients.
    var focusedWindow: Window?
    private var shellSurfaces: [ObjectIdentifier: XdgShellSurface] = [:]
    private var positioners: [ObjectIdentifier: PositionerBox] = [:]
    private var nextWindowID: UInt32 = 1
    /// How many windows have been placed, for the cascade.
    private var cascadeCount = 0

    // MARK: Windows

    /// The number the next window is traced by (1, 2, …, never reused).
    func makeWindowID() -> UInt32 {
        defer { nextWindowID += 1 }
        return nextWindowID
    }

    /// A toplevel was created: the window goes last in creation order.
    func add(_ window: Window) {
        windows.append(window)
    }

    /// The toplevel was destroyed.
    func remove(_ window: Window) {
        windows.removeAll { $0 === window }
    }

    /// The window of a toplevel object, if it is alive.
    func window(for toplevel: XdgToplevel) -> Window? {
        windows.first { $0.toplevel === toplevel }
    }

    /// The window focus moves to when `window` loses it: the most recently
    /// created mapped, visible window other than `window`, or nil.
    func nextFocusCandidate(after window: Window) -> Window? {
        windows.last { $0 !== window && $0.isMapped && !$0.isMinimized }
    }

    /// Where the next new window goes: the usable area's top-left plus 32
    /// points right and down per window already placed, restarting every ten
    /// windows, the way desktop compositors cascade.
    func cascadePosition(on display: Display) -> Point {
        let step = 32 * (cascadeCount % 10)
        cascadeCount += 1
        let area = display.usableArea
        return Point(x: area.minX + 32 + step, y: area.minY + 32 + step)
    }

    // MARK: Stacking

    /// Puts a mapped window on top of the others (it mapped or took focus).
    func putOnTop(_ window: Window) {
        stackingOrder.removeAll { $0 === window }
        stackingOrder.append(window)
    }

    /// The window unmapped or went away: it is no longer drawn.
    func removeFromStack(_ window: Window) {
        stackingOrder.removeAll { $0 === window }
    }

    /// What pointer and touch input at `point` (global logical) reaches: the
    /// topmost surface with content there, of the topmost window that has
    /// one there. Popups are above their window's subsurfaces, subsurfaces
    /// above its main surface; a surface's whole rectangle takes input (input
    /// regions are not modelled). Nil over the bare desktop.
    func inputTarget(at point: Point) -> InputTarget? {
        for window in stackingOrder.reversed() where window.isMapped && !window.isSurfaceDestroyed {
            for (surface, origin) in window.layeredSurfaces.reversed()
            where surface.hasContent && Rect(origin: origin, size: surface.current.size).contains(point) {
                return InputTarget(window: window, surface: surface)
            }
        }
        return nil
    }

    /// The window whose popups hold an explicit grab, if any (xdg-shell:
    /// the grabbing client gets all pointer and touch input until the user
    /// presses outside its surfaces, which dismisses the popups).
    var windowHoldingPopupGrab: Window? {
        windows.first { !$0.grabbingPopups.isEmpty }
    }

    /// What pointer input at `point` reaches: ``inputTarget(at:)``, except
    /// while popups hold a grab, when only the grabbing client's surfaces
    /// get enter and motion (nil over any other, as wlroots and Mutter do).
    func pointerTarget(at point: Point) -> InputTarget? {
        guard let target = inputTarget(at: point) else { return nil }
        if let holder = windowHoldingPopupGrab, holder.toplevel.client != target.window.toplevel.client { return nil }
        return target
    }

    /// The window ``inputTarget(at:)`` finds at `point`.
    func window(under point: Point) -> Window? {
        inputTarget(at: point)?.window
    }

    // MARK: xdg_surface and xdg_positioner objects

    func add(_ shell: XdgShellSurface) {
        shellSurfaces[ObjectIdentifier(shell.resource)] = shell
    }

    /// Forgets the shell surface of a destroyed xdg_surface (by the
    /// resource's identity, which stays valid while its destroy handler runs).
    func removeShellSurface(_ key: ObjectIdentifier) {
        shellSurfaces[key] = nil
    }

    /// The shell surface behind an xdg_surface object, if it is alive.
    func shellSurface(for resource: XdgSurface) -> XdgShellSurface? {
        shellSurfaces[ObjectIdentifier(resource)]
    }

    func add(_ positioner: PositionerBox, for resource: XdgPositioner) {
        positioners[ObjectIdentifier(resource)] = positioner
    }

    func removePositioner(_ key: ObjectIdentifier) {
        positioners[key] = nil
    }

    /// The positioner behind an xdg_positioner object, if it is alive.
    func positioner(for resource: XdgPositioner) -> PositionerBox? {
        positioners[ObjectIdentifier(resource)]
    }

    /// The live popups whose parent is `popup`, oldest first.
    func childPopups(of popup: Popup) -> [Popup] {
        shellSurfaces.values.compactMap(\.popup)
            .filter { $0.parent === popup.shellSurface && $0.resource.isAlive }
            .sorted { $0.resource.id < $1.resource.id }
    }
}

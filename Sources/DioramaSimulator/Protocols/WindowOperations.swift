import DioramaControlProtocol
import DioramaModel

/// What the surface, output and seat servers and the display and input
/// commands ask of the window manager: the window policy (placement,
/// configures, size hints, states) lives there, and these servers only call
/// into it. The ``WindowManager`` is the implementation, which the
/// ``Simulator`` wires in.
protocol WindowOperations: AnyObject {
    /// The window a control command names; throws when none matches.
    func window(_ selector: WindowSelector) throws(SimulatorControlError) -> Window
    /// Moves a window's top-left to a global logical position (a scripted
    /// move or a client's interactive move).
    func place(_ window: Window, at position: Point)
    /// Puts a window that lost its display onto `target`, keeping its offset.
    func relocate(_ window: Window, from source: Display?, to target: Display)
    /// The window's frame changed: trace it; enter/leave and scale follow.
    func windowFrameChanged(_ window: Window)
    /// The window's wl_surface was destroyed before its toplevel.
    func windowSurfaceDestroyed(_ window: Window)
    /// Places the window's reactive popups again after it moved or resized.
    func reconstrainReactivePopups(of window: Window)
    /// A press or touch outside the window's client broke its popups' grab:
    /// they are dismissed.
    func breakPopupGrab(of window: Window)
    /// Sends a configure sequence; see the window manager for the arguments.
    @discardableResult
    func sendConfigure(
        _ window: Window, initial: Bool, size: Size?, extraStates: ToplevelStates, interactive: Bool
    ) -> UInt32?
    /// `size` clamped to the window's min/max size hints.
    func clampToHints(_ size: Size, of window: Window, interactive: Bool) -> Size
    func setMaximized(_ window: Window, _ maximized: Bool)
    func setFullscreen(_ window: Window, on display: Display?, enable: Bool)
}

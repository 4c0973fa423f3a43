import DioramaModel

/// One request to a running simulator's control endpoint, as `diorama ctl`
/// sends it. On the wire it is one line of JSON (``ControlRequestWire``;
/// every command and field is in `Docs/control-protocol.md`).
public enum ControlRequest: Hashable, Sendable {
    case listWindows
    case listDisplays
    /// Moves a window onto a display (keeping its offset) or to a global logical position.
    case moveWindow(WindowSelector, ControlWindowDestination)
    /// Asks for a size; with `interactiveSteps`, as a user's drag in that many steps.
    case resizeWindow(WindowSelector, Size, interactiveSteps: Int?)
    case focusWindow(WindowSelector)
    case maximizeWindow(WindowSelector, Bool)
    case minimizeWindow(WindowSelector, Bool)
    /// Fullscreen on a display (the window's own when nil), or leave fullscreen.
    case fullscreenWindow(WindowSelector, display: String?, Bool)
    case closeWindow(WindowSelector)
    case typeText(WindowSelector, String)
    /// Key names as xkb spells them (`Return`, `Escape`, `F1`).
    case pressKeys(WindowSelector, [String])
    /// Drives the seat's pointer: moves, presses, releases, clicks, scrolls.
    case pointer(PointerAction)
    /// Drives the seat's touchscreen.
    case touch(TouchAction)
    case setDisplayScale(String, Scale)
    case setDisplayTransform(String, OutputTransform)
    case moveDisplay(String, Point)
    case plugDisplay(DisplayConfiguration)
    case unplugDisplay(String)
    /// Writes a PNG to `path` (absolute): one display, or the whole layout when
    /// `display` is nil, at `scale` pixels per point (layout only; default 1).
    case screenshot(display: String?, path: String, scale: Scale?)
    /// Trace records after sequence number `since`; with `follow`, then every
    /// new record as it happens, until the client disconnects.
    case trace(since: UInt64, follow: Bool)
    /// Waits until `condition` holds, or fails after the timeout. The
    /// simulator looks at the condition when something happens that can
    /// change it (a commit, an ack, a configure, a bind …), never on a timer.
    case wait(ControlWaitCondition, timeoutMilliseconds: Int)
}

/// What a ``ControlRequest/wait(_:timeoutMilliseconds:)`` waits for.
public enum ControlWaitCondition: Hashable, Sendable {
    /// The window acknowledged and committed every configure sent to it
    /// (`"until":"settled"`; the older `wait_settled` command).
    case settled(WindowSelector)
    /// A simulator trace record of `type` (`commit`, `configure_acked`,
    /// `enter` … as `Docs/trace-format.md` names them) with a sequence number
    /// above `since`, about `window` when given (`"until":"trace"`).
    case traceRecord(type: String, window: WindowSelector?, since: UInt64)
    /// The window's last buffer is drawn for the scale its display has now
    /// (`"until":"drawn"`): a commit at the new scale after a move or rescale.
    case drawnForScale(WindowSelector)
}

/// Where ``ControlRequest/moveWindow(_:_:)`` puts a window.
public enum ControlWindowDestination: Hashable, Sendable {
    case display(String)
    case position(Point)
}

/// What a ``ControlRequest/pointer(_:)`` does. Presses, releases and clicks
/// move the pointer first when they have a location.
public enum PointerAction: Hashable, Sendable {
    case move(InputLocation)
    case press(PointerButton, at: InputLocation?)
    case release(PointerButton, at: InputLocation?)
    case click(PointerButton, at: InputLocation?)
    /// Logical points, positive right and down.
    case scroll(dx: Int, dy: Int)
}

/// What a ``ControlRequest/touch(_:)`` does, by touch point id.
public enum TouchAction: Hashable, Sendable {
    case down(id: Int, at: InputLocation)
    case move(id: Int, to: InputLocation)
    case up(id: Int)
    case cancel
}

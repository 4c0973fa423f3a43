import DioramaModel

/// One request to a running simulator's control endpoint, as `diorama ctl`
/// sends it. On the wire it is one line of JSON (``ControlRequestWire``;
/// every command and field is in `Docs/control-protocol.md`).
public enum ControlRequest: Hashable, Sendable {
    /// Every window (`diorama ctl windows`).
    case listWindows
    /// Every display (`diorama ctl displays`).
    case listDisplays
    /// Moves a window onto a display (keeping its offset) or to a global logical position.
    case moveWindow(WindowSelector, ControlWindowDestination)
    /// Asks for a size; with `interactiveSteps`, as a user's drag in that many steps.
    case resizeWindow(WindowSelector, Size, interactiveSteps: Int?)
    /// Gives the window keyboard focus (and raises it).
    case focusWindow(WindowSelector)
    /// Maximizes the window, or restores it with false.
    case maximizeWindow(WindowSelector, Bool)
    /// Tiles the window to half its display (KWin's and Mutter's quick
    /// tiling), or untiles it with nil.
    case halfTileWindow(WindowSelector, HalfTile?)
    /// Minimizes the window, or restores it with false.
    case minimizeWindow(WindowSelector, Bool)
    /// Fullscreen on a display (the window's own when nil), or leave fullscreen.
    case fullscreenWindow(WindowSelector, display: String?, Bool)
    /// Sends the window `xdg_toplevel.close`.
    case closeWindow(WindowSelector)
    /// Types the text into the window, key by key.
    case typeText(WindowSelector, String)
    /// Key names as xkb spells them (`Return`, `Escape`, `F1`).
    case pressKeys(WindowSelector, [String])
    /// Drives the seat's pointer: moves, presses, releases, clicks, scrolls.
    case pointer(PointerAction)
    /// Drives the seat's touchscreen.
    case touch(TouchAction)
    /// Rescales the named display.
    case setDisplayScale(String, Scale)
    /// Rotates or flips the named display.
    case setDisplayTransform(String, OutputTransform)
    /// Moves the named display to a global logical position.
    case moveDisplay(String, Point)
    /// Plugs in a new display.
    case plugDisplay(DisplayConfiguration)
    /// Unplugs the named display.
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
    /// Onto the named display, keeping the window's offset.
    case display(String)
    /// To a global logical position.
    case position(Point)
}

/// What a ``ControlRequest/pointer(_:)`` does. Presses, releases and clicks
/// move the pointer first when they have a location.
public enum PointerAction: Hashable, Sendable {
    /// Moves the pointer.
    case move(InputLocation)
    /// Presses the button.
    case press(PointerButton, at: InputLocation?)
    /// Releases the button.
    case release(PointerButton, at: InputLocation?)
    /// Presses and releases the button.
    case click(PointerButton, at: InputLocation?)
    /// Logical points, positive right and down.
    case scroll(dx: Int, dy: Int)
}

/// What a ``ControlRequest/touch(_:)`` does, by touch point id.
public enum TouchAction: Hashable, Sendable {
    /// Puts touch point `id` down.
    case down(id: Int, at: InputLocation)
    /// Moves touch point `id`.
    case move(id: Int, to: InputLocation)
    /// Lifts touch point `id`.
    case up(id: Int)
    /// Cancels every touch point that is down.
    case cancel
}

import DioramaControlProtocol
import DioramaModel

// The wiring between the protocol servers and the commands on top of them,
// and the names the control endpoint reaches the servers' state by. The
// window operations the servers call back into are the window manager's.

extension Simulator {
    /// The displays, plugged and unplugged (the output server's).
    var displayArrangement: DisplayArrangement { outputs.arrangement }
    /// Every live surface and buffer (filled by the compositor and shm servers).
    var surfaceRegistry: SurfaceRegistry { compositor.surfaces }

    var displayCommands: DisplayCommands {
        DisplayCommands(
            outputs: outputs, shell: shellRegistry, trace: trace, frameScheduler: frameScheduler, windowOperations: windowManager)
    }

    var inputCommands: InputCommands { InputCommands(seat: seat, windowOperations: windowManager) }

    var screenshots: ScreenshotTaker {
        ScreenshotTaker(arrangement: outputs.arrangement, shell: shellRegistry, limits: configuration.limits)
    }

    var clientBacklog: ClientBacklogMonitor {
        ClientBacklogMonitor(clients: clientRegistry, eventLoop: eventLoop, waiters: waiters)
    }
}

// MARK: Public display and input commands (``DisplayCommands``, ``InputCommands``)

extension Simulator {
    /// Moves a display's top-left to a logical position; its windows move with it.
    public func moveDisplay(_ name: String, to position: Point) throws(SimulatorControlError) {
        try displayCommands.moveDisplay(name, to: position)
    }

    /// Changes a display's scale (its mode stays; its logical size changes).
    public func setScale(_ scale: Scale, ofDisplay name: String) throws(SimulatorControlError) {
        try displayCommands.setScale(scale, ofDisplay: name)
    }

    /// Rotates or flips a display; 90° and 270° swap its logical width and height.
    public func setTransform(_ transform: OutputTransform, ofDisplay name: String) throws(SimulatorControlError) {
        try displayCommands.setTransform(transform, ofDisplay: name)
    }

    /// Adds a display (hot-plug); see ``DisplayCommands/plugDisplay(_:)``.
    public func plugDisplay(_ configuration: DisplayConfiguration) throws(SimulatorControlError) {
        try displayCommands.plugDisplay(configuration)
    }

    /// Removes a display (hot-unplug); see ``DisplayCommands/unplugDisplay(_:)``.
    public func unplugDisplay(_ name: String) throws(SimulatorControlError) {
        try displayCommands.unplugDisplay(name)
    }

    /// Chooses the display new windows open on.
    public func setDefaultDisplay(_ name: String) throws(SimulatorControlError) {
        try displayCommands.setDefaultDisplay(name)
    }

    /// Sends at once what the `delayed-change-events` or `coalesced-changes`
    /// variation still holds of earlier display changes, so what is sent
    /// next belongs to the next change (`diorama check` before each check).
    public func sendHeldDisplayEvents() {
        outputs.heldChange.release()
    }

    /// The pointer's position in global logical points.
    public var pointerPosition: Point { inputCommands.pointerPosition }
    /// The window a client's `xdg_toplevel.move` is carrying with the pointer, if any.
    public var windowBeingMoved: Window? { inputCommands.windowBeingMoved }
    /// The window a client's `xdg_toplevel.resize` is resizing with the pointer, if any.
    public var windowBeingResized: Window? { inputCommands.windowBeingResized }

    /// The cursor image the last `wl_pointer.set_cursor` chose: nil when no
    /// client has set one, or the last one hid the cursor (null surface).
    public var cursorImage: CursorImage? { seat.cursorImage }

    /// A location in global logical points.
    public func globalPoint(_ location: InputLocation) throws(SimulatorControlError) -> Point {
        try inputCommands.globalPoint(location)
    }

    /// The window pointer and touch input at `location` would reach: the
    /// topmost shown window with a surface there (its main surface, shadows
    /// included, a subsurface or a popup); nil over the bare desktop.
    public func window(under location: InputLocation) throws(SimulatorControlError) -> Window? {
        shellRegistry.window(under: try globalPoint(location))
    }

    /// Moves the pointer; the window under it gets enter/motion, the one it
    /// left gets leave, and a window a client is moving follows.
    public func movePointer(to location: InputLocation) throws(SimulatorControlError) {
        try inputCommands.movePointer(to: location)
    }

    /// Presses `button` where the pointer is (the window under it gets the button event).
    public func pressPointerButton(_ button: PointerButton = .left) { inputCommands.pressPointerButton(button) }

    /// Releases `button`; the window that got the press gets the release.
    public func releasePointerButton(_ button: PointerButton = .left) { inputCommands.releasePointerButton(button) }

    /// Presses and releases `button` where the pointer is.
    public func clickPointer(_ button: PointerButton = .left) { inputCommands.clickPointer(button) }

    /// Scrolls the window under the pointer by `dx`, `dy` logical points (positive: right, down).
    public func scrollPointer(dx: Int, dy: Int) { inputCommands.scrollPointer(dx: dx, dy: dy) }

    /// Puts touch point `id` down on the window under `location`.
    public func touchDown(id: Int, at location: InputLocation) throws(SimulatorControlError) {
        try inputCommands.touchDown(id: id, at: location)
    }

    /// Moves touch point `id`, which stays with the window it went down on.
    public func touchMove(id: Int, to location: InputLocation) throws(SimulatorControlError) {
        try inputCommands.touchMove(id: id, to: location)
    }

    /// Lifts touch point `id`.
    public func touchUp(id: Int) throws(SimulatorControlError) { try inputCommands.touchUp(id: id) }

    /// Cancels every touch that is down (`wl_touch.cancel`).
    public func cancelTouches() { inputCommands.cancelTouches() }
}

// MARK: Screenshots (``ScreenshotTaker``) and clients' backlogs (``ClientBacklogMonitor``)

extension Simulator {
    /// What `name` shows now, at the display's scale; see ``ScreenshotOrientation``.
    public func screenshot(
        ofDisplay name: String, orientation: ScreenshotOrientation = .upright
    ) throws(SimulatorControlError) -> Screenshot {
        try screenshots.screenshot(ofDisplay: name, orientation: orientation)
    }

    /// The whole layout in one picture at `scale` pixels per point (default 1).
    ///
    /// - Throws: ``SimulatorControlError/noDisplay`` when every display is
    ///   unplugged; ``SimulatorControlError/screenshotTooLarge(_:limit:)``
    ///   beyond ``SimulatorLimits/maximumScreenshotPixels``.
    public func layoutScreenshot(scale: Scale = .one) throws(SimulatorControlError) -> Screenshot {
        try screenshots.layoutScreenshot(scale: scale)
    }

    /// Whether the window's frame shows crisp on its display: each buffer
    /// pixel one display pixel, in its own colour (``FrameCrispness``).
    public func frameCrispness(ofWindow selector: WindowSelector) throws(SimulatorControlError) -> FrameCrispness {
        try screenshots.crispness(of: window(selector))
    }

    /// Sends every queued event, then lists the clients still behind on
    /// reading them, leaving out those a control request already gave up
    /// waiting for (``ClientBacklogMonitor/stopWaiting(for:)``) until they catch up.
    ///
    /// - Parameter only: when given, look only at these clients.
    package func flushAndFindBackloggedClients(only: Set<UInt32>? = nil) -> [ClientBacklog] {
        flushClients()
        return clientBacklog.find(only: only)
    }

    /// True once none of `clients` is behind (after sending every queued
    /// event); nil while some are, after asking the event loop to say when
    /// their sockets drain, which wakes the waiters.
    func caughtUp(_ clients: Set<UInt32>) -> Bool? {
        let behind = Set(flushAndFindBackloggedClients(only: clients).map(\.client))
        if behind.isEmpty { return true }
        clientBacklog.watchForDrain(of: behind)
        return nil
    }
}

import DioramaControlProtocol
import DioramaModel
import WaylandServer

// Window commands for tests now and for `diorama ctl` and scenarios later.
// Each command changes the window's state, sends the protocol events the
// change causes (in the order Docs/simulator.md gives) and returns; the
// client's answer arrives on later dispatches. `isSettled` tells when it has.

extension Simulator {
    /// The one window `selector` matches. Windows whose surface the client
    /// destroyed are never chosen: selecting only such a window is
    /// ``SimulatorControlError/windowGone(_:)``, so a command cannot report
    /// success on a window nothing shows.
    public func window(_ selector: WindowSelector) throws(SimulatorControlError) -> Window {
        let matches = windows.filter { selector.matches($0) }
        let live = matches.filter { !$0.isSurfaceDestroyed }
        guard let first = live.first else {
            if let gone = matches.first { throw .windowGone(gone.id) }
            throw .noSuchWindow(selector)
        }
        guard live.count == 1 else { throw .ambiguousWindow(selector, matches: live.map(\.id)) }
        return first
    }

    private func mappedWindow(_ selector: WindowSelector) throws(SimulatorControlError) -> Window {
        let window = try window(selector)
        guard window.isMapped else { throw .windowNotMapped(window.id) }
        return window
    }

    /// Moves the window's top-left (window geometry) to a global logical
    /// position. A maximized or fullscreen window is restored first, as
    /// dragging one out does on a desktop.
    public func moveWindow(_ selector: WindowSelector, to position: Point) throws(SimulatorControlError) {
        place(try window(selector), at: position)
    }

    /// Puts the window's top-left at `position`, restoring it from maximized
    /// or fullscreen first; enter/leave and the preferred scale follow. The
    /// one path for scripted moves and for a user's drag (``pointerMoved(to:)``).
    func place(_ window: Window, at position: Point) {
        if window.states.contains(.fullscreen) { setFullscreen(window, on: nil, enable: false) }
        if window.states.contains(.maximized) { setMaximized(window, false) }
        window.position = position
        if window.isMapped { windowFrameChanged(window) } else { updateOutputs(of: window) }
    }

    /// Moves the window onto another display, keeping its offset from the
    /// usable area's corner (clamped so its corner stays inside the target's
    /// usable area). A maximized or fullscreen window stays so on the target,
    /// with a configure for the target's size.
    ///
    /// Under a profile where moved windows do not keep focus (sway's `move
    /// container to output`), a focused window moved to another display
    /// loses `activated` and the keyboard, and focus stays on the display it
    /// left. A tiled window fills the target's usable area; its configure
    /// goes out before leave/enter, as sway shows the window on its new
    /// output only once the client answered. A floating window moves at once
    /// (leave/enter), then gets the configure without `activated`.
    public func moveWindow(_ selector: WindowSelector, toDisplay name: String) throws(SimulatorControlError) {
        let window = try window(selector)
        let target = try displayArrangement.requireDisplay(name)
        let source = window.homeDisplayName
        relocate(window, from: displayArrangement.lastKnownDisplay(named: source), to: target)
        let losesFocus = !profile.movedWindowKeepsFocus && focusedWindow === window && target.name != source
        if losesFocus {
            window.states.remove(.activated)
            shellRegistry.focusedWindow = nil
            displayArrangement.lastFocusedDisplayName = source
            keyboardFocusChanged(from: window, to: nil)
            trace.record(.focus(window: nil))
        }
        let tiled = window.states.contains(.tiled)
        if tiled { sendConfigure(window) }
        if window.isMapped && window.frame != window.lastTracedFrame { windowFrameChanged(window) } else { updateOutputs(of: window) }
        if !tiled && (losesFocus || window.states.contains(.maximized) || window.states.contains(.fullscreen)) {
            sendConfigure(window)
        }
    }

    /// Puts the window from `source` onto `target` (shared by moves, plugging
    /// and unplugging). With no `source` (a window whose last display is
    /// unknown) a floating window is cascaded on `target`.
    func relocate(_ window: Window, from source: Display?, to target: Display) {
        window.homeDisplayName = target.name
        if window.states.contains(.fullscreen) {
            window.fullscreenDisplayName = target.name
            window.position = target.logicalRect.origin
        } else if window.states.contains(.maximized) || window.states.contains(.tiled) {
            window.position = target.usableArea.origin
        } else if let source {
            let area = target.usableArea
            let offset = Point(x: window.position.x - source.usableArea.minX, y: window.position.y - source.usableArea.minY)
            window.position = Point(
                x: area.minX + min(max(0, offset.x), max(0, area.width - 1)),
                y: area.minY + min(max(0, offset.y), max(0, area.height - 1)))
        } else {
            window.position = shellRegistry.cascadePosition(on: target)
        }
        if let saved = window.savedFloatingFrame {
            let area = target.usableArea
            window.savedFloatingFrame = Rect(origin: Point(x: area.minX + 32, y: area.minY + 32), size: saved.size)
        }
    }

    /// Asks the window to take a size (clamped to its hints unless the
    /// profile only honours them interactively).
    public func resizeWindow(_ selector: WindowSelector, to size: Size) throws(SimulatorControlError) {
        let window = try window(selector)
        window.requestedSize = size
        sendConfigure(window)
    }

    /// Resizes as a user dragging the corner would: `steps` configures with
    /// the `resizing` state at sizes from the current to `size`, each sent
    /// after the client acknowledged and committed the one before, then a
    /// final configure without `resizing`.
    public func resizeWindowInteractively(_ selector: WindowSelector, to size: Size, steps: Int) throws(SimulatorControlError) {
        let window = try mappedWindow(selector)
        beginInteractiveResize(window, to: size, steps: steps)
    }

    /// Gives the window focus (keyboard and `activated`), restoring it if minimized.
    public func focusWindow(_ selector: WindowSelector) throws(SimulatorControlError) {
        let window = try window(selector)
        if window.isMinimized { setMinimized(window, false) } else { focus(window) }
    }

    public func maximizeWindow(_ selector: WindowSelector, _ maximized: Bool = true) throws(SimulatorControlError) {
        setMaximized(try window(selector), maximized)
    }

    /// Makes the window fullscreen on a display (its home display when nil), or ends fullscreen.
    public func fullscreenWindow(
        _ selector: WindowSelector, on displayName: String? = nil,
        _ fullscreen: Bool = true
    ) throws(SimulatorControlError) {
        let window = try window(selector)
        let target = try displayName.map { name throws(SimulatorControlError) in try displayArrangement.requireDisplay(name) }
        setFullscreen(window, on: target, enable: fullscreen)
    }

    /// Sets which edges the window is tiled against (a subset of
    /// ``ToplevelStates/tiled``; empty to untile) and sends a configure. Tiled
    /// states need xdg_toplevel version 2; older clients are configured
    /// without them.
    public func tileWindow(_ selector: WindowSelector, edges: ToplevelStates) throws(SimulatorControlError) {
        let window = try window(selector)
        window.states = window.states.subtracting(.tiled).union(edges.intersection(.tiled))
        sendConfigure(window)
    }

    public func minimizeWindow(_ selector: WindowSelector, _ minimized: Bool = true) throws(SimulatorControlError) {
        setMinimized(try window(selector), minimized)
    }

    /// Sends `xdg_toplevel.close`: a request to close, which the client may ignore.
    public func closeWindow(_ selector: WindowSelector) throws(SimulatorControlError) {
        let window = try window(selector)
        guard window.toplevel.isAlive else { return }
        window.toplevel.sendClose()
        trace.record(.closeSent(window: window.id))
    }

    /// Types `text` into the window with the simulator's us keymap, focusing it first.
    public func typeText(_ text: String, into selector: WindowSelector) throws(SimulatorControlError) {
        let window = try mappedWindow(selector)
        guard let model = keyboard else { throw .noKeymap }
        var strokes: [KeyboardModel.Keystroke] = []
        for character in text {
            guard character.unicodeScalars.count == 1, let stroke = model.keystroke(for: character.unicodeScalars.first!) else {
                throw .untypable(character)
            }
            strokes.append(stroke)
        }
        if focusedWindow !== window { try focusWindow(selector) }
        sendKeystrokes(strokes, to: window)
        trace.record(.keyboardInput(window: window.id, keys: text))
    }

    /// Presses and releases named keys (xkb keysym names: `Return`, `Escape`, `F1`).
    public func pressKeys(_ names: [String], in selector: WindowSelector) throws(SimulatorControlError) {
        let window = try mappedWindow(selector)
        guard let model = keyboard else { throw .noKeymap }
        var strokes: [KeyboardModel.Keystroke] = []
        for name in names {
            guard let stroke = model.keystroke(named: name) else { throw .unknownKeyName(name) }
            strokes.append(stroke)
        }
        if focusedWindow !== window { try focusWindow(selector) }
        sendKeystrokes(strokes, to: window)
        trace.record(.keyboardInput(window: window.id, keys: names.map { "<\($0)>" }.joined()))
    }

    /// Whether the window has answered every configure with an ack and a commit.
    public func isSettled(_ selector: WindowSelector) throws(SimulatorControlError) -> Bool {
        try window(selector).isSettled
    }
}

import DioramaControlProtocol
import DioramaModel
import WaylandServer

/// The window policy: where a window opens, when it maps, which size and
/// states each configure asks for, focus, stacking, maximize, fullscreen,
/// minimize, moves between displays and interactive resizes, each following
/// the profile's rules (the strategies in `WindowRules.swift`).
///
/// ``XdgShellServer`` calls it when a client did something a policy answers
/// (a new toplevel, a commit, set_maximized, a destroyed surface), and
/// ``WindowCommands`` when a script did; it sends configures through the
/// server, and tells the output server (enter/leave, preferred scale), the
/// seat (keyboard focus, grabs) and the frame scheduler what changed.
/// The state it decides on is kept in ``ShellRegistry`` and on each
/// ``Window``.
final class WindowManager {
    let registry: ShellRegistry
    let outputs: OutputServer
    let seat: SeatServer
    let frameScheduler: FrameScheduler
    let clients: ClientRegistry
    let trace: Trace
    let profile: CompositorProfile
    /// Sends the configures this policy decides on. The ``Simulator`` owns
    /// both and wires them right after it made them.
    weak var shell: XdgShellServer!

    init(
        registry: ShellRegistry, outputs: OutputServer, seat: SeatServer, frameScheduler: FrameScheduler,
        clients: ClientRegistry, trace: Trace, profile: CompositorProfile
    ) {
        self.registry = registry
        self.outputs = outputs
        self.seat = seat
        self.frameScheduler = frameScheduler
        self.clients = clients
        self.trace = trace
        self.profile = profile
    }

    /// The displays, plugged and unplugged (the output server's).
    var displays: DisplayArrangement { outputs.arrangement }

    var focusedWindow: Window? { registry.focusedWindow }

    // MARK: A new window

    /// The name of the display a new window opens on, by the profile: the
    /// default display, the one focus is on (sway's focused output), or the
    /// one under the pointer (Mutter's current monitor).
    var newWindowDisplayName: String {
        let pointer = seat.pointerDevice.position
        return profile.newWindowDisplay.displayName(
            default: displays.defaultDisplayName,
            focused: focusedWindow?.homeDisplayName ?? displays.lastFocusedDisplayName,
            underPointer: displays.plugged.first { $0.logicalRect.contains(pointer) }?.name,
            exists: { self.displays.display(named: $0) != nil })
    }

    /// Where a new toplevel goes: its home display and, cascading, its
    /// position there. With no display plugged, where it would have gone on
    /// the default display before it was unplugged (or a fixed corner); it
    /// is on no display until one is plugged (`Simulator.plugDisplay(_:)` moves it).
    func placeForNewWindow() -> (displayName: String, position: Point) {
        let homeName = newWindowDisplayName
        let placement = displays.lastKnownDisplay(named: homeName)
        return (homeName, placement.map { registry.cascadePosition(on: $0) } ?? Point(x: 32, y: 32))
    }

    /// A toplevel was created and traced. It has no size yet, so it overlaps
    /// nothing; its preferred scale is its home display's until it maps.
    func windowCreated(_ window: Window) {
        if let home = displays.display(named: window.homeDisplayName) ?? displays.defaultDisplay {
            outputs.preferredScaleChanged(window, to: home.scale)
        }
    }

    // MARK: Configures

    /// The size the simulator wants the window to have now, before min/max clamping:
    /// fullscreen → its display's full logical size; maximized or tiled → its
    /// home display's usable area (half-tiled: its half); otherwise the size a script asked for, else
    /// the current size once it has a buffer, else 0x0 ("you choose", the
    /// initial configure). Under the `configure-zero-size` variation a
    /// floating window is never told its current size: 0x0 instead.
    func intendedSize(of window: Window) -> Size {
        if window.states.contains(.fullscreen),
            let display = window.fullscreenDisplayName.flatMap(displays.display(named:))
                ?? displays.display(named: window.homeDisplayName)
        {
            return display.logicalRect.size
        }
        if let display = displays.display(named: window.homeDisplayName),
            let tile = profile.tileFrame(of: window, in: display.usableArea)
        {
            return tile.size
        }
        if let requested = window.requestedSize { return requested }
        let hasSize = window.isMapped || window.surface?.hasContent == true
        return hasSize && !profile.configuresFloatingSizeAsZero ? window.size : .zero
    }

    /// Clamps a configured size into the window's min/max hints, per side.
    ///
    /// A zero side means "client chooses" and stays zero. When the profile
    /// honours hints only in interactive resizes (sway 1.7), other configures
    /// pass unclamped. A display smaller than the minimum still gets the
    /// minimum: the window is configured larger than the display and overflows
    /// it, rather than being asked for a size it said it cannot draw.
    func clampToHints(_ size: Size, of window: Window, interactive: Bool) -> Size {
        guard profile.sizeHintsPolicy.clamps(interactive: interactive) else { return size }
        func clamp(_ value: Int, _ minimum: Int, _ maximum: Int) -> Int {
            guard value > 0 else { return value }
            var result = value
            if maximum > 0 { result = min(result, maximum) }
            return max(result, minimum)
        }
        return Size(
            width: clamp(size.width, window.minimumSize.width, window.maximumSize.width),
            height: clamp(size.height, window.minimumSize.height, window.maximumSize.height))
    }

    /// Sends one configure sequence for the window's current intended state
    /// (see ``XdgShellServer/sendToplevelConfigure(_:size:states:bounds:repeatingBounds:initial:)``
    /// for what it holds). Nothing is sent before the initial configure:
    /// state requested earlier (a set_maximized before the first commit)
    /// goes into that one.
    ///
    /// - Parameters:
    ///   - size: overrides the intended size (interactive resize steps).
    ///   - extraStates: added to the window's states for this configure only (`resizing`).
    /// - Returns: the configure's serial, or nil when none was sent.
    @discardableResult
    func sendConfigure(
        _ window: Window, initial: Bool = false, size: Size? = nil,
        extraStates: ToplevelStates = [], interactive: Bool = false
    ) -> UInt32? {
        let intended = size ?? intendedSize(of: window)
        // KWin tells a half-tiled window its half even below its minimum size.
        let keepsHalf = size == nil && window.halfTile != nil && !profile.halfTileMinimumSize.clampsConfigure
        let configuredSize = keepsHalf ? intended : clampToHints(intended, of: window, interactive: interactive)
        // What the client is told: the states its xdg_wm_base version can
        // carry (the trace records these, not the window's own).
        let states = profile.tiledStatesForV1Clients.statesToSend(
            profile.statesOfMaximized.told(window.states.union(extraStates)), version: window.toplevel.version)
        if profile.mergesRepeatedConfigures, !initial, let last = window.lastConfigure,
            window.shellSurface.pendingSerials.contains(last.serial), last.size == configuredSize, last.states == states
        {
            return last.serial
        }
        let rule = profile.windowsOnResizedDisplay
        let bounds =
            initial || rule.boundsFollowDisplay
            ? displays.display(named: window.homeDisplayName).map {
                profile.configureBounds(forUsableArea: $0.usableArea.size, minimumSize: window.minimumSize)
            } : nil
        return shell.sendToplevelConfigure(
            window, size: configuredSize, states: states, bounds: bounds, repeatingBounds: rule.boundsInEveryConfigure,
            initial: initial)
    }

    // MARK: Interactive resize

    /// Starts a scripted interactive resize from the window's size to
    /// `target` in `steps` configures with `resizing`, then one without.
    func beginInteractiveResize(_ window: Window, to target: Size, steps: Int) {
        let start = window.size
        let count = max(1, steps)
        let sizes = (1...count).map { step in
            Size(
                width: start.width + (target.width - start.width) * step / count,
                height: start.height + (target.height - start.height) * step / count)
        }
        window.interactiveResize = InteractiveResize(steps: sizes, finalSize: target)
        sendNextInteractiveResizeStep(window)
    }

    /// After a commit: when the client has acknowledged the last step (its
    /// serial is no longer pending) and committed, the next step goes out.
    private func advanceInteractiveResize(_ window: Window) {
        guard let resize = window.interactiveResize, let awaiting = resize.awaitingSerial,
            !window.shellSurface.pendingSerials.contains(awaiting), window.committedSinceAck
        else { return }
        sendNextInteractiveResizeStep(window)
    }

    private func sendNextInteractiveResizeStep(_ window: Window) {
        guard var resize = window.interactiveResize else { return }
        if resize.nextStep < resize.steps.count {
            let size = resize.steps[resize.nextStep]
            resize.nextStep += 1
            resize.awaitingSerial = sendConfigure(window, size: size, extraStates: .resizing, interactive: true)
            window.interactiveResize = resize
        } else {
            window.interactiveResize = nil
            window.requestedSize = clampToHints(resize.finalSize, of: window, interactive: true)
            sendConfigure(window, size: resize.finalSize, interactive: true)
        }
    }

    // MARK: Life cycle

    /// A toplevel's surface committed (its size hints already applied by the
    /// server). In order:
    /// 1. a null buffer unmaps the window;
    /// 2. the first commit gets the initial configure;
    /// 3. the first buffer after an ack maps the window (placed, entered,
    ///    focused) — under sway's profiles it first gets a configure (tiled,
    ///    activated) and maps on the commit after the client acknowledged it;
    /// 4. a mapped window whose size changed is re-checked against the displays;
    /// 5. an interactive resize sends its next step once this commit answered the last.
    func windowCommitted(_ window: Window, nullAttach: Bool) {
        let shell = window.shellSurface
        if nullAttach {
            if window.isMapped { unmap(window) }
            return
        }
        if !shell.initialConfigureSent {
            shell.initialConfigureSent = true
            sendConfigure(window, initial: true)
            return
        }
        guard let surface = window.surface, surface.hasContent else { return }
        if !window.isMapped {
            if awaitsMapConfigure(window) { return }
            map(window)
        } else {
            moveRestoredWindowOnceAnswered(window)
            if window.frame != window.lastTracedFrame { windowFrameChanged(window) }
        }
        advanceInteractiveResize(window)
    }

    /// A restored window waiting for its size goes back to its saved place
    /// on the first commit after the client acknowledged every configure sent.
    private func moveRestoredWindowOnceAnswered(_ window: Window) {
        guard let position = window.restoredPositionAwaitingSize, window.shellSurface.pendingSerials.isEmpty else { return }
        window.position = position
        window.restoredPositionAwaitingSize = nil
    }

    /// Whether a window about to map must first get its map configure, or is
    /// still waiting for the client to answer it (profiles whose map waits
    /// for the client, `mapWaitsForClient`: sway).
    ///
    /// sway answers a window's first buffer with a configure — `activated`,
    /// and when tiling the whole usable area with the four `tiled_*` states —
    /// and shows the window (enter, frames) only after the client
    /// acknowledged that configure and committed again: its transaction
    /// waits for the client. A window the client made fullscreen before
    /// mapping is not tiled.
    private func awaitsMapConfigure(_ window: Window) -> Bool {
        guard profile.mapWaitsForClient else { return false }
        if let serial = window.mapConfigureSerial { return window.shellSurface.pendingSerials.contains(serial) }
        if profile.windowPlacement.tilesOnMap && !window.states.contains(.fullscreen) {
            window.states.formUnion(.tiled)
            if let home = displays.display(named: window.homeDisplayName) { window.position = home.usableArea.origin }
        }
        if focusedWindow === window { sendConfigure(window) } else { focus(window) }
        window.mapConfigureSerial = window.lastConfigure?.serial
        return window.mapConfigureSerial != nil
    }

    /// The first buffer arrived after an acknowledged configure: the window
    /// appears where it was placed, enters its displays and takes focus
    /// (focus follows the last mapped window), or takes focus first and then
    /// enters, as the profile's compositor orders them.
    private func map(_ window: Window) {
        placeOnMap(window)
        window.isMapped = true
        registry.putOnTop(window)
        window.lastTracedFrame = window.frame
        trace.record(.windowMapped(window: window.id, frame: window.frame))
        let activatedFirst = profile.mappedWindowActivatedBeforeEnter
        if activatedFirst { focus(window) }
        outputs.updateOutputs(of: window)
        judgeFirstFrame(of: window)
        if !activatedFirst { focus(window) }
    }

    /// Where a floating window goes once its size is known, by the profile's
    /// placement (KWin centres it, Mutter takes its first fit); windows the profile placed at creation,
    /// maximized, fullscreen and tiled ones stay where they are.
    private func placeOnMap(_ window: Window) {
        guard window.isFloating,
            let home = displays.display(named: window.homeDisplayName),
            let position = profile.windowPlacement.positionOnMap(
                size: window.size, in: home.usableArea,
                others: registry.stackingOrder.filter { $0 !== window && $0.isMapped && $0.homeDisplayName == home.name }.map(\.frame),
                occupied: { point in
                    self.registry.stackingOrder.contains { $0.homeDisplayName == home.name && $0.position == point }
                })
        else { return }
        window.position = position
    }

    /// Right after the window entered the displays it landed on: its first
    /// frame (the commit that mapped it) was judged when it arrived against
    /// what the surface had been told before it was anywhere — nothing, for
    /// a client without fractional-scale-v1 or wl_surface v6, or a scale of
    /// another display. A first frame drawn for a scale other than the one
    /// in effect where the window appears is what the user sees first, so it
    /// is stale too: traced as `first_frame_stale` unless the commit already was.
    private func judgeFirstFrame(of window: Window) {
        guard let surface = window.surface, let commit = window.lastCommit, !commit.staleScale,
            !window.isDrawnForScaleInEffect, let expected = surface.scaleInEffect.expected
        else { return }
        trace.record(.firstFrameStale(window: window.id, surface: surface.id, scale120: expected.numerator120))
    }

    /// A null buffer was committed: the window disappears from every display
    /// and starts over (its next commit gets a new initial configure).
    func unmap(_ window: Window) {
        windowLeftScreen(window)
        takeOffScreen(window)
        window.shellSurface.resetForRemap()
        window.lastConfigure = nil
        window.lastBoundsSent = nil
        window.interactiveResize = nil
        window.mapConfigureSerial = nil
        window.states.subtract(.tiled)
        if focusedWindow === window { focusNextWindow(after: window) }
    }

    /// A mapped window stops showing: off the stack, traced, its surfaces leave.
    private func takeOffScreen(_ window: Window) {
        window.isMapped = false
        registry.removeFromStack(window)
        trace.record(.windowUnmapped(window: window.id))
        outputs.updateOutputs(of: window)
    }

    /// The window's frame moved or resized: trace it, then enter/leave and
    /// the preferred scale follow.
    func windowFrameChanged(_ window: Window) {
        window.lastTracedFrame = window.frame
        trace.record(.windowMoved(window: window.id, frame: window.frame))
        outputs.updateOutputs(of: window)
    }

    /// The window's wl_surface was destroyed before its xdg_toplevel (a
    /// client bug the wayland.xml of this libwayland has no error for): it
    /// can never show again, so it unmaps now and stays unselectable until
    /// its toplevel goes.
    ///
    /// When the whole client is going away, its toplevel follows at once
    /// and ``windowDestroyed(_:)`` does the work.
    func windowSurfaceDestroyed(_ window: Window) {
        window.isSurfaceDestroyed = true
        guard clients.record(window.toplevel.client) != nil else { return }
        if window.isMapped { unmap(window) } else { windowLeftScreen(window) }
    }

    /// The toplevel was destroyed (request or disconnect).
    func windowDestroyed(_ window: Window) {
        windowLeftScreen(window)
        if window.isMapped { takeOffScreen(window) }
        trace.record(.windowDestroyed(window: window.id))
        registry.remove(window)
        window.shellSurface.window = nil
        if window.surface?.window === window { window.surface?.window = nil }
        if focusedWindow === window { focusNextWindow(after: window) }
    }

    /// The window unmapped or its toplevel went away: its popups are
    /// dismissed, and windows it parented (`set_parent`) take its own parent.
    /// Nothing to tell a client that is disconnecting: all of its objects
    /// are being destroyed.
    private func windowLeftScreen(_ window: Window) {
        seat.pointerWindowGone(window)
        seat.touchWindowGone(window)
        guard clients.record(window.toplevel.client) != nil else { return }
        shell.dismissPopups(of: window)
        for child in registry.windows where child.parent === window { child.parent = window.parent }
    }

    /// The area a popup of `window` is kept inside: the logical rectangle of
    /// the display the window is on (the whole display, usable-area insets
    /// included, as sway does: a menu may cover a panel); nil while that
    /// display is unplugged.
    func popupConstraintArea(of window: Window) -> Rect? {
        displays.display(named: window.homeDisplayName).flatMap { $0.isPlugged ? $0.logicalRect : nil }
    }
}

extension WindowManager: WindowOperations {
    /// The one window `selector` matches. Windows whose surface the client
    /// destroyed are never chosen: selecting only such a window is
    /// ``SimulatorControlError/windowGone(_:)``, so a command cannot report
    /// success on a window nothing shows.
    func window(_ selector: WindowSelector) throws(SimulatorControlError) -> Window {
        let matches = registry.windows.filter { selector.matches($0) }
        let live = matches.filter { !$0.isSurfaceDestroyed }
        guard let first = live.first else {
            if let gone = matches.first { throw .windowGone(gone.id) }
            throw .noSuchWindow(selector)
        }
        guard live.count == 1 else { throw .ambiguousWindow(selector, matches: live.map(\.id)) }
        return first
    }

    /// The window moved, resized or its display changed: its reactive
    /// popups are placed again (by the server, which owns them).
    func reconstrainReactivePopups(of window: Window) { shell.reconstrainReactivePopups(of: window) }
    func breakPopupGrab(of window: Window) { shell.breakPopupGrab(of: window) }
}

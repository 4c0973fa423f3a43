import DioramaModel
import WaylandCommon
import WaylandServer

extension Simulator {
    /// The size the simulator wants the window to have now, before min/max clamping:
    /// fullscreen → its display's full logical size; maximized or tiled → its
    /// home display's usable area; otherwise the size a script asked for, else
    /// the current size once it has a buffer, else 0x0 ("you choose", the
    /// initial configure).
    func intendedSize(of window: Window) -> Size {
        if window.states.contains(.fullscreen),
            let display = window.fullscreenDisplayName.flatMap(display(named:)) ?? display(named: window.homeDisplayName)
        {
            return display.logicalRect.size
        }
        if window.states.contains(.maximized) || window.states.contains(.tiled),
            let display = display(named: window.homeDisplayName)
        {
            return display.usableArea.size
        }
        if let requested = window.requestedSize { return requested }
        return window.isMapped || window.surface?.hasContent == true ? window.size : .zero
    }

    /// Clamps a configured size into the window's min/max hints, per side.
    ///
    /// A zero side means "client chooses" and stays zero. When the profile
    /// honours hints only in interactive resizes (sway 1.7), other configures
    /// pass unclamped. A display smaller than the minimum still gets the
    /// minimum: the window is configured larger than the display and overflows
    /// it, rather than being asked for a size it said it cannot draw.
    func clampToHints(_ size: Size, of window: Window, interactive: Bool) -> Size {
        guard profile.sizeHintsPolicy == .always || interactive else { return size }
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

    /// Sends one configure sequence for the window's current intended state:
    /// `configure_bounds` (v4+, when changed or initial), `wm_capabilities`
    /// (v5+, initial only), `xdg_toplevel.configure`, the decoration mode
    /// (when the client asked for one), `xdg_surface.configure`.
    ///
    /// Nothing is sent before the initial configure: state requested earlier
    /// (a set_maximized before the first commit) goes into that one.
    ///
    /// - Parameters:
    ///   - size: overrides the intended size (interactive resize steps).
    ///   - extraStates: added to the window's states for this configure only (`resizing`).
    @discardableResult
    func sendConfigure(
        _ window: Window, initial: Bool = false, size: Size? = nil,
        extraStates: ToplevelStates = [], interactive: Bool = false
    ) -> UInt32? {
        guard initial || window.shellSurface.initialConfigureSent, window.toplevel.isAlive else { return nil }
        let toplevel = window.toplevel
        let configuredSize = clampToHints(size ?? intendedSize(of: window), of: window, interactive: interactive)
        // What the client is told: the states its xdg_wm_base version can
        // carry (the trace records these, not the window's own).
        let states = profile.tiledStatesForV1Clients.statesToSend(
            window.states.union(extraStates), version: toplevel.version)
        var boundsSent: Size?
        if toplevel.version >= 4, let home = display(named: window.homeDisplayName) {
            let bounds = home.usableArea.size
            if initial || bounds != window.lastBoundsSent {
                toplevel.sendConfigureBounds(width: Int32(clamping: bounds.width), height: Int32(clamping: bounds.height))
                window.lastBoundsSent = bounds
                boundsSent = bounds
            }
        }
        if initial && toplevel.version >= 5 {
            let capabilities: [XdgToplevel.WmCapabilities] = [.maximize, .fullscreen, .minimize]
            toplevel.sendWmCapabilities(capabilities: WireArray.pack(capabilities.map(\.rawValue)))
        }
        toplevel.sendConfigure(
            width: Int32(clamping: configuredSize.width), height: Int32(clamping: configuredSize.height),
            states: states.wireArray(version: toplevel.version))
        sendDecorationModeIfRequested(window)
        let serial = nextSerial()
        window.shellSurface.resource.sendConfigure(serial: serial)
        window.shellSurface.configureSent(serial: serial)
        let fact = ConfigureFact(window: window.id, serial: serial, size: configuredSize, states: states, bounds: boundsSent)
        window.lastConfigure = fact
        trace.record(.configureSent(fact))
        return serial
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
    func advanceInteractiveResize(_ window: Window) {
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
}

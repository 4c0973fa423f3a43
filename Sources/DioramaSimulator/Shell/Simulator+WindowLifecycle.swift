import DioramaModel
import WaylandServer

extension Simulator {
    /// The name of the display a new window opens on, by the profile: the
    /// default display, or the one focus is on (sway's focused output).
    var newWindowDisplayName: String {
        switch profile.newWindowDisplay {
        case .defaultDisplay: return defaultDisplayName
        case .focusedDisplay:
            let focused = focusedWindow?.homeDisplayName ?? displayArrangement.lastFocusedDisplayName
            return focused.flatMap { display(named: $0) }?.name ?? defaultDisplayName
        }
    }

    /// A toplevel's surface committed. In order:
    /// 1. committed min/max hints are applied (and traced when they change);
    /// 2. a null buffer unmaps the window;
    /// 3. the first commit gets the initial configure;
    /// 4. the first buffer after an ack maps the window (placed, entered,
    ///    focused) — under sway's profiles it first gets a configure (tiled,
    ///    activated) and maps on the commit after the client acknowledged it;
    /// 5. a mapped window whose size changed is re-checked against the displays;
    /// 6. an interactive resize sends its next step once this commit answered the last.
    func windowCommitted(_ window: Window, nullAttach: Bool) {
        applySizeHints(window)
        let shell = window.shellSurface
        if shell.lastAckedSerial != nil { window.committedSinceAck = true }
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
        } else if window.frame != window.lastTracedFrame {
            windowFrameChanged(window)
        }
        advanceInteractiveResize(window)
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
        if profile.windowPlacement == .tiled && !window.states.contains(.fullscreen) {
            window.states.formUnion(.tiled)
            if let home = display(named: window.homeDisplayName) { window.position = home.usableArea.origin }
        }
        if focusedWindow === window { sendConfigure(window) } else { focus(window) }
        window.mapConfigureSerial = window.lastConfigure?.serial
        return window.mapConfigureSerial != nil
    }

    /// The first buffer arrived after an acknowledged configure: the window
    /// appears where it was placed, enters its displays and takes focus
    /// (focus follows the last mapped window).
    private func map(_ window: Window) {
        window.isMapped = true
        shellRegistry.putOnTop(window)
        window.lastTracedFrame = window.frame
        trace.record(.windowMapped(window: window.id, frame: window.frame))
        updateOutputs(of: window)
        focus(window)
    }

    /// A null buffer was committed: the window disappears from every display
    /// and starts over (its next commit gets a new initial configure).
    func unmap(_ window: Window) {
        windowLeftScreen(window)
        window.isMapped = false
        shellRegistry.removeFromStack(window)
        trace.record(.windowUnmapped(window: window.id))
        updateOutputs(of: window)
        window.shellSurface.resetForRemap()
        window.lastConfigure = nil
        window.lastBoundsSent = nil
        window.interactiveResize = nil
        window.mapConfigureSerial = nil
        window.states.subtract(.tiled)
        if focusedWindow === window { focusNextWindow(after: window) }
    }

    /// The window's frame moved or resized: trace it, then enter/leave and
    /// the preferred scale follow.
    func windowFrameChanged(_ window: Window) {
        window.lastTracedFrame = window.frame
        trace.record(.windowMoved(window: window.id, frame: window.frame))
        updateOutputs(of: window)
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
        guard clientRegistry.record(window.toplevel.client) != nil else { return }
        if window.isMapped { unmap(window) } else { windowLeftScreen(window) }
    }

    /// The toplevel was destroyed (request or disconnect).
    func windowDestroyed(_ window: Window) {
        windowLeftScreen(window)
        if window.isMapped {
            window.isMapped = false
            shellRegistry.removeFromStack(window)
            trace.record(.windowUnmapped(window: window.id))
            updateOutputs(of: window)
        }
        trace.record(.windowDestroyed(window: window.id))
        shellRegistry.remove(window)
        window.shellSurface.window = nil
        if window.surface?.window === window { window.surface?.window = nil }
        if focusedWindow === window { focusNextWindow(after: window) }
    }

    /// The window unmapped or its toplevel went away: its popups are
    /// dismissed, and windows it parented (`set_parent`) take its own parent.
    /// Nothing to tell a client that is disconnecting: all of its objects
    /// are being destroyed.
    private func windowLeftScreen(_ window: Window) {
        pointerWindowGone(window)
        touchWindowGone(window)
        guard clientRegistry.record(window.toplevel.client) != nil else { return }
        dismissPopups(of: window)
        for child in windows where child.parent === window { child.parent = window.parent }
    }
}

import DioramaModel
import WaylandServer

extension Simulator {
    /// Maximizes (or restores) a window on its home display. Whether the
    /// client asked (set_maximized) or a script did, the window's frame is
    /// saved, it moves to the usable area's corner at once, and the configure
    /// asks for the usable area's size; restoring puts the saved frame back.
    func setMaximized(_ window: Window, _ maximized: Bool) {
        guard maximized != window.states.contains(.maximized) else {
            // The spec asks for a configure even when nothing changes.
            sendConfigure(window)
            return
        }
        if maximized {
            if !window.states.contains(.fullscreen) { window.savedFloatingFrame = window.frame }
            window.states.insert(.maximized)
            if let home = display(named: window.homeDisplayName) { window.position = home.usableArea.origin }
        } else {
            window.states.remove(.maximized)
            if !window.states.contains(.fullscreen) { restoreFloatingFrame(window) }
        }
        windowStateChanged(window)
    }

    /// Makes a window fullscreen on `display` (its home display when nil), or
    /// leaves fullscreen.
    func setFullscreen(_ window: Window, on display: Display?, enable: Bool = true) {
        if enable {
            if !window.states.contains(.fullscreen) && !window.states.contains(.maximized) {
                window.savedFloatingFrame = window.frame
            }
            window.states.insert(.fullscreen)
            // With no display plugged the window is fullscreen on nothing
            // yet; plugging a display puts it there (relocate).
            if let target = display ?? self.display(named: window.homeDisplayName) ?? displayArrangement.defaultDisplay {
                window.fullscreenDisplayName = target.name
                window.homeDisplayName = target.name
                window.position = target.logicalRect.origin
                // A window made fullscreen on a display before it maps (an
                // external-display scene asks in its first commit) will appear
                // there: its first frame must be drawn for that display's scale,
                // not for the home display it was given when it was created.
                if !window.isMapped { preferredScaleChanged(window, to: target.scale) }
            }
        } else {
            guard window.states.contains(.fullscreen) else {
                sendConfigure(window)
                return
            }
            window.states.remove(.fullscreen)
            window.fullscreenDisplayName = nil
            if window.states.contains(.maximized), let home = self.display(named: window.homeDisplayName) {
                window.position = home.usableArea.origin
            } else {
                restoreFloatingFrame(window)
            }
        }
        windowStateChanged(window)
    }

    private func restoreFloatingFrame(_ window: Window) {
        guard let saved = window.savedFloatingFrame else { return }
        window.position = saved.origin
        window.requestedSize = saved.size.isEmpty ? nil : saved.size
        window.savedFloatingFrame = nil
    }

    /// After a state change moved the window: displays first, then the configure.
    private func windowStateChanged(_ window: Window) {
        if window.isMapped && window.frame != window.lastTracedFrame { windowFrameChanged(window) }
        sendConfigure(window)
    }

    /// Minimizes or restores a window. xdg-shell has no minimized state, so
    /// the client hears nothing directly: a minimized window leaves its
    /// displays, loses focus, and its frame callbacks wait until it is
    /// restored, as on a compositor that stops drawing hidden windows.
    func setMinimized(_ window: Window, _ minimized: Bool) {
        guard window.isMinimized != minimized else { return }
        window.isMinimized = minimized
        updateOutputs(of: window)
        if minimized {
            if focusedWindow === window { focusNextWindow(after: window) }
        } else {
            focus(window)
            frameScheduler.deliverDueFrames()
        }
    }

    /// Gives `window` the keyboard and the `activated` state; the previously
    /// focused window gets a configure without `activated` first.
    func focus(_ window: Window?) {
        guard focusedWindow !== window else { return }
        let previous = focusedWindow
        shellRegistry.focusedWindow = window
        if let previous {
            previous.states.remove(.activated)
            sendConfigure(previous)
        }
        keyboardFocusChanged(from: previous, to: window)
        if let window {
            displayArrangement.lastFocusedDisplayName = window.homeDisplayName
            window.states.insert(.activated)
            if window.isMapped {
                shellRegistry.putOnTop(window)
            }
            sendConfigure(window)
        }
        trace.record(.focus(window: window?.id))
    }

    /// Focus moves to the most recently created mapped, visible window other
    /// than `window`, or to nothing.
    func focusNextWindow(after window: Window) {
        let next = shellRegistry.nextFocusCandidate(after: window)
        if focusedWindow === window {
            // The old window may be gone; do not configure a dead toplevel.
            window.states.remove(.activated)
            if window.toplevel.isAlive && window.isMapped { sendConfigure(window) }
            keyboardFocusChanged(from: window, to: nil)
            shellRegistry.focusedWindow = nil
        }
        focus(next)
        if next == nil { trace.record(.focus(window: nil)) }
    }
}

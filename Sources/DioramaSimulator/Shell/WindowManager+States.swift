import DioramaModel

extension WindowManager {
    // MARK: Maximize, fullscreen, minimize

    /// Maximizes (or restores) a window on its home display. Whether the
    /// client asked (set_maximized) or a script did, the window's frame is
    /// saved, it moves to the usable area's corner at once, and the configure
    /// asks for the usable area's size; restoring puts the saved frame back.
    func setMaximized(_ window: Window, _ maximized: Bool) {
        guard maximized != window.states.contains(.maximized) else {
            answerUnchangedStateRequest(window)
            return
        }
        if maximized {
            if !window.states.contains(.fullscreen) { window.savedFloatingFrame = window.frameToSave }
            window.restoredPositionAwaitingSize = nil
            window.states.insert(.maximized)
            if let home = displays.display(named: window.homeDisplayName) { window.position = home.usableArea.origin }
        } else {
            window.states.remove(.maximized)
            if !window.states.contains(.fullscreen) { restoreFloatingFrame(window) }
        }
        windowStateChanged(window)
    }

    /// Whether the user may maximize `window` (a keybinding, a script's
    /// maximize): not, under ``CompositorProfile/maximizeNeedsRoomForMinimumSize``,
    /// when its minimum size does not fit its display's usable area.
    /// (Only Mutter's keybindings were measured, so a client's own
    /// `set_maximized` is not refused.)
    func userMayMaximize(_ window: Window) -> Bool {
        guard profile.maximizeNeedsRoomForMinimumSize, let home = displays.display(named: window.homeDisplayName) else {
            return true
        }
        return window.minimumSize.width <= home.usableArea.width && window.minimumSize.height <= home.usableArea.height
    }

    /// A maximize or fullscreen request that changes nothing: the protocol
    /// asks for a configure all the same, which Mutter 43 does not send
    /// (GTK's `unset_maximized` and `unset_fullscreen` before it maps get
    /// none there; ``CompositorProfile/answersUnchangedStateRequests``).
    private func answerUnchangedStateRequest(_ window: Window) {
        if profile.answersUnchangedStateRequests { sendConfigure(window) }
    }

    /// Makes a window fullscreen on `display` (its home display when nil), or
    /// leaves fullscreen.
    func setFullscreen(_ window: Window, on display: Display?, enable: Bool = true) {
        if enable {
            if !window.states.contains(.fullscreen) && !window.states.contains(.maximized) {
                window.savedFloatingFrame = window.frameToSave
            }
            window.restoredPositionAwaitingSize = nil
            window.states.insert(.fullscreen)
            // With no display plugged the window is fullscreen on nothing
            // yet; plugging a display puts it there (relocate).
            if let target = display ?? displays.display(named: window.homeDisplayName) ?? displays.defaultDisplay {
                window.fullscreenDisplayName = target.name
                window.homeDisplayName = target.name
                window.position = target.logicalRect.origin
                // A window made fullscreen on a display before it maps (an
                // external-display scene asks in its first commit) will appear
                // there: its first frame must be drawn for that display's scale,
                // not for the home display it was given when it was created.
                if !window.isMapped { outputs.preferredScaleChanged(window, to: target.scale) }
            }
        } else {
            guard window.states.contains(.fullscreen) else {
                answerUnchangedStateRequest(window)
                return
            }
            window.states.remove(.fullscreen)
            window.fullscreenDisplayName = nil
            if window.states.contains(.maximized), let home = displays.display(named: window.homeDisplayName) {
                window.position = home.usableArea.origin
            } else {
                restoreFloatingFrame(window)
            }
        }
        windowStateChanged(window)
    }

    /// Puts the saved frame back: its size in the next configure, its place
    /// at once or, where the profile's restored windows move with their size
    /// (KWin), once the client answered (``WindowManager/windowCommitted(_:nullAttach:)``),
    /// so the maximized size never shows at the restored place.
    private func restoreFloatingFrame(_ window: Window) {
        guard let saved = window.savedFloatingFrame else { return }
        if profile.restoredWindowMovesWithItsSize && window.isMapped {
            window.restoredPositionAwaitingSize = saved.origin
        } else {
            window.position = saved.origin
        }
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
        outputs.updateOutputs(of: window)
        if minimized {
            if focusedWindow === window { focusNextWindow(after: window) }
        } else {
            focus(window)
            frameScheduler.deliverDueFrames()
        }
    }

    /// Sets which edges the window is tiled against (a subset of
    /// ``ToplevelStates/tiled``; empty to untile) and sends a configure. A
    /// half-tiled window is no longer: the edges say what it touches now.
    func setTiledEdges(_ window: Window, _ edges: ToplevelStates) {
        window.halfTile = nil
        window.states = window.states.subtracting(.tiled).union(edges.intersection(.tiled))
        sendConfigure(window)
    }

    /// Tiles the window to `half` of its home display's usable area, or
    /// untiles it (nil), as KWin's and Mutter's quick-tile keys do when a
    /// script or scenario asks; a request that changes nothing sends nothing.
    ///
    /// Tiling saves the floating frame (a maximized or fullscreen window
    /// keeps the one it saved then and leaves that state), puts the window
    /// at its half at once and asks for the half's size with
    /// ``HalfTile/edges`` as its `tiled_*` states (which a client of
    /// xdg_wm_base v1 is not told). Untiling drops those states and gives
    /// the saved frame back, as restoring from maximized does. The profile
    /// says how the halves split (``CompositorProfile/halfTiling``) and what
    /// becomes of a window whose minimum size does not fit its half
    /// (``CompositorProfile/halfTileMinimumSize``: clamped, told the half
    /// all the same, or left untiled).
    func setHalfTile(_ window: Window, _ half: HalfTile?) {
        guard half != window.halfTile else { return }
        let home = displays.display(named: window.homeDisplayName)
        if let half {
            if let area = home?.usableArea, let tile = profile.halfTiling.frame(of: half, in: area),
                !profile.halfTileMinimumSize.admits(minimum: window.minimumSize, into: tile.size)
            {
                return
            }
            if window.halfTile == nil && !window.isTiledOrMaximized && !window.states.contains(.fullscreen) {
                window.savedFloatingFrame = window.frameToSave
            }
            window.restoredPositionAwaitingSize = nil
            window.fullscreenDisplayName = nil
            window.states = window.states.subtracting(Window.arrangedStates).union(half.edges)
            window.halfTile = half
            if let area = home?.usableArea, let tile = profile.tileFrame(of: window, in: area) {
                if profile.halfTiledWindowMovesWithItsSize && window.isMapped {
                    window.restoredPositionAwaitingSize = tile.origin
                } else {
                    window.position = tile.origin
                }
            }
        } else {
            window.states.subtract(.tiled)
            window.halfTile = nil
            restoreFloatingFrame(window)
        }
        windowStateChanged(window)
    }

    // MARK: Focus and stacking

    /// Gives `window` the keyboard and the `activated` state; the previously
    /// focused window gets a configure without `activated` first.
    func focus(_ window: Window?) {
        guard focusedWindow !== window else { return }
        let previous = focusedWindow
        registry.focusedWindow = window
        if let previous {
            previous.states.remove(.activated)
            sendConfigure(previous)
        }
        seat.keyboardFocusChanged(from: previous, to: window)
        if let window {
            displays.lastFocusedDisplayName = window.homeDisplayName
            window.states.insert(.activated)
            if window.isMapped {
                registry.putOnTop(window)
            }
            sendConfigure(window)
        }
        trace.record(.focus(window: window?.id))
    }

    /// Focus moves to the most recently created mapped, visible window other
    /// than `window`, or to nothing.
    func focusNextWindow(after window: Window) {
        let next = registry.nextFocusCandidate(after: window)
        if focusedWindow === window {
            // The old window may be gone; do not configure a dead toplevel.
            window.states.remove(.activated)
            if window.toplevel.isAlive && window.isMapped { sendConfigure(window) }
            seat.keyboardFocusChanged(from: window, to: nil)
            registry.focusedWindow = nil
        }
        focus(next)
        if next == nil { trace.record(.focus(window: nil)) }
    }

    /// Focus and the keyboard leave `window` without going to another
    /// window; focus stays on the display named `displayName`.
    private func dropFocus(of window: Window, keepingDisplay displayName: String) {
        window.states.remove(.activated)
        registry.focusedWindow = nil
        displays.lastFocusedDisplayName = displayName
        seat.keyboardFocusChanged(from: window, to: nil)
        trace.record(.focus(window: nil))
    }

    // MARK: Moves

    /// Puts the window's top-left at `position`, restoring it from maximized
    /// or fullscreen first, as dragging one out does on a desktop;
    /// enter/leave and the preferred scale follow. The one path for scripted
    /// moves and for a user's drag.
    func place(_ window: Window, at position: Point) {
        if window.states.contains(.fullscreen) { setFullscreen(window, on: nil, enable: false) }
        if window.states.contains(.maximized) { setMaximized(window, false) }
        window.restoredPositionAwaitingSize = nil
        window.positionBeforePush = nil
        window.position = position
        if window.isMapped { windowFrameChanged(window) } else { outputs.updateOutputs(of: window) }
    }

    /// Moves the window onto `target`, keeping its offset from the usable
    /// area's corner (clamped so its corner stays inside the target's usable
    /// area). A maximized or fullscreen window stays so on the target, with a
    /// configure for the target's size.
    ///
    /// Under a profile where moved windows do not keep focus (sway's `move
    /// container to output`), a focused window moved to another display
    /// loses `activated` and the keyboard, and focus stays on the display it
    /// left. A tiled window fills the target's usable area; its configure
    /// goes out before leave/enter, as sway shows the window on its new
    /// output only once the client answered. A floating window moves at once
    /// (leave/enter), then gets the configure without `activated`.
    ///
    /// Under Mutter's rule (``WindowMoveToDisplay/scaledIntoLayout``) a
    /// floating window moves from the display it is mostly on; one already
    /// mostly on the target is left alone (Mutter's keybinding finds no
    /// monitor to move it to), and one that lands across two displays stays
    /// across them.
    func move(_ window: Window, toDisplay target: Display) {
        let source = window.homeDisplayName
        if moveByProfileRule(window, to: target) { return }
        relocate(window, from: displays.lastKnownDisplay(named: source), to: target)
        let losesFocus = !profile.movedWindowKeepsFocus && focusedWindow === window && target.name != source
        if losesFocus { dropFocus(of: window, keepingDisplay: source) }
        let tiled = window.states.contains(.tiled)
        if tiled { sendConfigure(window) }
        if window.isMapped && window.frame != window.lastTracedFrame {
            windowFrameChanged(window)
        } else {
            outputs.updateOutputs(of: window)
        }
        if !tiled && (losesFocus || window.isTiledOrMaximized || window.states.contains(.fullscreen)) {
            sendConfigure(window)
        }
    }

    /// Moves a floating, mapped window by the profile's
    /// ``CompositorProfile/windowMoveToDisplay`` when it has its own rule;
    /// false leaves the move to ``relocate(_:from:to:)``.
    private func moveByProfileRule(_ window: Window, to target: Display) -> Bool {
        guard window.isMapped, window.isFloating,
            let source = displays.largestOverlap(of: window.frame, among: displays.plugged)
        else { return false }
        let areas = displays.plugged.map(\.usableArea)
        guard
            let destination = profile.windowMoveToDisplay.destination(
                of: window.frame, minimumSize: window.minimumSize, from: source.usableArea, to: target.usableArea, areas: areas)
        else { return false }
        guard source !== target else { return true }
        window.homeDisplayName = target.name
        window.place(at: destination)
        if window.frame != window.lastTracedFrame { windowFrameChanged(window) } else { outputs.updateOutputs(of: window) }
        return true
    }

    /// Puts the window from `source` onto `target` (shared by moves, plugging
    /// and unplugging). With no `source` (a window whose last display is
    /// unknown) a floating window is cascaded on `target`.
    func relocate(_ window: Window, from source: Display?, to target: Display) {
        window.homeDisplayName = target.name
        window.positionBeforePush = nil
        window.restoredPositionAwaitingSize = nil
        if window.states.contains(.fullscreen) {
            window.fullscreenDisplayName = target.name
            window.position = target.logicalRect.origin
        } else if let tile = profile.tileFrame(of: window, in: target.usableArea) {
            window.position = tile.origin
        } else if let source {
            // The same offset from the area's corner, clamped so that the
            // whole window is on the target (its top-left corner when it is
            // larger than the area).
            let area = target.usableArea
            let offset = Point(x: window.position.x - source.usableArea.minX, y: window.position.y - source.usableArea.minY)
            let size = window.size
            window.position = Point(
                x: area.minX + min(max(0, offset.x), max(0, area.width - max(1, size.width))),
                y: area.minY + min(max(0, offset.y), max(0, area.height - max(1, size.height))))
        } else {
            window.position = registry.cascadePosition(on: target)
        }
        if let saved = window.savedFloatingFrame {
            let area = target.usableArea
            window.savedFloatingFrame = Rect(origin: Point(x: area.minX + 32, y: area.minY + 32), size: saved.size)
        }
    }

    /// The client asked (diorama_window_placement_v1) that its not yet
    /// mapped window open on `target`: the window's home display becomes
    /// that output, where it is cascaded, configured and mapped. The size
    /// wish is left to the client (it commits the size it asked for when the
    /// initial configure is 0x0, as xdg-shell lets it).
    func placementRequested(_ window: Window, on target: Display) {
        guard target.isPlugged, target.name != window.homeDisplayName else { return }
        relocate(window, from: nil, to: target)
        outputs.preferredScaleChanged(window, to: target.scale)
    }
}

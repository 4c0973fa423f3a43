import CWaylandServer
import DioramaModel
import WaylandServer

// Enter, leave and the preferred scale.
//
// Whenever a window moves, resizes, maps, unmaps, is minimized, or a display
// moves, rescales, rotates, is plugged or unplugged, `updateOutputs(of:)`
// compares the window's membership rectangle (global logical coordinates;
// the whole surface including client-side shadows, or under sway's profile
// the window geometry clipped to its tile: `OutputMembershipArea`) with
// every display's logical rectangle (a popup's own rectangle for its
// surfaces, unless the profile puts popups on their window's displays:
// `PopupOutputMembership`). Events go out in this order, per surface of the
// window (its surface, subsurfaces and popups):
//
// 1. `wl_surface.leave` for each display it no longer overlaps,
// 2. `wl_surface.enter` for each display it newly overlaps (each once per
//    wl_output object the client bound to that display) — or, under a
//    profile with `EnterLeaveOrder.displayOrder` (sway), 1 and 2 interleaved
//    in display order,
// then, once for the window,
// 3. `wp_fractional_scale_v1.preferred_scale` when the preferred scale changed,
//    and `wl_surface.preferred_buffer_scale` for wl_surface v6 clients.
// 4. `xdg_popup.configure` (and `xdg_surface.configure`) for each popup
//    made with a reactive positioner that the change moves or resizes.
// Any configure the change calls for (a maximized window's new size) comes
// after, so a client can pick its scale before it sizes its buffer (before,
// under the `configure-before-scale` variation: DisplayCommands).
//
// A display change itself (wl_output geometry/scale/mode, xdg_output
// logical position/size, done) is broadcast before any of this.

extension OutputServer {
    /// Recomputes which displays the window's surfaces are on and what scale
    /// they should prefer, sending the difference; then places its reactive
    /// popups again, since what they are constrained by may have moved.
    func updateOutputs(of window: Window) {
        // Under `coalesced-changes` this is the next change a held display
        // change waits for: the held events go out now, and the window's
        // events below cover both.
        if heldChange.coalesced != nil { heldChange.release() }
        let visible = window.isMapped && !window.isMinimized
        let rect = membershipRect(of: window)
        let overlapped = visible && !rect.isEmpty ? arrangement.displays(overlapping: rect) : []
        // The `preferred-scale-before-enter` variation tells the scale first.
        if !profile.preferredScaleBeforeEnter { enter(window, overlapped) }
        if let home = arrangement.largestOverlap(of: rect, among: overlapped) {
            window.homeDisplayName = home.name
        }
        if let scale = arrangement.preferredScale(of: rect, overlapping: overlapped) {
            preferredScaleChanged(window, to: scale)
        } else if window.preferredScale == nil, let home = arrangement.display(named: window.homeDisplayName) {
            // On no display: a window never shown prefers its home display's
            // scale; one moved off every display keeps the scale it had.
            preferredScaleChanged(window, to: home.scale)
        }
        if profile.preferredScaleBeforeEnter { enter(window, overlapped) }
        windowOperations?.reconstrainReactivePopups(of: window)
    }

    /// Sends the leave and enter that put the window's surface tree on
    /// `displays`, and each popup's tree on ``displays(ofPopup:in:windowDisplays:)``.
    private func enter(_ window: Window, _ displays: [Display]) {
        for surface in window.surface?.tree ?? [] {
            setEnteredDisplays(of: surface, to: displays)
        }
        for popup in window.popups where !popup.isDismissed {
            guard let popupSurface = popup.shellSurface.surface else { continue }
            let popupDisplays = self.displays(ofPopup: popup, in: window, windowDisplays: displays)
            for surface in popupSurface.tree { setEnteredDisplays(of: surface, to: popupDisplays) }
        }
    }

    /// The displays a popup of `window` (which is on `windowDisplays`) is
    /// on, per the profile's ``CompositorProfile/PopupOutputMembership``:
    /// those its own rectangle overlaps (none while it is not shown), or
    /// the window's.
    func displays(ofPopup popup: Popup, in window: Window, windowDisplays: [Display]) -> [Display] {
        guard profile.popupOutputMembership == .ownRectangle else { return windowDisplays }
        // Worked out for this popup alone (up its parent chain), not from
        // the window's whole list of surfaces: a window with many popups
        // costs each one's commit its depth, not the number of popups.
        guard window.isMapped, !window.isMinimized, !popup.isDismissed, let surface = popup.shellSurface.surface,
            surface.hasContent, let origin = popup.surfaceOrigin
        else { return [] }
        var rect = Rect(origin: origin, size: surface.current.size)
        if profile.outputMembership == .windowGeometry, let geometry = popup.shellSurface.geometry {
            rect = Rect(x: origin.x + geometry.minX, y: origin.y + geometry.minY, width: geometry.width, height: geometry.height)
        }
        return rect.isEmpty ? [] : arrangement.displays(overlapping: rect)
    }

    /// The rectangle whose overlap with the displays decides where the
    /// window's surfaces are, per the profile's ``OutputMembershipArea``.
    /// A tiled window's geometry is clipped to its tile (the usable area of
    /// the display its top-left corner is on, where a tile starts): a client
    /// drawing larger than its tile is cut there.
    func membershipRect(of window: Window) -> Rect {
        switch profile.outputMembership {
        case .wholeSurface:
            return window.surfaceRect
        case .windowGeometry:
            let frame = window.frame
            guard !window.states.isDisjoint(with: .tiled),
                let tile = displays.lazy.map(\.usableArea).first(where: { $0.contains(frame.origin) }),
                let clipped = frame.intersection(tile)
            else { return frame }
            return clipped
        }
    }

    /// A surface and its subsurfaces joined `window` (as a subsurface of one
    /// of its surfaces, or as a popup that mapped or committed): each belongs
    /// to the window, is on `displays` (where the window's surfaces are) and
    /// gets the window's preferred scale — what ``updateOutputs(of:)`` would
    /// give them. Only the joining surfaces are visited: nothing changed for
    /// the rest of the window, so a window grown one surface at a time costs
    /// its size, not its size squared.
    func surfaceTreeJoined(_ root: Surface, window: Window?, displays: [Display]) {
        let scale = window?.preferredScale
        for member in root.tree {
            member.window = window
            setEnteredDisplays(of: member, to: displays)
            if let scale { sendPreferredScale(scale, to: member) }
        }
    }

    /// Sends leave for displays the surface left and enter for those it
    /// entered, in the order ``DisplayArrangement/enterLeaveChanges(from:to:)`` gives.
    func setEnteredDisplays(of surface: Surface, to displays: [Display]) {
        let changes = arrangement.enterLeaveChanges(from: surface.enteredDisplays, to: displays)
        let client = surface.resource.client
        for (display, entering) in changes {
            for output in display.outputs(of: client) {
                if entering { surface.resource.sendEnter(output: output) } else { surface.resource.sendLeave(output: output) }
            }
            trace.record(
                entering
                    ? .enter(surface: surface.id, window: surface.window?.id, display: display.name)
                    : .leave(surface: surface.id, window: surface.window?.id, display: display.name))
        }
        surface.enteredDisplays = displays
    }

    /// Under `enter-for-removed-output`, after the unplugged display's
    /// `global_remove`: every shown surface of `windows` not on it enters
    /// it, through each output object its client still holds (none it
    /// released); the refresh that follows makes them leave it again.
    func enterRemovedDisplay(_ removed: Display, surfacesOf windows: [Window]) {
        for window in windows {
            for surface in window.allSurfaces
            where !surface.enteredDisplays.isEmpty && !surface.enteredDisplays.contains(where: { $0 === removed }) {
                for output in removed.outputs(of: surface.resource.client) { surface.resource.sendEnter(output: output) }
                trace.record(.enter(surface: surface.id, window: surface.window?.id, display: removed.name))
                surface.enteredDisplays.append(removed)
            }
        }
    }

    /// A surface left the screen (its role object went away): leave everything.
    func sendLeaveAll(_ surface: Surface) {
        setEnteredDisplays(of: surface, to: [])
    }

    /// Records the window's new preferred scale and tells each of its
    /// surfaces that asked (fractional-scale-v1 objects), plus wl_surface v6
    /// clients through preferred_buffer_scale.
    func preferredScaleChanged(_ window: Window, to scale: Scale) {
        window.preferredScale = scale
        for surface in window.allSurfaces { sendPreferredScale(scale, to: surface) }
    }

    /// Sends `scale` to one surface if it differs from what it was last told.
    func sendPreferredScale(_ scale: Scale, to surface: Surface) {
        if let fractional = surface.fractionalScale, fractional.isAlive, surface.lastPreferredScaleSent != scale {
            fractional.sendPreferredScale(scale: UInt32(scale.numerator120))
            surface.lastPreferredScaleSent = scale
            trace.record(.preferredScale(surface: surface.id, window: surface.window?.id, scale120: scale.numerator120))
        }
        let integer = integerScale(for: scale)
        if surface.resource.version >= Self.preferredBufferScaleSince, surface.lastPreferredBufferScaleSent != integer {
            sendPreferredBufferScale(integer, to: surface.resource)
            surface.lastPreferredBufferScaleSent = integer
            trace.record(.preferredBufferScale(surface: surface.id, window: surface.window?.id, scale: integer))
        }
    }

    /// The integer form of a fractional scale, by the output rounding rule.
    func integerScale(for scale: Scale) -> Int {
        switch outputScaleRounding {
        case .ceil: scale.ceil()
        case .round: scale.round()
        }
    }

    /// `wl_surface.preferred_buffer_scale` appeared in wl_surface version 6.
    static let preferredBufferScaleSince: UInt32 = 6
    /// Its event opcode: after enter (0) and leave (1).
    static let preferredBufferScaleOpcode: UInt32 = 2

    /// Sends preferred_buffer_scale by opcode. The generated bindings only
    /// have a typed method when the system's wayland.xml defines the event
    /// (version 6, libwayland ≥ 1.22); Debian bookworm's is version 5, where
    /// no client can bind version 6 and this never runs. Posting by opcode
    /// compiles against both.
    private func sendPreferredBufferScale(_ scale: Int, to surface: WlSurface) {
        withUnsafeTemporaryAllocation(of: wl_argument.self, capacity: 1) { arguments in
            arguments[0] = wl_argument(i: Int32(clamping: scale))
            surface.post(event: Self.preferredBufferScaleOpcode, arguments: arguments.baseAddress)
        }
    }
}

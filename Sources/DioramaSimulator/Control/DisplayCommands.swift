import DioramaControlProtocol
import DioramaModel
import WaylandServer

/// Display commands: move, rescale, rotate, plug, unplug, the default
/// display. ``Simulator`` forwards its public display methods here.
///
/// Every change is checked as a whole layout first (no overlaps, unique
/// names); an invalid one throws and changes nothing. Then, in order:
/// 1. the trace records each changed display (display_changed / _added);
/// 2. every bound wl_output gets geometry, mode, scale, description and its
///    xdg_output the logical position and size, then `done`;
/// 3. windows that live on a moved display move with it;
/// 4. every window's enter/leave and preferred scale are recomputed (leave,
///    enter, preferred_scale, per the order in Scale/OutputServer+Membership.swift);
/// 5. windows whose size or bounds depend on a changed display (maximized,
///    fullscreen, configure_bounds) get a configure; under `kwin-5.27`
///    (``WindowsOnResizedDisplay/fitToDisplay``) a window larger than its
///    shrunk display is configured to fit it, and the outputs' `done` comes
///    after step 4 (``OutputEventRules/doneAfterSurfaceEvents``); under
///    `mutter-43` every surface leaves its displays before step 2, every
///    display (changed or not) sends its state in step 2, and the surfaces
///    enter again in step 4 (``CompositorProfile/layoutChangeRebuildsDisplays``).
///    Under the `configure-before-scale` variation step 5 comes before step 4.
///
/// An unplug runs 3–5 first and removes the global last (see `unplugDisplay`).
/// The model (displays, window positions) changes at once; only the events
/// can be held back by a variation. Under `split-dispatch` the first part
/// of a change (steps 1–2, a plug's new global, an unplug's first half) is
/// flushed to clients before the rest is queued; under
/// `delayed-change-events` the rest follows on the event loop's timer;
/// under `coalesced-changes` a move, rescale or rotation sends nothing
/// until the next change (any display change, or a window's displays being
/// recomputed) or the timer, and then one batch for all of them
/// (``HeldDisplayChange``).
///
/// When a display's logical size changes (rescale, rotation), displays lying
/// entirely to its right move horizontally, and those entirely below it
/// vertically, by the change of its right/bottom edge, so neighbours stay
/// adjacent instead of overlapping or leaving a gap — except under a profile
/// that keeps positions (sway 1.7, `neighboursFollowResizedDisplay`).
struct DisplayCommands {
    let outputs: OutputServer
    let shell: ShellRegistry
    let trace: Trace
    let frameScheduler: FrameScheduler
    let windowOperations: any WindowOperations

    private var displayArrangement: DisplayArrangement { outputs.arrangement }
    private var displays: [Display] { outputs.displays }
    private var windows: [Window] { shell.windows }
    private var profile: CompositorProfile { outputs.profile }

    private func display(named name: String) -> Display? { displayArrangement.display(named: name) }

    /// Moves a display's top-left to a logical position; its windows move with it.
    func moveDisplay(_ name: String, to position: Point) throws(SimulatorControlError) {
        let index = try displayArrangement.index(ofDisplayNamed: name)
        var proposed = displayArrangement.configurations
        proposed[index].position = position
        try apply(proposed, change: "position", changedIndex: index)
    }

    /// Changes a display's scale (its mode stays; its logical size changes).
    func setScale(_ scale: Scale, ofDisplay name: String) throws(SimulatorControlError) {
        let index = try displayArrangement.index(ofDisplayNamed: name)
        var proposed = displayArrangement.configurations
        proposed[index].scale = scale
        try apply(displayArrangement.keepingNeighboursAdjacent(proposed, changedIndex: index), change: "scale", changedIndex: index)
    }

    /// Rotates or flips a display; 90° and 270° swap its logical width and height.
    func setTransform(_ transform: OutputTransform, ofDisplay name: String) throws(SimulatorControlError) {
        let index = try displayArrangement.index(ofDisplayNamed: name)
        var proposed = displayArrangement.configurations
        proposed[index].transform = transform
        try apply(displayArrangement.keepingNeighboursAdjacent(proposed, changedIndex: index), change: "transform", changedIndex: index)
    }

    /// Validates and applies new configurations for the plugged displays.
    private func apply(_ proposed: [DisplayConfiguration], change: String, changedIndex: Int) throws(SimulatorControlError) {
        do {
            try DisplayLayout(displays: proposed).validate()
        } catch {
            throw .invalidLayout(error)
        }
        // Under `coalesced-changes` a held change goes out with this one; any
        // other held events go out before it.
        let coalesced = profile.coalescedChangeHold == nil ? nil : outputs.heldChange.takeCoalesced()
        if coalesced == nil { outputs.heldChange.release() }
        let changedDisplay = displays[changedIndex]
        let (changed, moved) = displayArrangement.reconfigure(to: proposed)
        guard !changed.isEmpty else {
            if let coalesced { sendEvents(ofChanged: coalesced.states, reconfiguring: coalesced.reconfigure) }
            return
        }
        for (display, _) in changed {
            trace.record(.displayChanged(display.fact, change: display === changedDisplay ? change : "position"))
        }
        for (display, dx, dy) in moved {
            for window in windows where window.homeDisplayName == display.name {
                window.position = Point(x: window.position.x + dx, y: window.position.y + dy)
                window.positionBeforePush = window.positionBeforePush.map { Point(x: $0.x + dx, y: $0.y + dy) }
                if let saved = window.savedFloatingFrame {
                    window.savedFloatingFrame = Rect(origin: Point(x: saved.minX + dx, y: saved.minY + dy), size: saved.size)
                }
            }
        }
        let changedNames = Set(changed.map(\.display.name))
        let affected = windows.filter { changedNames.contains($0.homeDisplayName) }
        let previousAreas = Dictionary(changed.map { ($0.display.name, $0.previous.usableArea.size) }) { first, _ in first }
        for window in affected {
            guard let home = display(named: window.homeDisplayName) else { continue }
            if window.states.contains(.fullscreen) {
                window.position = home.logicalRect.origin
            } else if let tile = profile.tileFrame(of: window, in: home.usableArea) {
                window.position = tile.origin
            } else if let destination = profile.windowMoveToDisplay.destination(
                // Mutter moves a window with its changed monitor, its offset
                // scaled, from its place before it was last pushed
                // (weston-terminal at 216,114 on Meta-0 rescaled to 2x stays
                // on Meta-0, at 108,57), and pushes it into the new layout.
                of: Rect(origin: window.positionBeforePush ?? window.position, size: window.size), minimumSize: window.minimumSize,
                from: Rect(origin: home.usableArea.origin, size: previousAreas[home.name] ?? home.usableArea.size),
                to: home.usableArea, areas: displays.map(\.usableArea))
            {
                window.place(at: destination)
            }
        }
        if let hold = profile.coalescedChangeHold {
            var batch = coalesced ?? HeldDisplayChange.Coalesced()
            batch.add(changed, reconfigure: affected)
            outputs.heldChange.hold(for: hold, coalescing: batch) { [self] in
                sendEvents(ofChanged: batch.states, reconfiguring: batch.reconfigure)
            }
            return
        }
        sendEvents(ofChanged: changed, reconfiguring: affected)
    }

    /// Steps 2, 4 and 5 of a change: each changed display's new state (from
    /// what clients were told last), then its windows' events. Coalesced
    /// changes come here once, together: each display's state after all of
    /// them with one `done`, then each window's events once.
    private func sendEvents(ofChanged changed: [(display: Display, previous: DisplayConfiguration)], reconfiguring affected: [Window]) {
        let doneAfterSurfaces = changed.contains { $0.display.rules.doneAfterSurfaceEvents }
        var announced = changed
        if profile.layoutChangeRebuildsDisplays {
            // Mutter 43 makes every logical monitor anew: all surfaces leave
            // their displays before the new state, every display announces
            // itself (one that did not change, its state as it is), and the
            // surfaces enter again in step 4.
            for window in windows {
                for surface in window.allSurfaces { outputs.sendLeaveAll(surface) }
            }
            announced = displays.map { display in
                changed.first { $0.display === display } ?? (display, display.configuration)
            }
        }
        send(
            { for (display, previous) in announced { display.broadcastState(changedFrom: previous, sendingDone: !doneAfterSurfaces) } },
            then: { [self] in
                refreshWindows(reconfiguring: affected) {
                    // KWin ends the output's batch after its surfaces' enter, leave
                    // and preferred scale (before any configure, unless a variation
                    // sends the configures first).
                    if doneAfterSurfaces { for (display, _) in announced { display.broadcastDone() } }
                }
            })
    }

    /// Steps 3–5: every window's displays and preferred scale are recomputed
    /// (windows whose frame moved are traced as moved), then `reconfigure`
    /// windows get a configure if their size depends on their display
    /// (maximized, fullscreen) or their `configure_bounds` changed.
    /// `afterSurfaceEvents` runs right after the enter, leave and preferred
    /// scale events. Under the `configure-before-scale` variation
    /// (``CompositorProfile/configureBeforeScale``) the configures go first.
    private func refreshWindows(reconfiguring reconfigure: [Window], afterSurfaceEvents: () -> Void = {}) {
        if profile.configureBeforeScale { sendConfigures(reconfigure) }
        for window in windows {
            if window.isMapped && window.frame != window.lastTracedFrame {
                windowOperations.windowFrameChanged(window)
            } else {
                outputs.updateOutputs(of: window)
            }
        }
        afterSurfaceEvents()
        if !profile.configureBeforeScale { sendConfigures(reconfigure) }
    }

    /// Step 5: a configure for each window whose size or bounds depend on
    /// its display's new area.
    private func sendConfigures(_ reconfigure: [Window]) {
        let rule = profile.windowsOnResizedDisplay
        let extent = displays.map(\.usableArea).reduce(nil as Rect?) { $0?.union($1) ?? $1 }?.size ?? .zero
        for window in reconfigure {
            let area = display(named: window.homeDisplayName)?.usableArea.size
            let bounds = area.map { profile.configureBounds(forUsableArea: $0, minimumSize: window.minimumSize) }
            let needsSize = window.states.contains(.fullscreen) || window.isTiledOrMaximized
            let boundsChanged =
                rule.boundsChangeSendsConfigure && window.toplevel.version >= 4 && window.lastBoundsSent != bounds
            if needsSize || boundsChanged {
                windowOperations.sendConfigure(window, initial: false, size: nil, extraStates: [], interactive: false)
            } else if let area, let fitted = rule.fittedSize(window.size, in: area, extent: extent, minimumSize: window.minimumSize) {
                windowOperations.sendConfigure(window, initial: false, size: fitted, extraStates: [], interactive: false)
            }
        }
    }

    /// Adds a display (hot-plug): clients see a new wl_output global.
    ///
    /// Windows on no display (their last display was unplugged, or they were
    /// created while no display was plugged) come onto the new one: each
    /// keeps its offset from where it was on its last display (clamped into
    /// the new usable area), enters it, gets its scale as the preferred
    /// scale, and gets a configure for its bounds (and size, if maximized or
    /// fullscreen). Frames waiting while there was no display are paced
    /// from now by the new display's refresh.
    func plugDisplay(_ configuration: DisplayConfiguration) throws(SimulatorControlError) {
        do {
            let plugged = displayArrangement.configurations
            try DisplayLayout(displays: plugged + [profile.laidOut(configuration)]).validate(newFrom: plugged.count)
        } catch {
            throw .invalidLayout(error)
        }
        outputs.heldChange.release()
        // Computed before the new display exists: it may reuse the name of
        // the display these windows were last on.
        let displaced = windows.filter { display(named: $0.homeDisplayName) == nil }
        let wasEmpty = displays.isEmpty
        let added = outputs.addDisplay(configuration)
        displayArrangement.adoptAsDefaultIfMissing(added)
        for window in displaced {
            windowOperations.relocate(window, from: displayArrangement.lastKnownDisplay(named: window.homeDisplayName), to: added)
        }
        if wasEmpty { frameScheduler.displaysReturned() }
        send({}, then: { [self] in refreshWindows(reconfiguring: displaced) })
    }

    /// Removes a display (hot-unplug). Its windows move to the default display
    /// (or the first remaining one when the default is unplugged), keeping
    /// their offset; maximized and fullscreen windows stay so there.
    ///
    /// Order (as wlroots' `wlr_output_finish` does: the output's destroy
    /// listeners run, then `wlr_output_destroy_global`): first every surface
    /// on the display gets `wl_surface.leave`, moved windows `enter` their new
    /// display, their preferred scale and a configure; only then do clients
    /// get `wl_registry.global_remove`. Many clients destroy their wl_output
    /// proxy when the global goes; a `leave` naming it after that reaches them
    /// as `leave(NULL)` (SDL 2 dereferences it and crashes, weston's toolkit
    /// keeps the gone output's scale). Nothing names the output after
    /// `global_remove`.
    ///
    /// Unplugging the last display leaves windows on no display, as a laptop
    /// with its lid closed and no monitor: they are kept (not closed, not
    /// unmapped), their surfaces get `leave`, their preferred scale stays
    /// what it was (no event: there is no display to prefer another), they
    /// get no configure, and their frame callbacks wait (nothing is shown,
    /// so no frame is done — sway likewise stops frame callbacks for
    /// surfaces on no output). ``plugDisplay(_:)`` brings them back.
    ///
    /// The global is removed from the registry but destroyed only when the
    /// simulator shuts down, so a client that binds it in the meantime (it
    /// had not yet read global_remove) gets an inert output rather than a
    /// protocol error.
    ///
    /// Under the `leave-after-global-remove` variation
    /// (``CompositorProfile/leaveAfterGlobalRemove``) the global goes first:
    /// the leaves then name an output whose global is gone, which the
    /// protocol allows until the client destroys its object. Under
    /// `enter-for-removed-output` (``CompositorProfile/entersRemovedOutput``)
    /// the global goes first too, and then every shown surface not on the
    /// display enters it before the leaves: the `enter` names an output
    /// object the client still holds (one it released is never named).
    func unplugDisplay(_ name: String) throws(SimulatorControlError) {
        let index = try displayArrangement.index(ofDisplayNamed: name)
        outputs.heldChange.release()
        let removed = displayArrangement.unplug(at: index)
        let target = displayArrangement.defaultDisplay
        let relocated = target == nil ? [] : windows.filter { $0.homeDisplayName == name }
        if let target {
            for window in relocated { windowOperations.relocate(window, from: removed, to: target) }
        }
        let globalFirst = profile.leaveAfterGlobalRemove || profile.entersRemovedOutput
        send(
            { [self] in
                if globalFirst {
                    outputs.retireGlobal(of: removed)
                } else {
                    refreshWindows(reconfiguring: relocated)
                }
            },
            then: { [self] in
                if globalFirst {
                    if profile.entersRemovedOutput { outputs.enterRemovedDisplay(removed, surfacesOf: windows) }
                    refreshWindows(reconfiguring: relocated)
                } else {
                    // Last: every leave above named an output clients still have.
                    outputs.retireGlobal(of: removed)
                }
                trace.record(.displayRemoved(display: name))
            })
    }

    /// Sends a change's events in two parts: `first` (its output events, a
    /// plug's new global, an unplug's first half), then `rest` (the surfaces'
    /// events and configures, or an unplug's second half) — in one batch;
    /// in two writes under `split-dispatch`
    /// (``CompositorProfile/splitsDisplayChangeDispatch``), the first
    /// flushed before the rest is queued; or with `rest` held for a while
    /// under `delayed-change-events` (``CompositorProfile/displayChangeEventDelay``).
    private func send(_ first: () -> Void, then rest: @escaping () -> Void) {
        first()
        if let delay = profile.displayChangeEventDelay {
            outputs.heldChange.hold(for: delay, rest)
            return
        }
        if profile.splitsDisplayChangeDispatch { outputs.flushClients() }
        rest()
    }

    /// Chooses the display new windows open on.
    func setDefaultDisplay(_ name: String) throws(SimulatorControlError) {
        try displayArrangement.setDefaultDisplay(name)
    }
}

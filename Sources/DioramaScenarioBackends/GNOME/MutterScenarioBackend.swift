import DioramaModel
import DioramaPOSIX
import DioramaScenarios
import Foundation
import HeadlessCompositors

/// Runs scenarios on a real headless Mutter 43 (`--on mutter`): one virtual
/// monitor per starting display, at its mode and refresh, laid out at its position and
/// scale through `org.gnome.Mutter.DisplayConfig`.
///
/// **Scales.** Mutter accepts only the scales each mode lists, exactly; a
/// requested scale becomes the nearest listed one (1.5 is 1.502347… on
/// 2560×1600, and 2 on 1920×1080, which lists no 1.5), and the step or the
/// observation says so. Mutter 43 has no fractional-scale-v1, so at a
/// fractional scale clients get `wl_output.scale` rounded up: the facts that
/// depend on the scenario's scale are then unavailable with that reason.
///
/// **Windows** are found from a Diorama app's runtime trace, as on weston.
/// Mutter has no scripting interface: a window cannot be placed at a point,
/// sized or read back, so those steps are skipped with the reason, and which
/// displays a window is on is unavailable (its app's screen is still
/// observed). `move W to DISPLAY` is done with Mutter's move-to-monitor
/// keybinding, pressed through a RemoteDesktop session: the focused window,
/// one neighbouring monitor a press.
/// Mutter makes monitors at run time only as ScreenCast virtual monitors fed
/// by a PipeWire consumer: `plug` makes one (PipeWire, WirePlumber and a
/// GStreamer consumer run privately), `unplug` turns a monitor off.
package final class MutterScenarioBackend: TraceBoundWindowsBackend, ScenarioBackend {
    package let kind = BackendKind.mutter
    static let noPreferredScale = "Mutter 43 sends no preferred scale (no fractional-scale-v1)"
    static let noWindowControl = "Mutter 43 has no scripting interface to place, size or read back a window"

    private var names = SwayOutputNames(integerClientScalesOn: "Mutter 43")
    /// The layout as last applied, in the scenario's display order.
    private var layout: [MutterHeadless.LogicalMonitor] = []
    /// Per display, why its scale is not the one asked for.
    private var scaleNotes: [String: String] = [:]
    /// Per window, why it is not where the scenario put it (a skipped move,
    /// resize or state change): from then on its screen and every fact that
    /// depends on its display are unavailable, not compared with what the
    /// scenario expected of the place it never reached.
    private var displaced: [String: String] = [:]
    /// The RemoteDesktop session that presses keys and the move keybinding,
    /// made at the start and kept (with its D-Bus connection) until ``stop()``.
    private var remoteDesktop: MutterRemoteDesktop?
    /// Per window, the half its last `tile` step tiled it to (Mutter's key
    /// for that half untiles it).
    var halfTiles: [String: HalfTile] = [:]
    /// Wakes ``awaitScreen(_:of:)`` when an app writes its trace; one for the
    /// whole run (``ChangeWait``).
    private let traceWrites = FolderWriteWatch(foldersOf: [])
    /// PipeWire and WirePlumber, started at the first `plug`.
    private var pipeWire: MutterPipeWire?
    /// The displays plugged as ScreenCast virtual monitors, by name.
    private var plugged: [String: MutterVirtualMonitor] = [:]

    package init(configuration: BackendConfiguration) {
        super.init(configuration: configuration, compositorName: "Mutter", windowFindingLimit: Self.noWindowControl)
    }

    // MARK: Start

    package func start(_ setup: ScenarioSetup) async throws {
        let displays = try SimulatorLayout.layout(for: setup).displays
        guard !displays.isEmpty else { throw ScenarioBackendError.badLayout("the layout has no display") }
        // Mutter starts laid out so when it can take the scales as asked (see
        // `MutterHeadless.start`); otherwise the nearest listed ones are applied below.
        let asked = displays.enumerated().map { index, display in
            MutterHeadless.LogicalMonitor(
                x: display.position.x, y: display.position.y, scale: display.scale.doubleValue, primary: index == 0,
                connector: MutterHeadless.monitorName(index: index))
        }
        let compositor = try startCompositor(setup) {
            try MutterHeadless.start(monitors: displays.map(\.mode), layout: asked)
        }
        do {
            let monitors = try MutterHeadless.displayState(of: compositor).monitors
            for (display, var placed) in zip(displays, asked) {
                names.add(display: display.name, output: placed.connector, scale: display.scale)
                placed.scale = supportedScale(display.scale, display: display.name, connector: placed.connector, monitors: monitors)
                layout.append(placed)
            }
            try MutterHeadless.applyUnlessCurrent(layout, to: compositor)
        } catch {
            await stop()
            throw ScenarioBackendError.unavailable("Mutter did not take the scenario's layout: \(error)")
        }
        do {
            // The session's virtual keyboard is the headless seat's only
            // keyboard, and Mutter adds it to the seat with its first key,
            // which no client can get: it binds wl_keyboard only once the
            // seat says it has one (the first key of a `type "ab"` was lost
            // so). A Shift press and release before any client starts makes
            // the keyboard, so every client has it from its start.
            let keys = try MutterRemoteDesktop(on: compositor)
            remoteDesktop = keys
            try keys.pressChord([.shiftLeft])
        } catch {
            await stop()
            throw ScenarioBackendError.unavailable("Mutter's RemoteDesktop session, which presses keys, did not start: \(error)")
        }
    }

    package override func stop() async {
        remoteDesktop?.stop()
        remoteDesktop = nil
        for monitor in plugged.values { monitor.unplug() }
        plugged = [:]
        await super.stop()
        pipeWire?.stop()
        pipeWire = nil
    }

    /// The listed scale nearest to `requested` on the connector's mode,
    /// noting the difference for `display`.
    private func supportedScale(
        _ requested: Scale, display: String, connector: String, monitors: [MutterHeadless.Monitor]
    ) -> Double {
        let listed = monitors.first { $0.connector == connector }?.supportedScales ?? [1]
        let scale = MutterHeadless.nearestSupportedScale(to: requested.doubleValue, in: listed)
        if scale == requested.doubleValue {
            scaleNotes[display] = nil
        } else {
            let shown = listed.map { String(format: "%.3g", $0) }.joined(separator: ", ")
            scaleNotes[display] =
                "\(display) asks for scale \(requested); Mutter lists only \(shown) for its mode, so it runs at \(scale)"
        }
        return scale
    }

    // MARK: Steps

    override func refusal(_ error: any Error) -> String? {
        (error as? CompositorLaunchError).map { "Mutter refused: \($0)" }
    }

    override func performAction(_ action: StepAction) async throws -> StepOutcome {
        switch action {
        case .moveToDisplay(let window, let display):
            let outcome = try await moveByKeybinding(window, to: display)
            if case .skipped(let reason) = outcome.status { displace(window, reason) }
            return outcome
        case .moveToPosition(let window, _), .resize(let window, _, _), .maximize(let window), .fullscreen(let window, _),
            .minimize(let window):
            let reason = "\(Self.noWindowControl) (`\(action.keyword)`)"
            displace(window, reason)
            return .skipped(reason)
        case .focus, .close:
            return .skipped("\(Self.noWindowControl) (`\(action.keyword)`)")
        case .tile(let window, let half):
            return try await tile(window, to: half)
        case .type(let window, let text):
            return try await type(text, into: window)
        case .keyPress(let window, let key):
            return try await setKey(key, down: true, in: window)
        case .keyRelease(let window, let key):
            return try await setKey(key, down: false, in: window)
        case .holdKey(let window, let key, let duration):
            return try await holdKey(key, for: duration, in: window)
        case .click, .drag, .touch, .doubleClick, .pointerPress, .pointerMove, .pointerRelease, .scroll:
            return .skipped(Self.noPointer(action.keyword))
        case .rescaleDisplay(let display, let scale):
            return try relayout(display) { monitor, monitors in
                monitor.scale = supportedScale(scale, display: display.name, connector: monitor.connector, monitors: monitors)
                names.setScale(scale, of: display.name)
            }
        case .moveDisplay(let display, let position):
            return try relayout(display) { monitor, _ in
                monitor.x = position.x
                monitor.y = position.y
            }
        case .rotateDisplay:
            return .skipped("the mutter backend does not rotate monitors (DisplayConfig transforms are not wired here)")
        case .plugDisplay(let spec):
            return try plug(spec)
        case .unplugDisplay(let display):
            return try unplug(display)
        case .screenshot:
            return .skipped("screenshots are not taken on Mutter")
        case .declareWindow, .quit, .relaunch, .wait, .launch, .waitUntil, .expect:
            return try await performClientStep(action) ?? .failed("`\(action.keyword)` was not performed")
        }
    }

    /// From now on the window is not where the scenario put it, for `reason`.
    private func displace(_ window: NameReference, _ reason: String) {
        displaced[window.name] = "`\(window.name)` is not where the scenario put it: \(reason)"
    }

    /// `move W to DISPLAY`: presses Mutter's move-to-monitor keybinding
    /// (Super+Shift+Left/Right, through a RemoteDesktop session) once per
    /// monitor between the window's and the target, each time waiting until
    /// the app's trace says its surface entered the next monitor
    /// (`wl_surface.enter`, recorded as its `screen`).
    ///
    /// Skipped with the reason when the keybinding cannot get it there: the
    /// window's monitor is not known yet, the window is not the focused one
    /// (the keybinding moves the focused window), or the target is not in one
    /// row with its monitor (Mutter 43 moves only to the neighbour on a side);
    /// or the window is not a Diorama app's (no trace says where it is).
    private func moveByKeybinding(_ window: NameReference, to display: NameReference) async throws -> StepOutcome {
        guard let compositor else { return .failed("Mutter is not running") }
        let target = try names.output(for: display.name)
        let facts = connectorFacts(of: window.name)
        let screen: String
        switch facts.screen {
        case .value(let named?):
            screen = named
        case .value(nil):
            return .skipped("`\(window.name)`'s monitor is not known yet (its app's trace names none), so Mutter 43's move keybinding has no start")
        case .unavailable(let reason):
            return .skipped("Mutter 43 moves a window by keybinding from the monitor its app's trace names, and \(reason)")
        }
        if screen == target { return .done(detail: "already on \(display.name)") }
        guard await isFocused(window.name) else {
            return .skipped(
                "Mutter 43 moves a window to another monitor only by keybinding, which moves the focused window, and `\(window.name)` is not focused")
        }
        guard let route = MutterHeadless.monitorPath(from: screen, to: target, in: try MutterHeadless.displayState(of: compositor)) else {
            return .skipped(
                "Mutter 43 moves a window only to the neighbouring monitor on its left or right, and \(display.name) is not in one row with \(names.display(for: screen))"
            )
        }
        let keys = try keyboard(of: compositor)
        for hop in route.hops {
            try keys.moveFocusedWindow(to: route.side)
            guard await awaitScreen(hop, of: window.name) else {
                return .failed(
                    "`\(window.name)` did not enter \(names.display(for: hop)) within \(timeout) after Super+Shift+\(route.side.rawValue.capitalized)")
            }
        }
        displaced[window.name] = nil
        return .done(
            detail: ["Super+Shift+\(route.side.rawValue.capitalized) × \(route.hops.count)", names.scaleNote(display.name)].compactMap { $0 }
                .joined(separator: "; "))
    }

    /// The RemoteDesktop session that presses keys (made at the start; again
    /// here only if it is gone).
    func keyboard(of compositor: RunningCompositor) throws -> MutterRemoteDesktop {
        let keys = try remoteDesktop ?? MutterRemoteDesktop(on: compositor)
        remoteDesktop = keys
        return keys
    }

    /// The trace's facts about a window, with its screen as Mutter's connector.
    func connectorFacts(of name: String) -> WindowObservation {
        traceObservation(of: name, noPreferredScale: Self.noPreferredScale, unavailableBecause: Self.noWindowControl) { $0 }
    }

    /// Waits until the window's trace says it is on `connector`; false after the step's timeout.
    private func awaitScreen(_ connector: String, of name: String) async -> Bool {
        await awaitTrace(of: name) { $0.screen.value == connector }
    }

    /// Waits until what window `name`'s trace says meets `condition`, woken
    /// by each write to the trace; false after the step's timeout.
    private func awaitTrace(of name: String, until condition: (WindowObservation) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            // Watch first, then look: a record written after the look still wakes the wait.
            let change = ChangeWait(watching: traceWrites, files: windows[name]?.traceFile.map { [$0] } ?? [])
            if condition(connectorFacts(of: name)) { return true }
            if ContinuousClock.now >= deadline { return false }
            await change.nextWrite(deadline: deadline)
        }
    }

    /// Whether window `name` has the focus (its scene is `foregroundActive`),
    /// which Mutter's keybindings act on. A window never focused yet is one
    /// Mutter mapped and has not activated yet (the configure with
    /// `activated` comes later on a loaded machine), so its activation is
    /// awaited, for at most the step's timeout. One that lost the focus to a
    /// later window does not get it back, and one never focused while
    /// another of the scenario's windows holds the focus will not get it
    /// either (Mutter focuses the newest window: the demo tour's GameScene
    /// opens after TimerApp's main): both are answered at once.
    func isFocused(_ name: String) async -> Bool {
        if connectorFacts(of: name).activationState.value == .foregroundActive { return true }
        guard !hasBeenFocused(name), !anotherWindowIsFocused(than: name) else { return false }
        return await awaitTrace(of: name) { $0.activationState.value == .foregroundActive }
    }

    /// Whether a window bound to another name is `foregroundActive` now.
    private func anotherWindowIsFocused(than name: String) -> Bool {
        windows.bindings.keys.contains { $0 != name && connectorFacts(of: $0).activationState.value == .foregroundActive }
    }

    /// Whether window `name`'s scene was ever the focused one (a `lifecycle`
    /// record in `foregroundActive`).
    private func hasBeenFocused(_ name: String) -> Bool {
        guard let binding = windows[name], let path = binding.traceFile, let scene = binding.scene, let log = traces.log(path) else {
            return false
        }
        return log.entries.contains { entry in
            entry.scene == scene && (entry.record as? LifecycleRecord).flatMap { ActivationStateName(rawValue: $0.state) } == .foregroundActive
        }
    }

    /// Changes one display's logical monitor and applies the whole layout again.
    private func relayout(
        _ display: NameReference,
        _ change: (inout MutterHeadless.LogicalMonitor, [MutterHeadless.Monitor]) -> Void
    ) throws -> StepOutcome {
        guard let compositor else { return .failed("Mutter is not running") }
        let connector = try names.output(for: display.name)
        guard let index = layout.firstIndex(where: { $0.connector == connector }) else {
            throw ScenarioBackendError.badLayout("Mutter has no monitor for \(display.name)")
        }
        let before = layout
        change(&layout[index], try MutterHeadless.displayState(of: compositor).monitors)
        if let refused = try applyLayout(reverting: before, display.name) { return refused }
        return .done(detail: [scaleNotes[display.name], names.scaleNote(display.name)].compactMap { $0 }.first)
    }

    /// Applies ``layout``; when Mutter refuses it because a monitor would not
    /// touch its neighbours, puts `before` back and returns the skip, which
    /// names `display`.
    private func applyLayout(reverting before: [MutterHeadless.LogicalMonitor], _ display: String) throws -> StepOutcome? {
        guard let compositor else { return .failed("Mutter is not running") }
        do {
            try MutterHeadless.apply(layout, to: compositor)
            return nil
        } catch CompositorLaunchError.dbusCallFailed(_, let message) where message.contains("not adjacent") {
            // Mutter's rule, not a failure of the step: its logical monitors
            // must touch, and this change leaves a gap or an overlap.
            layout = before
            return .skipped(
                "Mutter requires its monitors to touch, and this change would leave \(display) apart from its neighbours (Mutter: Logical monitors not adjacent)"
            )
        }
    }

    /// `plug display …`: a ScreenCast virtual monitor of the display's mode
    /// (PipeWire and WirePlumber are started at the first plug), then placed
    /// and scaled with the rest of the layout.
    private func plug(_ spec: DisplaySpec) throws -> StepOutcome {
        guard let compositor else { return .failed("Mutter is not running") }
        let wire = try pipeWire ?? MutterPipeWire(for: compositor)
        pipeWire = wire
        let monitor = try MutterVirtualMonitor(
            on: compositor, width: spec.modeSize.width, height: spec.modeSize.height, refreshMilliHz: spec.refreshMilliHz, pipeWire: wire)
        plugged[spec.name] = monitor
        names.add(display: spec.name, output: monitor.connector, scale: spec.scale)
        let before = layout
        let monitors = try MutterHeadless.displayState(of: compositor).monitors
        layout.append(
            .init(
                x: spec.position.x, y: spec.position.y,
                scale: supportedScale(spec.scale, display: spec.name, connector: monitor.connector, monitors: monitors),
                primary: false, connector: monitor.connector))
        if let refused = try applyLayout(reverting: before, spec.name) {
            plugged[spec.name] = nil
            monitor.unplug()
            return refused
        }
        let note = [scaleNotes[spec.name], names.scaleNote(spec.name)].compactMap { $0 }.first
        return .done(detail: ["\(monitor.connector), a ScreenCast virtual monitor", note].compactMap { $0 }.joined(separator: "; "))
    }

    /// `unplug D`: a plugged display's ScreenCast session ends, which
    /// removes its monitor; a display made at start leaves the layout (Mutter
    /// turns off a monitor it does not list).
    ///
    /// Mutter lays out the monitors a removal leaves with a configuration of
    /// its own, which turns every one of them on: a display unplugged before
    /// came back then. The scenario's layout is applied again once the
    /// monitor is gone.
    private func unplug(_ display: NameReference) throws -> StepOutcome {
        let connector = try names.output(for: display.name)
        let before = layout
        layout.removeAll { $0.connector == connector }
        if let monitor = plugged.removeValue(forKey: display.name) {
            monitor.unplug()
            guard let compositor else { return .failed("Mutter is not running") }
            do {
                try MutterHeadless.applyUnlessCurrent(layout, to: compositor)
            } catch {
                return .done(detail: "stopped \(connector)'s ScreenCast session; Mutter kept its own layout of the rest: \(error)")
            }
            return .done(detail: "stopped \(connector)'s ScreenCast session")
        }
        if !layout.contains(where: \.primary), !layout.isEmpty { layout[0].primary = true }
        if let refused = try applyLayout(reverting: before, display.name) { return refused }
        return .done(detail: "turned \(connector) off")
    }

    // MARK: Observing

    package func observe(window name: String) async -> WindowObservation {
        var observation = traceObservation(
            of: name, noPreferredScale: Self.noPreferredScale, unavailableBecause: Self.noWindowControl,
            displayName: names.display(for:))
        if let reason = displaced[name] {
            observation.screen = .unavailable(reason)
            observation.markScaleDependentFactsUnavailable(reason)
            return observation
        }
        guard case .value(let screen) = observation.screen, let screen else { return observation }
        if let reason = scaleNotes[screen] ?? names.scaleNote(screen) {
            observation.markScaleDependentFactsUnavailable(reason)
        }
        return observation
    }

    package func observeDisplays() async -> [DisplayObservation] {
        guard let compositor, let state = try? MutterHeadless.displayState(of: compositor) else { return [] }
        return state.logicalMonitors.compactMap { logical -> DisplayObservation? in
            guard let frame = MutterHeadless.logicalFrame(of: logical, in: state.monitors) else { return nil }
            return DisplayObservation(
                name: names.display(for: logical.connector),
                logicalRect: Rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height),
                scale: Scale(logical.scale) ?? .one)
        }
    }
}

import DioramaModel
import DioramaScenarios
import Foundation
import HeadlessCompositors

/// Runs scenarios on a real headless Mutter 43 (`--on mutter`): one virtual
/// monitor per starting display, at its mode, laid out at its position and
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
/// Mutter has no scripting interface: a window cannot be placed, sized or
/// read back, so those steps are skipped with the reason, and which displays
/// a window is on is unavailable (its app's screen is still observed).
/// Mutter makes monitors at run time only as ScreenCast virtual monitors fed
/// by a PipeWire consumer, which this backend does not drive: `plug` and
/// `unplug` are skipped too.
public final class MutterScenarioBackend: TraceBoundWindowsBackend, ScenarioBackend {
    public let kind = BackendKind.mutter
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

    public init(configuration: BackendConfiguration) {
        super.init(configuration: configuration, compositorName: "Mutter", windowFindingLimit: Self.noWindowControl)
    }

    var compositor: RunningCompositor? { run?.compositor }

    // MARK: Start

    public func start(_ setup: ScenarioSetup) async throws {
        let displays = try SimulatorLayout.layout(for: setup.displays).displays
        guard !displays.isEmpty else { throw ScenarioBackendError.badLayout("the layout has no display") }
        let compositor = try startCompositor(setup) {
            try MutterHeadless.start(monitorSizes: displays.map { ($0.mode.width, $0.mode.height) })
        }
        do {
            let monitors = try MutterHeadless.displayState(of: compositor).monitors
            for (index, display) in displays.enumerated() {
                let connector = MutterHeadless.monitorName(index: index)
                names.add(display: display.name, output: connector, scale: display.scale)
                layout.append(
                    .init(
                        x: display.position.x, y: display.position.y,
                        scale: supportedScale(display.scale, display: display.name, connector: connector, monitors: monitors),
                        primary: index == 0, connector: connector))
            }
            try MutterHeadless.apply(layout, to: compositor)
        } catch {
            await stop()
            throw ScenarioBackendError.unavailable("Mutter did not take the scenario's layout: \(error)")
        }
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
        case .moveToDisplay(let window, _), .moveToPosition(let window, _), .resize(let window, _, _),
            .maximize(let window), .fullscreen(let window, _), .minimize(let window):
            let reason = "\(Self.noWindowControl) (`\(action.keyword)`)"
            displaced[window.name] = "`\(window.name)` is not where the scenario put it: \(reason)"
            return .skipped(reason)
        case .focus, .close:
            return .skipped("\(Self.noWindowControl) (`\(action.keyword)`)")
        case .type, .click, .drag, .touch, .doubleClick, .pointerPress, .pointerMove, .pointerRelease, .keyPress, .keyRelease, .holdKey,
            .scroll:
            return .skipped("the mutter backend drives no keyboard, pointer or touchscreen (`\(action.keyword)`)")
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
        case .plugDisplay, .unplugDisplay:
            return .skipped(
                "Mutter adds a monitor at run time only as a ScreenCast virtual monitor fed by a PipeWire consumer, which the mutter backend does not drive (`\(action.keyword)`)"
            )
        case .screenshot:
            return .skipped("screenshots are not taken on Mutter")
        case .declareWindow, .quit, .relaunch, .wait, .launch, .waitUntil, .expect:
            return try await performClientStep(action) ?? .failed("`\(action.keyword)` was not performed")
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
        do {
            try MutterHeadless.apply(layout, to: compositor)
        } catch CompositorLaunchError.helperFailed(_, _, let output) where output.contains("not adjacent") {
            // Mutter's rule, not a failure of the step: its logical monitors
            // must touch, and this change leaves a gap or an overlap.
            layout = before
            return .skipped(
                "Mutter requires its monitors to touch, and this change would leave \(display.name) apart from its neighbours (Mutter: Logical monitors not adjacent)"
            )
        }
        return .done(detail: [scaleNotes[display.name], names.scaleNote(display.name)].compactMap { $0 }.first)
    }

    // MARK: Observing

    public func observe(window name: String) async -> WindowObservation {
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

    public func observeDisplays() async -> [DisplayObservation] {
        guard let compositor, let state = try? MutterHeadless.displayState(of: compositor) else { return [] }
        return state.logicalMonitors.compactMap { logical -> DisplayObservation? in
            guard let monitor = state.monitors.first(where: { $0.connector == logical.connector }) else { return nil }
            // Logical layout mode: a monitor's logical size is its mode over its scale.
            return DisplayObservation(
                name: names.display(for: logical.connector),
                logicalRect: Rect(
                    x: logical.x, y: logical.y,
                    width: Int((Double(monitor.width) / logical.scale).rounded()),
                    height: Int((Double(monitor.height) / logical.scale).rounded())),
                scale: Scale(logical.scale) ?? .one)
        }
    }
}

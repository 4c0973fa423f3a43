import DioramaModel
import DioramaScenarios
import Foundation
import HeadlessCompositors

/// Runs scenarios on a real headless weston 10 (`--on weston`), for startup
/// and scale expectations: one output, at the scenario's first display's size
/// and scale (rounded up to a whole number: weston's headless output has an
/// integer scale), and no window-manager control at all.
///
/// weston has no IPC: nothing tells the runner where a window is. So a window
/// can only be named for a Diorama app (its runtime trace records each
/// toplevel's app_id and title), and every fact comes from that trace: the
/// app's screen (the only output, under the scenario's name), its own commits
/// for buffer, scale and viewport, its size restrictions. Every step that
/// needs a second display or a window-manager command is skipped with the
/// reason; `launch`, `window`, `quit`, `relaunch` and `wait` work.
///
/// Settling: the scene's runtime-trace records other than `commit` and key repeats stayed the
/// same for ``quietPeriod``.
package final class WestonScenarioBackend: TraceBoundWindowsBackend, ScenarioBackend {
    package let kind = BackendKind.weston
    static let noPreferredScale = "weston 10 sends no preferred scale (no fractional-scale-v1, no preferred_buffer_scale)"
    static let noWindowManager = "weston has no IPC to command its window manager"

    /// The one output, as the scenario names it and lays it out.
    private var display: DisplayObservation?
    /// Why the output's scale differs from the scenario's, if it does.
    private var scaleNote: String?
    package init(configuration: BackendConfiguration) {
        super.init(configuration: configuration, compositorName: "weston", windowFindingLimit: Self.noWindowManager)
    }

    // MARK: Start and stop

    package func start(_ setup: ScenarioSetup) async throws {
        let layout = try SimulatorLayout.layout(for: setup)
        guard let first = layout.displays.first else { throw ScenarioBackendError.badLayout("the layout has no display") }
        let scale = first.scale.ceil()
        if !first.scale.isInteger {
            scaleNote = "\(first.name) asks for scale \(first.scale); weston's headless output has integer scales only, so it runs at \(scale)"
        }
        let logical = Size(width: first.mode.width / scale, height: first.mode.height / scale)
        display = DisplayObservation(
            name: first.name, logicalRect: Rect(origin: first.position, size: logical),
            scale: Scale(integer: scale) ?? .one)
        try startCompositor(setup) {
            try WestonHeadless.start(scale: scale, width: logical.width, height: logical.height)
        }
    }

    // MARK: Steps

    override func performAction(_ action: StepAction) async throws -> StepOutcome {
        switch action {
        case .declareWindow, .quit, .relaunch, .wait, .launch, .waitUntil, .expect:
            return try await performClientStep(action) ?? .failed("`\(action.keyword)` was not performed")
        case .moveToDisplay, .moveToPosition, .resize, .focus, .maximize, .fullscreen, .minimize, .tile, .close, .type,
            .click, .drag, .touch, .doubleClick, .pointerPress, .pointerMove, .pointerRelease, .keyPress, .keyRelease, .holdKey, .scroll:
            return .skipped("\(Self.noWindowManager) (`\(action.keyword)`)")
        case .rescaleDisplay, .rotateDisplay, .moveDisplay:
            return .skipped("weston's headless output is configured once, at start (`\(action.keyword)`)")
        case .plugDisplay, .unplugDisplay:
            return .skipped("the weston backend runs a single output (`\(action.keyword)`)")
        case .screenshot:
            return .skipped("screenshots are not taken on weston")
        }
    }

    // MARK: Observing

    package func observe(window name: String) async -> WindowObservation {
        // One output: whatever weston calls it, it is the scenario's display.
        var observation = traceObservation(
            of: name, noPreferredScale: Self.noPreferredScale,
            unavailableBecause: "weston gives no view of its windows"
        ) { display?.name ?? $0 }
        if display != nil, case .value(let screen) = observation.screen, observation.isDisconnected.value != true {
            observation.enteredDisplays = .value(screen.map { [$0] } ?? [])
        }
        if let scaleNote { observation.markScaleDependentFactsUnavailable(scaleNote) }
        return observation
    }

    package func observeDisplays() async -> [DisplayObservation] {
        display.map { [$0] } ?? []
    }
}

import DioramaModel
import DioramaScenarios
import DioramaSimulator

/// The simulator's values for what a scenario says: its starting displays,
/// a plugged display, its profile.
enum SimulatorLayout {
    /// The starting displays: the layout file's or the scenario's `display`
    /// lines, each at `--refresh`'s rate when the run gives one.
    ///
    /// - Throws: ``ScenarioBackendError/badLayout(_:)`` with the layout file's own
    ///   error (file, line, display, field).
    static func layout(for setup: ScenarioSetup) throws(ScenarioBackendError) -> DisplayLayout {
        var layout: DisplayLayout
        switch setup.displays {
        case .layoutFile(let reference):
            do {
                layout = try DisplayLayout.load(contentsOf: reference.path)
            } catch {
                throw .badLayout("\(error)")
            }
        case .inline(let specs):
            layout = DisplayLayout(displays: specs.map(configuration(for:)))
        }
        return layout.refreshing(at: setup.refreshMilliHz)
    }

    /// What is wrong with a scenario's own `display` lines as a layout —
    /// displays that overlap, or that a scale leaves no points — checked
    /// the way a layout file is (``DisplayLayout/validate(newFrom:)``), as
    /// a diagnostic at the display's line. Nil for a layout file (its own
    /// reader checks it) or lines that make a valid layout. Before, an
    /// overlap was found only when the simulator started, mid-suite, with
    /// no line and exit 1.
    static func problem(inDisplayLinesOf scenario: ValidatedScenario) -> ScenarioDiagnostic? {
        guard case .inline(let specs) = scenario.startingDisplays, !specs.isEmpty else { return nil }
        do {
            try DisplayLayout(displays: specs.map(configuration(for:))).validate()
            return nil
        } catch {
            let spec = specs.first { $0.name == error.display } ?? specs[0]
            return ScenarioDiagnostic(
                location: spec.location, message: "display `\(spec.name)`: \(error.problem)",
                hint: "display lines follow the rules of a layout file (Docs/display-layout.md): place each display beside the others",
                length: spec.name.count)
        }
    }

    static func configuration(for spec: DisplaySpec) -> DisplayConfiguration {
        DisplayConfiguration(
            name: spec.name, mode: DisplayMode(width: spec.modeSize.width, height: spec.modeSize.height, refreshMilliHz: spec.refreshMilliHz),
            scale: spec.scale, transform: spec.transform, position: spec.position)
    }

    static func profile(for profile: ScenarioProfile) -> CompositorProfile {
        switch profile {
        case .modern: .modern
        case .sway17: .sway17
        case .sway17Floating: .sway17Floating
        case .weston10: .weston10
        case .kwin527: .kwin527
        case .mutter43: .mutter43
        }
    }

    /// Where `move W to DISPLAY` puts a floating window: centred in the display's
    /// usable area, or at its top-left corner when it does not fit.
    static func centredPosition(of size: Size, in area: Rect) -> Point {
        Point(
            x: area.minX + max(0, (area.width - size.width) / 2),
            y: area.minY + max(0, (area.height - size.height) / 2))
    }
}

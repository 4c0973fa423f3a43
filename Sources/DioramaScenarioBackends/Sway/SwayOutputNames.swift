import DioramaModel
import DioramaScenarios

/// The scenario's display names and a real compositor's output names, both
/// ways, with the scale the scenario asked for on each display.
///
/// Compositors name headless outputs themselves (wlroots `HEADLESS-1`, KWin
/// `Virtual-0`, Mutter `Meta-0`); scenarios say `DP-1`, `HDMI-A-1`, `TV`.
/// Steps translate to the compositor's names, observations back to the
/// scenario's, so a report never shows a name the file did not use. (Named
/// for sway, where it began; KWin and Mutter use it too.)
struct SwayOutputNames {
    /// The compositor that gives clients integer scales only ("sway 1.7",
    /// "Mutter 43"), for ``scaleNote(_:)``; nil for one that sends clients
    /// fractional scales (KWin).
    let integerClientScalesOn: String?
    private var outputByDisplay: [String: String] = [:]
    private var displayByOutput: [String: String] = [:]
    /// The scale the scenario asked for, by display name.
    private var requestedScale: [String: Scale] = [:]

    init(integerClientScalesOn: String? = "sway 1.7") {
        self.integerClientScalesOn = integerClientScalesOn
    }

    mutating func add(display: String, output: String, scale: Scale) {
        outputByDisplay[display] = output
        displayByOutput[output] = display
        requestedScale[display] = scale
    }

    mutating func setScale(_ scale: Scale, of display: String) {
        requestedScale[display] = scale
    }

    /// sway's output for a scenario display.
    ///
    /// - Throws: ``ScenarioBackendError/badLayout(_:)`` for a display sway does
    ///   not have (one whose `plug` was skipped).
    func output(for display: String) throws(ScenarioBackendError) -> String {
        guard let output = outputByDisplay[display] else {
            throw .badLayout("display \(display) is not one of sway's outputs (known: \(outputByDisplay.keys.sorted().joined(separator: ", ")))")
        }
        return output
    }

    /// The scenario's name for an output (the compositor's own name for one the
    /// scenario did not make).
    func display(for output: String) -> String { displayByOutput[output] ?? output }

    /// Why the display does not run at the scale the scenario asked for, or nil
    /// when it does: sway 1.7 lays a fractional-scale output out at that scale
    /// but sends clients `wl_output.scale` rounded up, and they render at that.
    func scaleNote(_ display: String) -> String? {
        guard let compositor = integerClientScalesOn, let scale = requestedScale[display], !scale.isInteger else { return nil }
        return
            "\(display) asks for scale \(scale); \(compositor) has integer client scales only, so clients get wl_output.scale \(scale.ceil()) and \(compositor) scales their frames down"
    }

    /// Makes the scale-dependent facts unavailable while the window is on a
    /// display sway cannot give its fractional scale.
    func markScaleDependentFactsUnavailable(_ observation: inout WindowObservation, onDisplays displays: [String]) {
        guard let reason = displays.lazy.compactMap(scaleNote).first else { return }
        observation.markScaleDependentFactsUnavailable(reason)
    }
}

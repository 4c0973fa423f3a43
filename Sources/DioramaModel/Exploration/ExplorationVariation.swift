/// One legal change to what a compositor tells its clients: a value
/// (an output's physical size, a scale, where displays are) or an order (the
/// preferred scale before `enter`), each allowed by the protocol XML
/// (`Docs/explore.md` cites the text). `diorama check --explore` runs its
/// battery under each one and under seeded combinations; a scenario names
/// them on a `vary:` line, `diorama check --profile` after a `+`
/// (`modern+physical-size-minus-1`).
///
/// Only the names and what they mean live here, so the scenario language can
/// check them; the simulator applies them (`DioramaSimulator`'s
/// `ExplorationVariation.apply`).
package enum ExplorationVariation: String, Hashable, Sendable, CaseIterable, Codable {
    /// `wl_output.geometry` says 0 × 0 mm, as for projectors and virtual outputs.
    case physicalSizeZero = "physical-size-zero"
    /// `wl_output.geometry` says -1 × -1 mm, as KWin 5.27's virtual outputs do.
    case physicalSizeMinusOne = "physical-size-minus-1"
    /// `wl_output.geometry` says 1,000,000 × 1,000,000 mm (a kilometre).
    case physicalSizeHuge = "physical-size-huge"
    /// `wl_output.geometry` has an empty make and model.
    case blankMakeModel = "blank-make-model"
    /// `wl_output` is offered at version 3: no `name` or `description` events.
    case outputVersion3 = "output-v3"
    /// The one `wl_output.mode` is flagged `current` only, not `preferred`.
    case modeCurrentOnly = "mode-current-only"
    /// The display the battery uses for a fractional scale is at 1.25.
    case scale125 = "scale-1.25"
    /// The display the battery uses for a fractional scale is at 1.75.
    case scale175 = "scale-1.75"
    /// The display the battery uses for a fractional scale is at 2.25.
    case scale225 = "scale-2.25"
    /// The display the battery uses for a fractional scale is at 3.
    case scale3 = "scale-3"
    /// Every display sits at negative coordinates (the layout moved up and left).
    case negativePositions = "negative-positions"
    /// The displays are 300 points apart, with no display between them.
    case displayGaps = "display-gaps"
    /// `wp_fractional_scale_v1.preferred_scale` and
    /// `wl_surface.preferred_buffer_scale` come before the `enter` of the
    /// display that caused them, not after.
    case preferredScaleBeforeEnter = "preferred-scale-before-enter"
    /// `zxdg_output_manager_v1` is offered at version 2, so every xdg_output
    /// change ends with `zxdg_output_v1.done` (deprecated since version 3).
    case xdgOutputDone = "xdg-output-done"
    /// A client that binds a display's `wl_output` while one of its surfaces
    /// is on that display gets the surface's `wl_surface.enter` before the
    /// output's first `wl_output.done`, not after.
    case enterBeforeOutputDone = "enter-before-output-done"
    /// On an unplug, `wl_registry.global_remove` comes before the
    /// `wl_surface.leave` of the surfaces that were on the display, not after.
    case leaveAfterGlobalRemove = "leave-after-global-remove"
    /// When a display moves, rescales, rotates or is plugged or unplugged,
    /// the configures it calls for (a maximized window's new size, new
    /// `configure_bounds`) come before the windows' `enter`, `leave` and
    /// preferred scale, not after.
    case configureBeforeScale = "configure-before-scale"
    /// A floating window's configures say 0 × 0 (the client picks its size)
    /// where the simulator would repeat the window's current size.
    case configureZeroSize = "configure-zero-size"
    /// `xdg_toplevel.configure_bounds` is half the window's minimum size on
    /// each side that has one, smaller than the display's usable area.
    case boundsBelowMinimum = "bounds-below-minimum"
    /// A display change reaches clients in two writes: its output events
    /// (or an unplug's first half) are flushed before the surface events.
    case splitDispatch = "split-dispatch"

    /// What the variation does, in one sentence for reports and `--help`.
    package var summary: String {
        switch self {
        case .physicalSizeZero: "outputs report a physical size of 0 x 0 mm"
        case .physicalSizeMinusOne: "outputs report a physical size of -1 x -1 mm (KWin 5.27's virtual outputs)"
        case .physicalSizeHuge: "outputs report a physical size of 1000000 x 1000000 mm"
        case .blankMakeModel: "outputs have an empty make and model"
        case .outputVersion3: "wl_output version 3: no name or description events"
        case .modeCurrentOnly: "the output mode is flagged current but not preferred"
        case .scale125, .scale175, .scale225, .scale3:
            "the fractional display is at scale \(fractionalScale.map { "\($0)" } ?? "?")"
        case .negativePositions: "every display is at negative coordinates"
        case .displayGaps: "the displays are 300 points apart"
        case .preferredScaleBeforeEnter: "the preferred scale arrives before the enter of its display"
        case .xdgOutputDone: "zxdg_output_manager_v1 version 2: xdg_output.done ends every change"
        case .enterBeforeOutputDone: "a surface's enter for a newly bound output comes before that output's first done"
        case .leaveAfterGlobalRemove: "on an unplug, global_remove comes before the surfaces' leave"
        case .configureBeforeScale: "a display change's configures come before the enter, leave and preferred scale"
        case .configureZeroSize: "a floating window's configures are 0 x 0 instead of its current size"
        case .boundsBelowMinimum: "configure_bounds is half the window's minimum size"
        case .splitDispatch: "a display change's output events and surface events are flushed separately"
        }
    }

    /// The scale a `scale-*` variation gives the battery's fractional display.
    package var fractionalScale: Scale? {
        switch self {
        case .scale125: Scale(numerator120: 150)
        case .scale175: Scale(numerator120: 210)
        case .scale225: Scale(numerator120: 270)
        case .scale3: Scale(numerator120: 360)
        default: nil
        }
    }

    /// A profile name with variations after `+` (`modern+physical-size-minus-1+scale-3`):
    /// the base profile's name and the variations, in the order written.
    ///
    /// - Throws: ``UnknownExplorationVariation`` for a name that is not a variation.
    package static func split(profileName: String) throws(UnknownExplorationVariation) -> (base: String, variations: [Self]) {
        let parts = profileName.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        var variations: [Self] = []
        for part in parts.dropFirst() {
            guard let variation = Self(rawValue: part) else { throw UnknownExplorationVariation(name: part) }
            variations.append(variation)
        }
        return (parts[0], variations)
    }

    /// `base+a+b`: how a varied profile is named in reports and on the command line.
    package static func profileName(base: String, _ variations: [Self]) -> String {
        ([base] + variations.map(\.rawValue)).joined(separator: "+")
    }
}

/// A variation name that is not one of ``ExplorationVariation``'s.
package struct UnknownExplorationVariation: Error, Equatable, CustomStringConvertible {
    package var name: String

    package var description: String {
        "\"\(name)\" is not a variation; the variations are "
            + ExplorationVariation.allCases.map(\.rawValue).joined(separator: ", ")
    }
}

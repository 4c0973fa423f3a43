/// How one compositor lays out its `wl_output` and `xdg_output` events, as
/// data: what ``OutputEventStyle`` names, read by ``Display`` where it sends
/// them (no branch there asks which compositor it imitates).
struct OutputEventRules: Hashable, Sendable {
    /// A `wl_output` property event.
    enum Property: Hashable, Sendable { case geometry, mode, scale, name, description }

    /// What a move, rescale or rotation sends besides the `done`.
    enum ChangeEvents: Hashable, Sendable {
        /// geometry, mode, scale and description, every time.
        case all
        /// geometry, plus the mode or scale only if it changed (wlroots).
        case geometryAndWhatChanged
        /// Only what changed, on both wl_output and xdg_output (KWin).
        case whatChanged
        /// The mode or scale only if it changed, never geometry (a moved
        /// output's new position is told by xdg_output alone); xdg_output
        /// sends position and size every time (Mutter 43).
        case modeOrScaleIfChanged
    }

    /// The property events a client binding the output gets, in order,
    /// before its `done` (those its version lacks are left out).
    var bindOrder: [Property]
    var changeEvents: ChangeEvents
    /// Whether `wl_output.geometry` carries the display's global position;
    /// wlroots sends 0,0 (positions are xdg_output's).
    var geometryCarriesPosition = true
    /// Whether xdg_output sends name and description before position and size.
    var xdgNamesFirst = false
    /// Whether xdg_output sends a description (weston sends none).
    var xdgDescription = true
    /// Whether, on creation, an xdg_output.done (before version 3) is
    /// followed by a wl_output.done (wlroots).
    var wlOutputDoneAfterXdgDone = false
    /// Whether a change sends xdg_output's events before wl_output's (KWin).
    var xdgFirstOnChange = false
    /// Whether a change's `done` comes after the surfaces' enter, leave and
    /// preferred scale it causes (KWin), rather than right after the
    /// output's own events.
    var doneAfterSurfaceEvents = false
    /// Whether a change ends with the `xdg_output.done` (to clients of
    /// xdg_output before version 3) after the `wl_output.done` (Mutter),
    /// rather than before it.
    var xdgDoneLastOnChange = false
    /// Whether a change sends `wl_output.done` only to an output object it
    /// sent something (a property, or its xdg_output's position and size):
    /// Mutter tells a client without xdg_output nothing about a monitor
    /// that only moved. Otherwise every bound output gets its `done`.
    var doneOnlyAfterEvents = false

    /// `wl_output` in the protocol's order: geometry, mode, scale, name, description.
    static let complete = OutputEventRules(bindOrder: [.geometry, .mode, .scale, .name, .description], changeEvents: .all)
    /// wlroots 0.15 (sway 1.7).
    static let wlroots = OutputEventRules(
        bindOrder: [.geometry, .mode, .scale, .name, .description], changeEvents: .geometryAndWhatChanged,
        geometryCarriesPosition: false, xdgNamesFirst: true, wlOutputDoneAfterXdgDone: true)
    /// weston 10: the scale before the mode, no xdg_output description.
    static let weston = OutputEventRules(
        bindOrder: [.geometry, .scale, .mode, .name, .description], changeEvents: .all, xdgDescription: false)
    /// KWin 5.27: name and description first, geometry last; a change sends
    /// only what changed, xdg_output's first.
    static let kwin = OutputEventRules(
        bindOrder: [.name, .description, .mode, .scale, .geometry], changeEvents: .whatChanged, xdgFirstOnChange: true,
        doneAfterSurfaceEvents: true)
    /// Mutter 43: the protocol's order on bind; a change sends the mode or
    /// scale that changed (no geometry, no description), then xdg_output's
    /// position and size, `wl_output.done`, and `xdg_output.done` last; an
    /// output object told nothing gets no `done`.
    static let mutter = OutputEventRules(
        bindOrder: [.geometry, .mode, .scale, .name, .description], changeEvents: .modeOrScaleIfChanged,
        xdgDoneLastOnChange: true, doneOnlyAfterEvents: true)
}

extension OutputEventStyle {
    /// The rules this style names.
    var rules: OutputEventRules {
        switch self {
        case .complete: .complete
        case .wlroots: .wlroots
        case .weston: .weston
        case .kwin: .kwin
        case .mutter: .mutter
        }
    }
}

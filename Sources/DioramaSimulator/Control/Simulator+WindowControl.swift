import DioramaControlProtocol
import DioramaModel

// The window commands of the public control API, as `diorama ctl`,
// scenarios and tests call them; each forwards to ``WindowCommands``. Each
// command changes the window's state, sends the protocol events the change
// causes (in the order Docs/simulator.md gives) and returns; the client's
// answer arrives on later dispatches. `isSettled` tells when it has.

extension Simulator {
    /// The one window `selector` matches. Windows whose surface the client
    /// destroyed are never chosen: selecting only such a window is
    /// ``SimulatorControlError/windowGone(_:)``, so a command cannot report
    /// success on a window nothing shows.
    public func window(_ selector: WindowSelector) throws(SimulatorControlError) -> Window {
        try windowCommands.window(selector)
    }

    /// Moves the window's top-left (window geometry) to a global logical
    /// position. A maximized or fullscreen window is restored first, as
    /// dragging one out does on a desktop.
    public func moveWindow(_ selector: WindowSelector, to position: Point) throws(SimulatorControlError) {
        try windowCommands.moveWindow(selector, to: position)
    }

    /// Moves the window onto another display, keeping its offset from the
    /// usable area's corner; a maximized or fullscreen window stays so there.
    /// Whether it keeps focus follows the profile
    /// (``CompositorProfile/movedWindowKeepsFocus``); Docs/simulator.md gives
    /// the order of the events.
    public func moveWindow(_ selector: WindowSelector, toDisplay name: String) throws(SimulatorControlError) {
        try windowCommands.moveWindow(selector, toDisplay: name)
    }

    /// Asks the window to take a size (clamped to its hints unless the
    /// profile only honours them interactively).
    public func resizeWindow(_ selector: WindowSelector, to size: Size) throws(SimulatorControlError) {
        try windowCommands.resizeWindow(selector, to: size)
    }

    /// Resizes as a user dragging the corner would: `steps` configures with
    /// the `resizing` state at sizes from the current to `size`, each sent
    /// after the client acknowledged and committed the one before, then a
    /// final configure without `resizing`.
    public func resizeWindowInteractively(_ selector: WindowSelector, to size: Size, steps: Int) throws(SimulatorControlError) {
        try windowCommands.resizeWindowInteractively(selector, to: size, steps: steps)
    }

    /// Gives the window focus (keyboard and `activated`), restoring it if minimized.
    public func focusWindow(_ selector: WindowSelector) throws(SimulatorControlError) {
        try windowCommands.focusWindow(selector)
    }

    /// Maximizes the window on its display, or restores it.
    public func maximizeWindow(_ selector: WindowSelector, _ maximized: Bool = true) throws(SimulatorControlError) {
        try windowCommands.maximizeWindow(selector, maximized)
    }

    /// Makes the window fullscreen on a display (its home display when nil), or ends fullscreen.
    public func fullscreenWindow(
        _ selector: WindowSelector, on displayName: String? = nil,
        _ fullscreen: Bool = true
    ) throws(SimulatorControlError) {
        try windowCommands.fullscreenWindow(selector, on: displayName, fullscreen)
    }

    /// Sets which edges the window is tiled against (a subset of
    /// ``ToplevelStates/tiled``; empty to untile) and sends a configure. Tiled
    /// states need xdg_toplevel version 2; older clients are configured
    /// without them.
    public func tileWindow(_ selector: WindowSelector, edges: ToplevelStates) throws(SimulatorControlError) {
        try windowCommands.tileWindow(selector, edges: edges)
    }

    /// Tiles the window to `half` of its display, or untiles it with nil, as
    /// KWin's and Mutter's quick-tile keys do: the half's size and its three
    /// `tiled_*` states (``HalfTile/edges``), the halves split as the profile's
    /// compositor splits them; untiled, the window gets its earlier frame back.
    ///
    /// - Throws: ``SimulatorControlError/halfTilingUnsupported(profile:)``
    ///   under a profile whose compositor has no half tiling (sway, weston).
    public func halfTileWindow(_ selector: WindowSelector, _ half: HalfTile?) throws(SimulatorControlError) {
        try windowCommands.halfTileWindow(selector, half)
    }

    /// Minimizes the window (it leaves its displays and loses focus), or restores it.
    public func minimizeWindow(_ selector: WindowSelector, _ minimized: Bool = true) throws(SimulatorControlError) {
        try windowCommands.minimizeWindow(selector, minimized)
    }

    /// Sends `xdg_toplevel.close`: a request to close, which the client may ignore.
    public func closeWindow(_ selector: WindowSelector) throws(SimulatorControlError) {
        try windowCommands.closeWindow(selector)
    }

    /// Types `text` into the window with the simulator's us keymap, focusing it first.
    public func typeText(_ text: String, into selector: WindowSelector) throws(SimulatorControlError) {
        try windowCommands.typeText(text, into: selector)
    }

    /// Presses and releases named keys (xkb keysym names: `Return`, `Escape`, `F1`).
    public func pressKeys(_ names: [String], in selector: WindowSelector) throws(SimulatorControlError) {
        try windowCommands.pressKeys(names, in: selector)
    }

    /// Whether the window has answered every configure with an ack and a commit.
    public func isSettled(_ selector: WindowSelector) throws(SimulatorControlError) -> Bool {
        try windowCommands.isSettled(selector)
    }
}

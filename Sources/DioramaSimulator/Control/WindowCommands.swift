import DioramaControlProtocol
import DioramaModel
import WaylandServer

/// The window commands scripts call (`diorama ctl`, scenarios, tests,
/// through ``Simulator``'s public methods): each finds its window by a
/// ``WindowSelector``, checks what the command needs (a mapped window, a
/// known display, a keymap), has the ``WindowManager`` change the window's
/// state — which sends the protocol events the change causes, in the order
/// Docs/simulator.md gives — and returns. The client's answer arrives on
/// later dispatches; ``isSettled(_:)`` tells when it has.
final class WindowCommands {
    let windowManager: WindowManager
    /// The keymap text is typed with, and the keyboard it is typed on.
    let seat: SeatServer

    init(windowManager: WindowManager, seat: SeatServer) {
        self.windowManager = windowManager
        self.seat = seat
    }

    private var displays: DisplayArrangement { windowManager.displays }

    /// The one window `selector` matches; see ``WindowManager/window(_:)``.
    func window(_ selector: WindowSelector) throws(SimulatorControlError) -> Window {
        try windowManager.window(selector)
    }

    private func mappedWindow(_ selector: WindowSelector) throws(SimulatorControlError) -> Window {
        let window = try window(selector)
        guard window.isMapped else { throw .windowNotMapped(window.id) }
        return window
    }

    func moveWindow(_ selector: WindowSelector, to position: Point) throws(SimulatorControlError) {
        windowManager.place(try window(selector), at: position)
    }

    func moveWindow(_ selector: WindowSelector, toDisplay name: String) throws(SimulatorControlError) {
        let window = try window(selector)
        windowManager.move(window, toDisplay: try displays.requireDisplay(name))
    }

    func resizeWindow(_ selector: WindowSelector, to size: Size) throws(SimulatorControlError) {
        let window = try window(selector)
        window.requestedSize = size
        windowManager.sendConfigure(window)
    }

    func resizeWindowInteractively(_ selector: WindowSelector, to size: Size, steps: Int) throws(SimulatorControlError) {
        windowManager.beginInteractiveResize(try mappedWindow(selector), to: size, steps: steps)
    }

    func focusWindow(_ selector: WindowSelector) throws(SimulatorControlError) {
        let window = try window(selector)
        if window.isMinimized { windowManager.setMinimized(window, false) } else { windowManager.focus(window) }
    }

    func maximizeWindow(_ selector: WindowSelector, _ maximized: Bool) throws(SimulatorControlError) {
        let window = try window(selector)
        guard !maximized || windowManager.userMayMaximize(window) else { return }
        windowManager.setMaximized(window, maximized)
    }

    func fullscreenWindow(_ selector: WindowSelector, on displayName: String?, _ fullscreen: Bool) throws(SimulatorControlError) {
        let window = try window(selector)
        let target = try displayName.map { name throws(SimulatorControlError) in try displays.requireDisplay(name) }
        windowManager.setFullscreen(window, on: target, enable: fullscreen)
    }

    func tileWindow(_ selector: WindowSelector, edges: ToplevelStates) throws(SimulatorControlError) {
        windowManager.setTiledEdges(try window(selector), edges)
    }

    func halfTileWindow(_ selector: WindowSelector, _ half: HalfTile?) throws(SimulatorControlError) {
        let window = try window(selector)
        guard windowManager.profile.halfTiling != .unsupported else {
            throw .halfTilingUnsupported(profile: windowManager.profile.name)
        }
        windowManager.setHalfTile(window, half)
    }

    func minimizeWindow(_ selector: WindowSelector, _ minimized: Bool) throws(SimulatorControlError) {
        windowManager.setMinimized(try window(selector), minimized)
    }

    func closeWindow(_ selector: WindowSelector) throws(SimulatorControlError) {
        let window = try window(selector)
        guard window.toplevel.isAlive else { return }
        window.toplevel.sendClose()
        windowManager.trace.record(.closeSent(window: window.id))
    }

    /// Types `text` with the simulator's keymap, focusing the window first.
    func typeText(_ text: String, into selector: WindowSelector) throws(SimulatorControlError) {
        try type(Array(text), into: selector, traced: text) { model, character throws(SimulatorControlError) in
            guard character.unicodeScalars.count == 1, let stroke = model.keystroke(for: character.unicodeScalars.first!) else {
                throw .untypable(character)
            }
            return stroke
        }
    }

    /// Presses and releases named keys (xkb keysym names), focusing the window first.
    func pressKeys(_ names: [String], in selector: WindowSelector) throws(SimulatorControlError) {
        try type(names, into: selector, traced: names.map { "<\($0)>" }.joined()) { model, name throws(SimulatorControlError) in
            guard let stroke = model.keystroke(named: name) else { throw .unknownKeyName(name) }
            return stroke
        }
    }

    /// Turns every item into a keystroke first (so nothing is typed when
    /// one cannot be), focuses the window, sends the keystrokes and traces
    /// them as `traced`.
    private func type<Item>(
        _ items: [Item], into selector: WindowSelector, traced: String,
        keystroke: (KeyboardModel, Item) throws(SimulatorControlError) -> KeyboardModel.Keystroke
    ) throws(SimulatorControlError) {
        let window = try mappedWindow(selector)
        guard let model = seat.keyboard else { throw .noKeymap }
        var strokes: [KeyboardModel.Keystroke] = []
        for item in items { strokes.append(try keystroke(model, item)) }
        if windowManager.focusedWindow !== window { try focusWindow(selector) }
        seat.sendKeystrokes(strokes, to: window)
        windowManager.trace.record(.keyboardInput(window: window.id, keys: traced))
    }

    func isSettled(_ selector: WindowSelector) throws(SimulatorControlError) -> Bool {
        try window(selector).isSettled
    }
}

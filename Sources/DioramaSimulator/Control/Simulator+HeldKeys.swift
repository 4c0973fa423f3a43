import DioramaControlProtocol
import DioramaModel

// A key held down and released later, for scenarios' `press W key NAME` /
// `release W key NAME` and `hold W key NAME for D`: the compositor sends one
// press, and the client repeats the key itself for as long as it is down
// (wl_keyboard.repeat_info). Held modifier keys (Shift, Control, Alt,
// Super) change wl_keyboard.modifiers for every later event, until released.

extension Simulator {
    /// The xkb real-modifier bit each modifier keysym name sets: xkbcommon
    /// numbers Shift, Lock, Control, Mod1 … Mod5 as 0 … 7 in every keymap,
    /// and the us keymap puts Alt on Mod1 and Super on Mod4.
    static let modifierKeyMasks: [String: UInt32] = [
        "Shift_L": 1 << 0, "Shift_R": 1 << 0, "Control_L": 1 << 2, "Control_R": 1 << 2,
        "Alt_L": 1 << 3, "Alt_R": 1 << 3, "Super_L": 1 << 6, "Super_R": 1 << 6,
    ]

    /// Focuses the window and presses the named key (an xkb keysym name:
    /// `Right`, `a`, `Shift_L`) without releasing it.
    public func holdKey(_ name: String, in selector: WindowSelector) throws(SimulatorControlError) {
        try sendKey(name, pressed: true, in: selector)
    }

    /// Releases a key `holdKey` pressed (the window keeps focus).
    public func releaseKey(_ name: String, in selector: WindowSelector) throws(SimulatorControlError) {
        try sendKey(name, pressed: false, in: selector)
    }

    private func sendKey(_ name: String, pressed: Bool, in selector: WindowSelector) throws(SimulatorControlError) {
        let window = try window(selector)
        guard window.isMapped else { throw .windowNotMapped(window.id) }
        guard let model = seat.keyboard else { throw .noKeymap }
        guard let stroke = model.keystroke(named: name) else { throw .unknownKeyName(name) }
        if focusedWindow !== window { try focusWindow(selector) }
        let modifier = Self.modifierKeyMasks[name]
        if let modifier {
            model.heldModifiers = pressed ? model.heldModifiers | modifier : model.heldModifiers & ~modifier
        }
        guard let surface = window.surface, let record = clientRegistry.record(surface.resource.client) else { return }
        let time = UInt32(truncatingIfNeeded: clock.nanoseconds / 1_000_000)
        for keyboard in record.keyboards where keyboard.isAlive {
            keyboard.sendKey(serial: nextSerial(), time: time, key: stroke.keycode, state: pressed ? .pressed : .released)
            if modifier != nil {
                keyboard.sendModifiers(serial: nextSerial(), modsDepressed: model.heldModifiers, modsLatched: 0, modsLocked: 0, group: 0)
            }
        }
        trace.record(.keyboardInput(window: window.id, keys: "<\(name) \(pressed ? "down" : "up")>"))
    }
}

/// A key pressed or released, already translated through the keymap.
package struct KeyEvent: Hashable, Sendable {
    package var serial: UInt32
    /// The compositor's timestamp in milliseconds (arbitrary base).
    package var timeMillis: UInt32
    /// The Linux evdev key code (KEY_A is 30).
    package var keycode: UInt32
    /// The keysym with the modifiers in effect (XKB_KEY_*, e.g. 0x51 for Q);
    /// 0 when there is no keymap or the key has no single keysym.
    package var keysym: UInt32
    /// The text the key types (nil for modifiers, arrows, releases of those…).
    package var text: String?
    package var isPressed: Bool

    package init(serial: UInt32, timeMillis: UInt32, keycode: UInt32, keysym: UInt32, text: String?, isPressed: Bool) {
        self.serial = serial
        self.timeMillis = timeMillis
        self.keycode = keycode
        self.keysym = keysym
        self.text = text
        self.isPressed = isPressed
    }

    /// The keysym's name (`Q`, `Return`).
    package var keysymName: String { Keymap.name(ofKeysym: keysym) }
}

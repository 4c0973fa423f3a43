import CXKBCommon

/// X keysyms, looked up as xkbcommon names them: what the simulator's
/// keyboard types and what a real compositor's virtual keyboard is asked
/// to press (Mutter's `NotifyKeyboardKeysym` takes keysyms, not keycodes).
public enum Keysyms {
    /// The keysym of a key name such as `Return`, `Shift_L`, `F1`, `a`; nil
    /// for a name xkbcommon does not know.
    public static func named(_ name: String) -> UInt32? {
        let keysym = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
        return keysym == 0 ? nil : keysym
    }

    /// The keysym that types `character`: a line feed is the Return key and
    /// a tab the Tab key (a typed control character is no key); nil when no
    /// keysym types it.
    public static func typing(_ character: Unicode.Scalar) -> UInt32? {
        let keysym: UInt32
        switch character {
        case "\n": keysym = 0xff0d  // Return
        case "\t": keysym = 0xff09  // Tab
        default: keysym = xkb_utf32_to_keysym(character.value)
        }
        return keysym == 0 ? nil : keysym
    }
}

import CXKBCommon

#if canImport(Glibc)
    import Glibc
#endif

/// A compiled xkb keymap with its keyboard state: turns evdev key codes into
/// keysyms and text, following the modifiers the compositor reports.
///
/// Wayland sends key codes as Linux evdev codes; xkb numbers the same keys 8
/// higher (an X11 legacy), so every lookup adds 8.
package final class Keymap {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer

    /// Compiles the keymap the compositor shared: `size` bytes of xkb text
    /// (including its terminating NUL) behind `fd`. Does not take `fd`.
    package convenience init(fd: Int32, size: Int) throws(KeymapError) {
        // MAP_PRIVATE: from wl_keyboard v7 the compositor may hand out a
        // read-only fd that must be mapped private.
        let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else {
            throw .mapFailed(size: size, errno: errno)
        }
        defer { munmap(address, size) }
        let bytes = UnsafeRawBufferPointer(start: address, count: size)
        // The text usually ends in a NUL, which xkb must not see as part of it.
        let length = bytes.firstIndex(of: 0) ?? size
        try self.init(bytes: UnsafeRawBufferPointer(rebasing: bytes[0..<length]))
    }

    /// Compiles keymap text (xkb v1 format, as `xkbcomp` or
    /// `xkb_keymap_get_as_string` produce).
    package convenience init(text: String) throws(KeymapError) {
        var utf8 = Array(text.utf8)
        let count = utf8.count
        let result: Result<(OpaquePointer, OpaquePointer, OpaquePointer), KeymapError> = utf8.withUnsafeMutableBytes { raw in
            Keymap.compile(UnsafeRawBufferPointer(raw), size: count)
        }
        let (context, keymap, state) = try result.get()
        self.init(context: context, keymap: keymap, state: state)
    }

    private convenience init(bytes: UnsafeRawBufferPointer) throws(KeymapError) {
        let (context, keymap, state) = try Keymap.compile(bytes, size: bytes.count).get()
        self.init(context: context, keymap: keymap, state: state)
    }

    private init(context: OpaquePointer, keymap: OpaquePointer, state: OpaquePointer) {
        self.context = context
        self.keymap = keymap
        self.state = state
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    private static func compile(_ bytes: UnsafeRawBufferPointer, size: Int) -> Result<(OpaquePointer, OpaquePointer, OpaquePointer), KeymapError> {
        // A full keymap needs no include path or environment names.
        let flags = xkb_context_flags(rawValue: XKB_CONTEXT_NO_DEFAULT_INCLUDES.rawValue | XKB_CONTEXT_NO_ENVIRONMENT_NAMES.rawValue)
        guard let context = xkb_context_new(flags) else { return .failure(.xkbUnavailable) }
        guard let base = bytes.baseAddress,
            let keymap = xkb_keymap_new_from_buffer(
                context, base.assumingMemoryBound(to: CChar.self), bytes.count,
                XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
        else {
            xkb_context_unref(context)
            return .failure(.compileFailed(size: size))
        }
        guard let state = xkb_state_new(keymap) else {
            xkb_keymap_unref(keymap)
            xkb_context_unref(context)
            return .failure(.xkbUnavailable)
        }
        return .success((context, keymap, state))
    }

    /// Applies `wl_keyboard.modifiers`.
    package func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        _ = xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    /// The keysym the key produces now (with the current modifiers and
    /// layout); 0 (`XKB_KEY_NoSymbol`) when it produces none or several.
    package func keysym(forKeycode evdevCode: UInt32) -> UInt32 {
        xkb_state_key_get_one_sym(state, evdevCode + 8)
    }

    /// Whether holding the key repeats it (letters and arrows do; modifiers
    /// and most function keys do not), as the keymap says.
    package func keyRepeats(_ evdevCode: UInt32) -> Bool {
        xkb_keymap_key_repeats(keymap, evdevCode + 8) != 0
    }

    /// The text the key types now, nil when it types nothing (a modifier, an arrow).
    package func text(forKeycode evdevCode: UInt32) -> String? {
        let needed = xkb_state_key_get_utf8(state, evdevCode + 8, nil, 0)
        guard needed > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(needed) + 1)
        _ = xkb_state_key_get_utf8(state, evdevCode + 8, &buffer, buffer.count)
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// The text the key types with no modifier at all (its first shift
    /// level in the first layout), nil when that types nothing.
    package func unmodifiedText(forKeycode evdevCode: UInt32) -> String? {
        var symbols: UnsafePointer<xkb_keysym_t>?
        guard xkb_keymap_key_get_syms_by_level(keymap, evdevCode + 8, 0, 0, &symbols) == 1, let keysym = symbols?.pointee else {
            return nil
        }
        var buffer = [CChar](repeating: 0, count: 16)
        guard xkb_keysym_to_utf8(keysym, &buffer, buffer.count) > 1 else { return nil }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// The modifiers in effect now.
    package var activeModifiers: KeyboardModifiers {
        var active: KeyboardModifiers = []
        for (modifier, name) in KeyboardModifiers.xkbNames
        where xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) == 1 {
            active.insert(modifier)
        }
        return active
    }

    /// The number of keys (key codes) the keymap defines.
    package var keyCount: Int {
        Int(xkb_keymap_max_keycode(keymap)) - Int(xkb_keymap_min_keycode(keymap)) + 1
    }

    /// The keysym's name (`a`, `Return`, `Shift_L`), as xkbcommon spells it.
    package static func name(ofKeysym keysym: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        guard xkb_keysym_get_name(keysym, &buffer, buffer.count) > 0 else { return "" }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

/// The usual modifiers, as xkb reports them active.
package struct KeyboardModifiers: OptionSet, Hashable, Sendable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    package static let shift = KeyboardModifiers(rawValue: 1 << 0)
    package static let capsLock = KeyboardModifiers(rawValue: 1 << 1)
    package static let control = KeyboardModifiers(rawValue: 1 << 2)
    package static let alt = KeyboardModifiers(rawValue: 1 << 3)
    package static let numLock = KeyboardModifiers(rawValue: 1 << 4)
    package static let logo = KeyboardModifiers(rawValue: 1 << 5)

    /// xkbcommon's modifier names (`XKB_MOD_NAME_*`).
    static let xkbNames: [(KeyboardModifiers, String)] = [
        (.shift, "Shift"), (.capsLock, "Lock"), (.control, "Control"),
        (.alt, "Mod1"), (.numLock, "Mod2"), (.logo, "Mod4"),
    ]
}

import CDioramaShim
import CXKBCommon
import Glibc

/// The keymap the simulator's keyboard uses, compiled once with xkbcommon,
/// and the table to type text with it.
///
/// The keymap comes from fixed RMLVO names (evdev rules, pc105, us layout),
/// not the environment, so every run and every machine types the same keys.
final class KeyboardModel {
    static let rules = "evdev"
    static let model = "pc105"
    static let layout = "us"

    /// The keymap as text (format xkb_v1), sent to clients in a memfd.
    let keymapText: String
    /// For each keysym the keymap can produce: an evdev keycode (xkb keycode
    /// minus 8, as wl_keyboard.key sends) and whether Shift is needed.
    private let strokes: [UInt32: Keystroke]
    /// The modifier mask bit of Shift, for wl_keyboard.modifiers.
    let shiftMask: UInt32
    /// The modifiers of the keys held down with `holdKey` (xkb's depressed mask).
    var heldModifiers: UInt32 = 0

    struct Keystroke: Hashable {
        var keycode: UInt32
        var shift: Bool
    }

    /// Why the keymap could not be compiled (xkeyboard-config missing, usually).
    struct CompileError: Error, CustomStringConvertible {
        var description: String
    }

    init() throws(CompileError) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else {
            throw CompileError(description: "xkb_context_new failed")
        }
        defer { xkb_context_unref(context) }
        let compiled: OpaquePointer? = Self.rules.withCString { rules in
            Self.model.withCString { model in
                Self.layout.withCString { layout in
                    "".withCString { variant in
                        var names = xkb_rule_names(rules: rules, model: model, layout: layout, variant: variant, options: nil)
                        return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                    }
                }
            }
        }
        guard let keymap = compiled else {
            throw CompileError(description: "xkbcommon could not compile the \(Self.layout) keymap; install xkb-data (apt-get install xkb-data)")
        }
        defer { xkb_keymap_unref(keymap) }
        guard let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else {
            throw CompileError(description: "xkb_keymap_get_as_string failed")
        }
        keymapText = String(cString: text)
        free(text)
        let shiftIndex = xkb_keymap_mod_get_index(keymap, "Shift")
        shiftMask = shiftIndex == XKB_MOD_INVALID ? 0 : UInt32(1) << shiftIndex
        var table: [UInt32: Keystroke] = [:]
        // Lower keycodes first and level 0 before level 1, so a keysym reachable
        // without Shift is typed without it.
        for keycode in xkb_keymap_min_keycode(keymap)...xkb_keymap_max_keycode(keymap) {
            let levels = min(2, xkb_keymap_num_levels_for_key(keymap, keycode, 0))
            for level in 0..<levels {
                var symbols: UnsafePointer<xkb_keysym_t>?
                let count = xkb_keymap_key_get_syms_by_level(keymap, keycode, 0, level, &symbols)
                guard count == 1, let symbol = symbols?.pointee, keycode >= 8 else { continue }
                if table[symbol] == nil {
                    table[symbol] = Keystroke(keycode: keycode - 8, shift: level == 1)
                }
            }
        }
        strokes = table
    }

    /// The keystroke that types `character`, or nil when the keymap has none.
    func keystroke(for character: Unicode.Scalar) -> Keystroke? {
        Keysyms.typing(character).flatMap { strokes[$0] }
    }

    /// The keystroke for a keysym name such as `Return`, `Escape`, `F1`.
    func keystroke(named name: String) -> Keystroke? {
        Keysyms.named(name).flatMap { strokes[$0] }
    }

    /// A sealed memfd holding the keymap and a NUL, as wl_keyboard.keymap
    /// wants it; the caller sends and then closes it.
    func makeKeymapFile() -> (descriptor: Int32, size: UInt32)? {
        let descriptor = CDioramaShim_memfd_create("diorama-keymap", CDioramaShim_MFD_CLOEXEC() | CDioramaShim_MFD_ALLOW_SEALING())
        guard descriptor >= 0 else { return nil }
        var bytes = Array(keymapText.utf8)
        bytes.append(0)
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            guard result > 0 else {
                close(descriptor)
                return nil
            }
            written += result
        }
        _ = CDioramaShim_seal_shrink_grow(descriptor)
        return (descriptor, UInt32(bytes.count))
    }
}

import Foundation

/// A key going down or up while the scene has keyboard focus: what
/// `pressesBegan/Ended/Cancelled` deliver, as UIKit's `UIPress` does for a
/// hardware keyboard.
public struct Press: Hashable, Sendable {
    /// The key and what it types (UIKit's `UIPress.key`; never nil here:
    /// every press comes from a keyboard).
    public var key: Key
    /// The compositor's time of the event in seconds, from an arbitrary
    /// monotonic origin (UIKit's `timestamp`): compare two presses, not a
    /// press with the wall clock. A repeat carries the time it was made.
    public var timestamp: TimeInterval
    /// A repeat of a held key. Wayland leaves repeating to the client: after
    /// the compositor's delay (`wl_keyboard.repeat_info`) the runtime calls
    /// `pressesBegan` again at its rate with this set, until the key comes up
    /// (one `pressesEnded`), another key goes down, or focus leaves. UIKit
    /// has no such flag; AppKit's `NSEvent.isARepeat` is the same idea.
    public var isRepeat: Bool

    /// A press as the runtime delivers it (tests build their own).
    public init(key: Key, timestamp: TimeInterval, isRepeat: Bool = false) {
        self.key = key
        self.timestamp = timestamp
        self.isRepeat = isRepeat
    }
}

/// A key of a hardware keyboard, read through the compositor's keymap:
/// UIKit's `UIKey`.
public struct Key: Hashable, Sendable {
    /// The text the key types with the modifiers in effect (`"A"` with Shift,
    /// `"\r"` for Return, `""` for keys that type nothing, such as arrows).
    public var characters: String
    /// The text the key types with no modifier at all, not even Shift or
    /// Caps Lock (`"a"` for Shift+A, `"1"` for Shift+1 on a US keymap); `""`
    /// for keys that type nothing. Match shortcuts against this.
    public var charactersIgnoringModifiers: String
    /// Which physical key it is, whatever the layout and modifiers.
    public var keyCode: KeyCode
    /// The modifier keys held or locked when the key went down.
    public var modifierFlags: KeyModifierFlags

    /// A key as the runtime describes it (tests build their own).
    public init(characters: String, charactersIgnoringModifiers: String, keyCode: KeyCode, modifierFlags: KeyModifierFlags = []) {
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers
        self.keyCode = keyCode
        self.modifierFlags = modifierFlags
    }
}

/// The modifier keys in effect during an event: UIKit's
/// `UIKeyModifierFlags`, with the same names (`.command` is the Super or
/// Windows key on a PC keyboard, `.alternate` the Alt key).
public struct KeyModifierFlags: OptionSet, Hashable, Sendable {
    /// The flags as bits (UIKit's bit positions for the flags it has).
    public let rawValue: Int
    /// The flags whose bits `rawValue` has.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Caps Lock is on (UIKit's `.alphaShift`).
    public static let capsLock = KeyModifierFlags(rawValue: 1 << 16)
    /// Shift is held.
    public static let shift = KeyModifierFlags(rawValue: 1 << 17)
    /// Control is held.
    public static let control = KeyModifierFlags(rawValue: 1 << 18)
    /// Alt (Option on a Mac keyboard).
    public static let alternate = KeyModifierFlags(rawValue: 1 << 19)
    /// Super, the Windows or ⌘ key.
    public static let command = KeyModifierFlags(rawValue: 1 << 20)
    /// Num Lock is on (UIKit's `.numericPad` means a keypad key instead).
    public static let numLock = KeyModifierFlags(rawValue: 1 << 21)

    /// The flags' names in a fixed order, as the runtime trace writes them.
    var names: [String] {
        let named: [(KeyModifierFlags, String)] = [
            (.shift, "shift"), (.control, "control"), (.alternate, "alternate"), (.command, "command"),
            (.capsLock, "capsLock"), (.numLock, "numLock"),
        ]
        return named.filter { contains($0.0) }.map(\.1)
    }
}

/// A physical key, by its Linux evdev code (`KEY_*` in
/// `linux/input-event-codes.h`), the code Wayland's `wl_keyboard.key`
/// carries: UIKit's `UIKeyboardHIDUsage`, whose named constants it mirrors
/// without their `keyboard` prefix (`.keyboardReturnOrEnter` is
/// ``returnOrEnter``). The raw values are evdev codes, not USB HID usages.
public struct KeyCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The Linux evdev code (`KEY_RIGHT` is 106), as `wl_keyboard.key` sends it.
    public let rawValue: UInt32
    /// The key with that evdev code, named or not.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Escape.
    public static let escape = KeyCode(rawValue: 1)
    /// The 1 key of the top row.
    public static let digit1 = KeyCode(rawValue: 2)
    /// The 2 key of the top row.
    public static let digit2 = KeyCode(rawValue: 3)
    /// The 3 key of the top row.
    public static let digit3 = KeyCode(rawValue: 4)
    /// The 4 key of the top row.
    public static let digit4 = KeyCode(rawValue: 5)
    /// The 5 key of the top row.
    public static let digit5 = KeyCode(rawValue: 6)
    /// The 6 key of the top row.
    public static let digit6 = KeyCode(rawValue: 7)
    /// The 7 key of the top row.
    public static let digit7 = KeyCode(rawValue: 8)
    /// The 8 key of the top row.
    public static let digit8 = KeyCode(rawValue: 9)
    /// The 9 key of the top row.
    public static let digit9 = KeyCode(rawValue: 10)
    /// The 0 key of the top row.
    public static let digit0 = KeyCode(rawValue: 11)
    /// `-` and `_` (US layout).
    public static let hyphen = KeyCode(rawValue: 12)
    /// `=` and `+` (US layout).
    public static let equalSign = KeyCode(rawValue: 13)
    /// Backspace (UIKit's `.keyboardDeleteOrBackspace`).
    public static let deleteOrBackspace = KeyCode(rawValue: 14)
    /// Tab.
    public static let tab = KeyCode(rawValue: 15)
    /// The Q key (US layout position).
    public static let q = KeyCode(rawValue: 16)
    /// The W key (US layout position).
    public static let w = KeyCode(rawValue: 17)
    /// The E key (US layout position).
    public static let e = KeyCode(rawValue: 18)
    /// The R key (US layout position).
    public static let r = KeyCode(rawValue: 19)
    /// The T key (US layout position).
    public static let t = KeyCode(rawValue: 20)
    /// The Y key (US layout position).
    public static let y = KeyCode(rawValue: 21)
    /// The U key (US layout position).
    public static let u = KeyCode(rawValue: 22)
    /// The I key (US layout position).
    public static let i = KeyCode(rawValue: 23)
    /// The O key (US layout position).
    public static let o = KeyCode(rawValue: 24)
    /// The P key (US layout position).
    public static let p = KeyCode(rawValue: 25)
    /// `[` and `{` (US layout).
    public static let openBracket = KeyCode(rawValue: 26)
    /// `]` and `}` (US layout).
    public static let closeBracket = KeyCode(rawValue: 27)
    /// Return (Enter on the main keyboard).
    public static let returnOrEnter = KeyCode(rawValue: 28)
    /// The left Control key.
    public static let leftControl = KeyCode(rawValue: 29)
    /// The A key (US layout position).
    public static let a = KeyCode(rawValue: 30)
    /// The S key (US layout position).
    public static let s = KeyCode(rawValue: 31)
    /// The D key (US layout position).
    public static let d = KeyCode(rawValue: 32)
    /// The F key (US layout position).
    public static let f = KeyCode(rawValue: 33)
    /// The G key (US layout position).
    public static let g = KeyCode(rawValue: 34)
    /// The H key (US layout position).
    public static let h = KeyCode(rawValue: 35)
    /// The J key (US layout position).
    public static let j = KeyCode(rawValue: 36)
    /// The K key (US layout position).
    public static let k = KeyCode(rawValue: 37)
    /// The L key (US layout position).
    public static let l = KeyCode(rawValue: 38)
    /// `;` and `:` (US layout).
    public static let semicolon = KeyCode(rawValue: 39)
    /// `'` and `"` (US layout).
    public static let quote = KeyCode(rawValue: 40)
    /// The grave accent and tilde key, left of 1 (US layout).
    public static let graveAccentAndTilde = KeyCode(rawValue: 41)
    /// The left Shift key.
    public static let leftShift = KeyCode(rawValue: 42)
    /// `\\` and `|` (US layout).
    public static let backslash = KeyCode(rawValue: 43)
    /// The Z key (US layout position).
    public static let z = KeyCode(rawValue: 44)
    /// The X key (US layout position).
    public static let x = KeyCode(rawValue: 45)
    /// The C key (US layout position).
    public static let c = KeyCode(rawValue: 46)
    /// The V key (US layout position).
    public static let v = KeyCode(rawValue: 47)
    /// The B key (US layout position).
    public static let b = KeyCode(rawValue: 48)
    /// The N key (US layout position).
    public static let n = KeyCode(rawValue: 49)
    /// The M key (US layout position).
    public static let m = KeyCode(rawValue: 50)
    /// `,` and `<` (US layout).
    public static let comma = KeyCode(rawValue: 51)
    /// `.` and `>` (US layout).
    public static let period = KeyCode(rawValue: 52)
    /// `/` and `?` (US layout).
    public static let slash = KeyCode(rawValue: 53)
    /// The right Shift key.
    public static let rightShift = KeyCode(rawValue: 54)
    /// The left Alt (Option) key.
    public static let leftAlt = KeyCode(rawValue: 56)
    /// The space bar.
    public static let spacebar = KeyCode(rawValue: 57)
    /// Caps Lock.
    public static let capsLock = KeyCode(rawValue: 58)
    /// Function key F1.
    public static let f1 = KeyCode(rawValue: 59)
    /// Function key F2.
    public static let f2 = KeyCode(rawValue: 60)
    /// Function key F3.
    public static let f3 = KeyCode(rawValue: 61)
    /// Function key F4.
    public static let f4 = KeyCode(rawValue: 62)
    /// Function key F5.
    public static let f5 = KeyCode(rawValue: 63)
    /// Function key F6.
    public static let f6 = KeyCode(rawValue: 64)
    /// Function key F7.
    public static let f7 = KeyCode(rawValue: 65)
    /// Function key F8.
    public static let f8 = KeyCode(rawValue: 66)
    /// Function key F9.
    public static let f9 = KeyCode(rawValue: 67)
    /// Function key F10.
    public static let f10 = KeyCode(rawValue: 68)
    /// Function key F11.
    public static let f11 = KeyCode(rawValue: 87)
    /// Function key F12.
    public static let f12 = KeyCode(rawValue: 88)
    /// Enter on the numeric keypad.
    public static let keypadEnter = KeyCode(rawValue: 96)
    /// The right Control key.
    public static let rightControl = KeyCode(rawValue: 97)
    /// The right Alt key (AltGr on many layouts).
    public static let rightAlt = KeyCode(rawValue: 100)
    /// Home.
    public static let home = KeyCode(rawValue: 102)
    /// The up arrow.
    public static let upArrow = KeyCode(rawValue: 103)
    /// Page Up.
    public static let pageUp = KeyCode(rawValue: 104)
    /// The left arrow.
    public static let leftArrow = KeyCode(rawValue: 105)
    /// The right arrow.
    public static let rightArrow = KeyCode(rawValue: 106)
    /// End.
    public static let end = KeyCode(rawValue: 107)
    /// The down arrow.
    public static let downArrow = KeyCode(rawValue: 108)
    /// Page Down.
    public static let pageDown = KeyCode(rawValue: 109)
    /// Insert.
    public static let insert = KeyCode(rawValue: 110)
    /// The forward Delete key (UIKit's `.keyboardDeleteForward`).
    public static let deleteForward = KeyCode(rawValue: 111)
    /// The left Super (Windows, ⌘) key (UIKit's `.keyboardLeftGUI`).
    public static let leftCommand = KeyCode(rawValue: 125)
    /// The right Super (Windows, ⌘) key.
    public static let rightCommand = KeyCode(rawValue: 126)

    /// Every named key, by its constant's name (what `description`, the
    /// runtime trace and scenario expectations print).
    static let names: [UInt32: String] = {
        var names: [UInt32: String] = [:]
        let letters = "qwertyuiop", middle = "asdfghjkl", bottom = "zxcvbnm"
        for (offset, letter) in letters.enumerated() { names[16 + UInt32(offset)] = String(letter) }
        for (offset, letter) in middle.enumerated() { names[30 + UInt32(offset)] = String(letter) }
        for (offset, letter) in bottom.enumerated() { names[44 + UInt32(offset)] = String(letter) }
        for digit in 1...9 { names[1 + UInt32(digit)] = "digit\(digit)" }
        names[11] = "digit0"
        for number in 1...10 { names[58 + UInt32(number)] = "f\(number)" }
        let others: [(UInt32, String)] = [
            (1, "escape"), (12, "hyphen"), (13, "equalSign"), (14, "deleteOrBackspace"), (15, "tab"),
            (26, "openBracket"), (27, "closeBracket"), (28, "returnOrEnter"), (29, "leftControl"), (39, "semicolon"),
            (40, "quote"), (41, "graveAccentAndTilde"), (42, "leftShift"), (43, "backslash"), (51, "comma"),
            (52, "period"), (53, "slash"), (54, "rightShift"), (56, "leftAlt"), (57, "spacebar"), (58, "capsLock"),
            (87, "f11"), (88, "f12"), (96, "keypadEnter"), (97, "rightControl"), (100, "rightAlt"), (102, "home"),
            (103, "upArrow"), (104, "pageUp"), (105, "leftArrow"), (106, "rightArrow"), (107, "end"),
            (108, "downArrow"), (109, "pageDown"), (110, "insert"), (111, "deleteForward"), (125, "leftCommand"),
            (126, "rightCommand"),
        ]
        for (code, name) in others { names[code] = name }
        return names
    }()

    /// The constant's name (`rightArrow`, `a`, `f5`), or `evdev N` for a key without one.
    public var description: String { Self.names[rawValue] ?? "evdev \(rawValue)" }
}

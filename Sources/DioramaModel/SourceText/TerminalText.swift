/// Text from outside (a client's title, a value in an Info.plist, a file
/// name) made safe to print where a person or a CI log reads it.
package enum TerminalText {
    /// `text` with what a terminal would act on instead of showing spelled
    /// out: control characters (C0, DEL, C1: ESC is `\x1b`, a newline `\x0a`),
    /// the bidirectional overrides and isolates and the line and paragraph
    /// separators (`\u202e`), and the backslash itself (`\\`), so an escape is
    /// never ambiguous. `keeping` lists characters left as they are (a
    /// message's own newlines). JSON output needs none of this: its
    /// strings are escaped by JSON's rules.
    package static func safe(_ text: String, keeping: Set<Unicode.Scalar> = []) -> String {
        var safe = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if keeping.contains(scalar) {
                safe.append(scalar)
                continue
            }
            let value = scalar.value
            let escape: String? =
                switch value {
                case 0x5C: "\\\\"
                case 0x00...0x1F, 0x7F...0x9F: "\\x" + hex(value, digits: 2)
                case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: "\\u" + hex(value, digits: 4)
                default: nil
                }
            if let escape { safe.append(contentsOf: escape.unicodeScalars) } else { safe.append(scalar) }
        }
        return String(safe)
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

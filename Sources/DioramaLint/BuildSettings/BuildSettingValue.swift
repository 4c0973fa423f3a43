/// How Xcode reads the text of a build setting as a typed value.
enum BuildSettingValue {
    /// `YES`/`NO` (and `true`/`false`, `1`/`0`), case-insensitively; `nil` for anything
    /// else, which Xcode treats as NO and the linter reports.
    static func boolean(_ text: String) -> Bool? {
        switch text.trimmingWhitespace().lowercased() {
        case "yes", "true", "1": true
        case "no", "false", "0", "": false
        default: nil
        }
    }

    /// A string-list setting split into items: items are separated by spaces, and an
    /// item may be quoted ("two words") or escape a space with a backslash.
    static func list(_ text: String) -> [String] {
        var items: [String] = []
        var current = ""
        var hasItem = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if character == "\\" {
                escaped = true
                hasItem = true
                continue
            }
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            switch character {
            case "\"", "'":
                quote = character
                hasItem = true
            case " ", "\t", "\n", "\r":
                if hasItem { items.append(current) }
                current = ""
                hasItem = false
            default:
                current.append(character)
                hasItem = true
            }
        }
        if hasItem { items.append(current) }
        return items
    }
}

import Foundation

/// A light scan of Swift source text for a SwiftUI entry point. It is not a parser:
/// comments and string literals are blanked out (keeping line breaks, so line numbers
/// stay right), then it looks for `@main` before a type whose inheritance list names
/// `App`, or for `@UIApplicationDelegateAdaptor`.
enum SwiftUIAppScanner {
    /// The 1-based line of the `@main` (or the adaptor), `nil` when there is none.
    static func swiftUIEntryLine(in source: String) -> Int? {
        let code = Array(blankingCommentsAndStrings(source).utf8)
        var index = 0
        while index < code.count {
            if code[index] == UInt8(ascii: "@") {
                let word = identifier(in: code, at: index + 1)
                if word == "UIApplicationDelegateAdaptor" || (word == "main" && declaresApp(code, after: index + 5)) {
                    return line(of: index, in: code)
                }
            }
            index += 1
        }
        return nil
    }

    /// Whether the declaration after `@main` is a type conforming to `App`: the text up
    /// to its `{` holds `struct`/`class`/`enum`/`actor` and, after the first `:`, an
    /// `App` or `SwiftUI.App` entry (before any `where`).
    private static func declaresApp(_ code: [UInt8], after start: Int) -> Bool {
        guard start <= code.count, start == code.count || !isIdentifierByte(code[start]) else { return false }
        guard let brace = code[start...].firstIndex(of: UInt8(ascii: "{")) else { return false }
        let header = String(decoding: code[start..<brace], as: UTF8.self)
        guard let colon = header.firstIndex(of: ":") else { return false }
        let words = header[..<colon].split { !$0.isLetter && !$0.isNumber && $0 != "_" }
        guard words.contains(where: { ["struct", "class", "enum", "actor"].contains($0) }) else { return false }
        var inherited = header[header.index(after: colon)...]
        if let whereClause = inherited.range(of: " where ") { inherited = inherited[..<whereClause.lowerBound] }
        return inherited.split(separator: ",").contains { entry in
            let name = entry.trimmingCharacters(in: .whitespacesAndNewlines)
            return name == "App" || name == "SwiftUI.App"
        }
    }

    private static func identifier(in code: [UInt8], at start: Int) -> String {
        var end = start
        while end < code.count, isIdentifierByte(code[end]) { end += 1 }
        return String(decoding: code[start..<end], as: UTF8.self)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
            || byte >= 0x80
    }

    private static func line(of index: Int, in code: [UInt8]) -> Int {
        code[..<index].count { $0 == UInt8(ascii: "\n") } + 1
    }

    /// The source with `//` and (nested) `/* */` comments and string literals (plain,
    /// multi-line and raw `#"…"#`) replaced by spaces, line breaks kept.
    static func blankingCommentsAndStrings(_ source: String) -> String {
        let bytes = Array(source.utf8)
        var output = bytes
        var index = 0
        func blank(_ range: Range<Int>) {
            for position in range where output[position] != UInt8(ascii: "\n") { output[position] = UInt8(ascii: " ") }
        }
        func starts(_ text: String, at position: Int) -> Bool {
            let pattern = Array(text.utf8)
            return position + pattern.count <= bytes.count && Array(bytes[position..<position + pattern.count]) == pattern
        }
        while index < bytes.count {
            if starts("//", at: index) {
                let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                blank(index..<end)
                index = end
            } else if starts("/*", at: index) {
                var depth = 0
                var end = index
                repeat {
                    if starts("/*", at: end) { depth += 1; end += 2 } else if starts("*/", at: end) { depth -= 1; end += 2 } else { end += 1 }
                } while depth > 0 && end < bytes.count
                blank(index..<min(end, bytes.count))
                index = end
            } else if bytes[index] == UInt8(ascii: "#") || bytes[index] == UInt8(ascii: "\"") {
                var hashes = 0
                while index + hashes < bytes.count, bytes[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
                guard index + hashes < bytes.count, bytes[index + hashes] == UInt8(ascii: "\"") else {
                    index += max(hashes, 1)
                    continue
                }
                let quote = starts("\"\"\"", at: index + hashes) ? "\"\"\"" : "\""
                let closing = Array((quote + String(repeating: "#", count: hashes)).utf8)
                var end = index + hashes + quote.utf8.count
                while end < bytes.count {
                    if hashes == 0, bytes[end] == UInt8(ascii: "\\") { end += 2; continue }
                    if quote == "\"", bytes[end] == UInt8(ascii: "\n") { break }  // unterminated: stop at the line end
                    if end + closing.count <= bytes.count, Array(bytes[end..<end + closing.count]) == closing {
                        end += closing.count
                        break
                    }
                    end += 1
                }
                end = min(end, bytes.count)
                blank(index..<end)
                index = end
            } else {
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}

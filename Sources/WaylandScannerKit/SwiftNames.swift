/// How protocol names become Swift names.
///
/// - interfaces: `xdg_toplevel` → `XdgToplevel`, `zxdg_output_v1` → `ZxdgOutputV1`
/// - messages, arguments, entries: `set_buffer_scale` → `setBufferScale`
/// - enums: `transform` → `Transform`
/// - entries that start with a digit (`90` in wl_output.transform) get a
///   leading underscore (`_90`); Swift keywords are escaped with backticks.
package enum SwiftNames {
    package static func typeName(_ name: String) -> String {
        name.split(separator: "_").map { part in part.prefix(1).uppercased() + part.dropFirst() }.joined()
    }

    package static func memberName(_ name: String) -> String {
        let parts = name.split(separator: "_").map(String.init)
        guard let first = parts.first else { return "_" }
        var result = first + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if let initial = result.first, initial.isNumber { result = "_" + result }
        return escaped(result)
    }

    /// An argument label: keywords need no backticks there, except these three.
    package static func labelName(_ name: String) -> String {
        let member = unescaped(memberName(name))
        return ["inout", "var", "let"].contains(member) ? "`\(member)`" : member
    }

    /// The name used inside generated code for a local (no backticks needed
    /// when it is suffixed).
    package static func localName(_ name: String, suffix: String) -> String {
        unescaped(memberName(name)) + suffix
    }

    package static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    static func unescaped(_ identifier: String) -> String {
        identifier.hasPrefix("`") ? String(identifier.dropFirst().dropLast()) : identifier
    }

    /// Names a generated nested type must not take because the generated class
    /// already uses them.
    static let reservedNestedTypes: Set<String> = ["Event", "Request", "Type"]

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch",
        "where", "while", "as", "Any", "catch", "false", "is", "nil", "super", "self", "Self", "throw",
        "throws", "true", "try", "await", "async", "some", "any", "consume", "copy", "discard", "each",
    ]
}

/// A tiny indentation-aware text builder for emitted Swift.
struct CodeWriter {
    private(set) var text = ""
    private var level = 0

    mutating func line(_ content: String = "") {
        if content.isEmpty {
            text += "\n"
        } else {
            text += String(repeating: "    ", count: level) + content + "\n"
        }
    }

    mutating func block(_ opening: String, _ body: (inout CodeWriter) throws -> Void) rethrows {
        line(opening + " {")
        level += 1
        try body(&self)
        level -= 1
        line("}")
    }

    mutating func indented(_ body: (inout CodeWriter) throws -> Void) rethrows {
        level += 1
        try body(&self)
        level -= 1
    }

    /// Emits a `///` doc comment from protocol documentation.
    mutating func documentation(_ doc: Documentation?, extra: [String] = []) {
        var lines: [String] = []
        if let summary = doc?.summary, !summary.isEmpty {
            lines.append(summary.prefix(1).uppercased() + summary.dropFirst())
        }
        if let text = doc?.text {
            if !lines.isEmpty { lines.append("") }
            lines += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        if !extra.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines += extra
        }
        for docLine in lines {
            line(docLine.isEmpty ? "///" : "/// " + docLine)
        }
    }
}

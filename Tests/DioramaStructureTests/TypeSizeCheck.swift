import Foundation

/// How many lines one type of one target spans: its declaration and every
/// extension of it in that target, each counted from the line of its
/// `class`/`struct`/`enum`/`actor`/`protocol`/`extension` keyword to the line
/// of its closing brace (doc comments above are not counted; nested types
/// count toward the type they are nested in).
struct TypeSize: Hashable, CustomStringConvertible {
    var target: String
    var name: String
    var lines: Int
    /// Where its declarations are, as `file:line`, in file order.
    var declarations: [String]

    var description: String {
        "\(target).\(name): \(lines) lines in \(declarations.count) declarations (\(declarations.joined(separator: ", ")))"
    }
}

/// Measures types by reading Swift source text. Not a parser: comments and
/// string literals (with interpolations, multi-line and raw strings) are
/// blanked out, then declarations are found at brace depth 0 and measured to
/// their matching closing brace.
enum TypeSizeCheck {
    /// The keywords that open a declaration whose body is a type's.
    static let declarationKeywords: Set<String> = ["class", "struct", "enum", "actor", "protocol", "extension"]

    /// Each top-level declaration in `text`: the type it declares or extends
    /// (generic arguments dropped, `A.B` kept), its first line and how many
    /// lines it spans.
    static func declarations(in text: String) -> [(name: String, line: Int, lines: Int)] {
        let code = Array(codeOnly(text).utf8)
        var found: [(name: String, line: Int, lines: Int)] = []
        var depth = 0
        var line = 1
        var open: (name: String, line: Int)?
        var awaitingBody: (name: String, line: Int)?
        var index = 0
        let newline = UInt8(ascii: "\n"), openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
        while index < code.count {
            let byte = code[index]
            if byte == newline {
                line += 1
            } else if byte == openBrace {
                if depth == 0, let pending = awaitingBody {
                    open = pending
                    awaitingBody = nil
                }
                depth += 1
            } else if byte == closeBrace {
                depth -= 1
                if depth == 0, let declaration = open {
                    found.append((declaration.name, declaration.line, line - declaration.line + 1))
                    open = nil
                }
            } else if depth == 0, awaitingBody == nil, isIdentifierStart(byte), index == 0 || !isIdentifierByte(code[index - 1]) {
                let word = identifier(in: code, at: index)
                if declarationKeywords.contains(word.text), let name = typeName(in: code, after: word.end) {
                    awaitingBody = (name, line)
                }
                index = word.end
                continue
            }
            index += 1
        }
        return found
    }

    /// Every type of `files` over `limit` lines, summed over its declarations.
    static func oversized(target: String, files: [(path: String, text: String)], limit: Int) -> [TypeSize] {
        sizes(target: target, files: files).filter { $0.lines > limit }
    }

    /// Every type of `files` with its summed size, largest first.
    static func sizes(target: String, files: [(path: String, text: String)]) -> [TypeSize] {
        var byName: [String: TypeSize] = [:]
        for file in files {
            for declaration in declarations(in: file.text) {
                byName[declaration.name, default: TypeSize(target: target, name: declaration.name, lines: 0, declarations: [])]
                    .lines += declaration.lines
                byName[declaration.name]?.declarations.append("\(file.path):\(declaration.line)")
            }
        }
        return byName.values.sorted { ($0.lines, $1.name) > ($1.lines, $0.name) }
    }

    /// The name after a declaration keyword: `Simulator`, `Window.Kind`;
    /// nil when no identifier follows (the keyword was used otherwise).
    private static func typeName(in code: [UInt8], after start: Int) -> String? {
        var index = start
        while index < code.count, code[index] == UInt8(ascii: " ") || code[index] == UInt8(ascii: "\t") { index += 1 }
        guard index < code.count, isIdentifierStart(code[index]) else { return nil }
        var parts: [String] = []
        repeat {
            if !parts.isEmpty { index += 1 }  // the dot
            let word = identifier(in: code, at: index)
            parts.append(word.text)
            index = word.end
        } while index + 1 < code.count && code[index] == UInt8(ascii: ".") && isIdentifierStart(code[index + 1])
        return parts.joined(separator: ".")
    }

    private static func identifier(in code: [UInt8], at start: Int) -> (text: String, end: Int) {
        var end = start
        while end < code.count, isIdentifierByte(code[end]) { end += 1 }
        return (String(decoding: code[start..<end], as: UTF8.self), end)
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        isIdentifierByte(byte) && !isDigit(byte)
    }

    /// Plain comparisons: `ClosedRange.contains` is a generic call per byte in a debug build.
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || isDigit(byte) || byte == UInt8(ascii: "_")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// The text with comments and the contents of string literals replaced
    /// by spaces, newlines kept; an interpolation's code stays code.
    static func codeOnly(_ text: String) -> String {
        var lexer = CodeOnlyLexer(bytes: Array(text.utf8))
        return lexer.run()
    }
}

/// The lexer behind ``TypeSizeCheck/codeOnly(_:)``: a stack of string
/// literals, each remembering the parenthesis depth its open interpolation
/// started at, so `"\(f("}"))"` stays balanced.
///
/// The output starts as a copy of the input and only what is blanked is
/// written, and each byte is first compared with the few that can start
/// something (`/ # " ( )` in code, `\ " newline` in a literal): the test
/// reads every source file, and a generic call per byte cost seconds in a
/// debug build.
private struct CodeOnlyLexer {
    struct OpenString {
        var pounds: Int
        var multiline: Bool
        /// Parenthesis depth when an interpolation of this string opened; nil
        /// while inside the literal's text.
        var interpolationDepth: Int?
        /// `\` and the literal's pounds: what starts an escape or an interpolation.
        var escape: [UInt8]
        /// The quote or three and the pounds that end the literal.
        var close: [UInt8]

        init(pounds: Int, multiline: Bool) {
            self.pounds = pounds
            self.multiline = multiline
            let hashes = [UInt8](repeating: UInt8(ascii: "#"), count: pounds)
            escape = [UInt8(ascii: "\\")] + hashes
            close = [UInt8](repeating: UInt8(ascii: "\""), count: multiline ? 3 : 1) + hashes
        }
    }

    let bytes: [UInt8]
    var output: [UInt8]
    var index = 0
    var strings: [OpenString] = []
    var parentheses = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        output = bytes
    }

    mutating func run() -> String {
        while index < bytes.count {
            if let top = strings.last, top.interpolationDepth == nil {
                stringText(top)
            } else {
                code()
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `pattern` is at `offset`.
    private func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
        guard offset + pattern.count <= bytes.count else { return false }
        var index = 0
        while index < pattern.count {
            if bytes[offset + index] != pattern[index] { return false }
            index += 1
        }
        return true
    }

    /// Whether the bytes at `offset` are `first` then `second`.
    private func matches(_ first: UInt8, _ second: UInt8, at offset: Int) -> Bool {
        offset + 1 < bytes.count && bytes[offset] == first && bytes[offset + 1] == second
    }

    /// Blanks `count` bytes (newlines stay), moving past them.
    private mutating func blank(_ count: Int) {
        var offset = index
        let end = min(index + count, bytes.count)
        while offset < end {
            if bytes[offset] != UInt8(ascii: "\n") { output[offset] = UInt8(ascii: " ") }
            offset += 1
        }
        index += count
    }

    /// Keeps `count` bytes as they are (the output holds them already).
    private mutating func keep(_ count: Int) {
        index += count
    }

    /// Inside code (the file, or an interpolation of the innermost string).
    private mutating func code() {
        let byte = bytes[index]
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
        if byte == slash && matches(slash, slash, at: index) {
            var end = index
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            blank(end - index)
        } else if byte == slash && matches(slash, star, at: index) {
            // Block comments nest in Swift.
            var nesting = 0
            var end = index
            repeat {
                if matches(slash, star, at: end) {
                    nesting += 1
                    end += 2
                } else if matches(star, slash, at: end) {
                    nesting -= 1
                    end += 2
                } else {
                    end += 1
                }
            } while nesting > 0 && end < bytes.count
            blank(min(end, bytes.count) - index)
        } else if byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\"") {
            var pounds = 0
            while index + pounds < bytes.count, bytes[index + pounds] == UInt8(ascii: "#") { pounds += 1 }
            guard index + pounds < bytes.count, bytes[index + pounds] == UInt8(ascii: "\"") else { return keep(max(1, pounds)) }
            let quote = UInt8(ascii: "\"")
            let multiline = matches(quote, quote, at: index + pounds + 1)
            strings.append(OpenString(pounds: pounds, multiline: multiline))
            keep(pounds + (multiline ? 3 : 1))
        } else if byte == UInt8(ascii: "(") {
            parentheses += 1
            keep(1)
        } else if byte == UInt8(ascii: ")") {
            parentheses -= 1
            if let depth = strings.last?.interpolationDepth, parentheses == depth {
                strings[strings.count - 1].interpolationDepth = nil
            }
            keep(1)
        } else {
            keep(1)
        }
    }

    /// Inside a string literal's text: blanked, up to its end or an interpolation.
    private mutating func stringText(_ literal: OpenString) {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\\") && matches(literal.escape, at: index) {
            let after = index + literal.escape.count
            if after < bytes.count && bytes[after] == UInt8(ascii: "(") {
                blank(literal.pounds + 1)
                strings[strings.count - 1].interpolationDepth = parentheses
                parentheses += 1
                keep(1)
            } else {
                blank(literal.pounds + 2)
            }
        } else if byte == UInt8(ascii: "\"") && matches(literal.close, at: index) {
            strings.removeLast()
            keep(literal.close.count)
        } else if !literal.multiline && byte == UInt8(ascii: "\n") {
            // An unterminated literal: the line ends it, as the compiler would say.
            strings.removeLast()
            keep(1)
        } else {
            blank(1)
        }
    }
}

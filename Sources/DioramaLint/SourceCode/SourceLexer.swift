/// One token of Swift or Objective-C code, with where it starts.
///
/// Comments and string literals produce no tokens, so a check that matches token
/// sequences never sees text inside them; the code inside a Swift string
/// interpolation (`"\(UIScreen.main.bounds)"`) is code and is tokenized.
struct SourceToken: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        /// A name or keyword (`UIScreen`, `func`, `` `default` `` without backticks).
        case identifier
        /// A number literal (`0`, `1.5`, `0x1F`).
        case number
        /// One of `{ } ( ) [ ] , ; : . @ #`, or a run of operator characters (`!`, `?`,
        /// `=`, `==`, `!=`, `->`, `*`).
        case punctuation
    }

    var kind: Kind
    var text: String
    /// 1-based line.
    var line: Int
    /// 1-based column, in Unicode scalars (SARIF's `unicodeCodePoints`).
    var column: Int

    func `is`(_ text: String) -> Bool { self.text == text }

    var isIdentifier: Bool { kind == .identifier }
}

/// A hand-written lexer for the parts of Swift and Objective-C the code checks read:
/// names, punctuation and numbers, with comments and string literals left out.
///
/// It knows Swift's nested `/* */` comments, `"…"`, multi-line `"""…"""` and raw
/// `#"…"#` strings with `\(…)` (`\#(…)`) interpolation, and Objective-C's flat comments,
/// `"…"`/`@"…"` strings and `'c'` character literals. It is not a parser: the checks
/// match short token sequences, which is what they need, and the lexer costs no build
/// time and reads Objective-C too (see ARCHITECTURE.md on SwiftSyntax).
struct SourceLexer {
    enum Language: Sendable {
        case swift
        case objectiveC

        /// The language of a file, by its extension; `nil` for anything else.
        init?(pathExtension: String) {
            switch pathExtension {
            case "swift": self = .swift
            case "m", "mm", "h": self = .objectiveC
            default: return nil
            }
        }
    }

    /// Interpolations nested deeper than this (`"\("\("…")")"`) are skipped as string
    /// text, so a hostile file cannot exhaust the stack.
    static let maximumInterpolationDepth = 32

    private let bytes: [UInt8]
    private let language: Language
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// The column of `columnIndex`, advanced incrementally so that columns cost linear
    /// time even on one very long line.
    private var columnIndex = 0
    private var columnAtIndex = 1
    private var tokens: [SourceToken] = []

    private init(_ source: [UInt8], language: Language) {
        bytes = source
        self.language = language
    }

    /// The tokens of `source`, in order.
    static func tokens(of source: [UInt8], language: Language) -> [SourceToken] {
        var lexer = SourceLexer(source, language: language)
        lexer.lexCode(depth: 0)
        return lexer.tokens
    }

    static func tokens(of source: String, language: Language) -> [SourceToken] {
        tokens(of: Array(source.utf8), language: language)
    }

    // MARK: Code

    /// Reads code until the end, or (inside an interpolation, `depth > 0`) until the `)`
    /// that closes it, which is consumed.
    private mutating func lexCode(depth: Int) {
        var parentheses = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                newLine(after: index)
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                index += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "\""):
                skipString(hashes: 0, depth: depth)
            case UInt8(ascii: "#") where language == .swift && rawStringHashes() != nil:
                skipString(hashes: rawStringHashes() ?? 0, depth: depth)
            case UInt8(ascii: "'") where language == .objectiveC:
                skipCharacterLiteral()
            case UInt8(ascii: "`") where language == .swift:
                let start = index
                index += 1
                let nameStart = index
                while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
                emit(.identifier, from: nameStart, to: index, at: start)
                if peek(0) == UInt8(ascii: "`") { index += 1 }
            case UInt8(ascii: "("):
                parentheses += 1
                single(.punctuation)
            case UInt8(ascii: ")"):
                if depth > 0 && parentheses == 0 {
                    index += 1
                    return
                }
                parentheses -= 1
                single(.punctuation)
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","),
                UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "@"), UInt8(ascii: "#"),
                UInt8(ascii: "\\"):
                single(.punctuation)
            default:
                if Self.isDigit(byte) {
                    lexNumber()
                } else if Self.isIdentifierByte(byte) || byte == UInt8(ascii: "$") {
                    let start = index
                    index += 1
                    while index < bytes.count, Self.isIdentifierByte(bytes[index]) || bytes[index] == UInt8(ascii: "$") {
                        index += 1
                    }
                    emit(.identifier, from: start, to: index, at: start)
                } else if Self.isOperatorByte(byte) {
                    let start = index
                    while index < bytes.count, Self.isOperatorByte(bytes[index]),
                        !(bytes[index] == UInt8(ascii: "/") && (peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*")))
                    {
                        index += 1
                    }
                    if index == start { index += 1 }
                    emit(.punctuation, from: start, to: index, at: start)
                } else {
                    index += 1  // a byte no check cares about
                }
            }
        }
    }

    private mutating func single(_ kind: SourceToken.Kind) {
        emit(kind, from: index, to: index + 1, at: index)
        index += 1
    }

    /// `0`, `1.5`, `0x1F`, `1e-3`, `10_000`: digits, letters and `_`, and a `.` only
    /// when a digit follows (so `0..<3` is `0`, `..<`, `3`).
    private mutating func lexNumber() {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isIdentifierByte(byte) {
                index += 1
            } else if byte == UInt8(ascii: "."), let next = peek(1), Self.isDigit(next) {
                index += 1
            } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+"), index > start,
                bytes[index - 1] | 0x20 == UInt8(ascii: "e") || bytes[index - 1] | 0x20 == UInt8(ascii: "p"),
                bytes[start...].prefix(2).elementsEqual("0x".utf8) == (bytes[index - 1] | 0x20 == UInt8(ascii: "p"))
            {
                index += 1
            } else {
                break
            }
        }
        emit(.number, from: start, to: index, at: start)
    }

    // MARK: Comments and literals

    /// `/* … */`; nested in Swift, flat in Objective-C. An unterminated one runs to the end.
    private mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth = language == .swift ? depth + 1 : 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                if bytes[index] == UInt8(ascii: "\n") { newLine(after: index) }
                index += 1
            }
        }
    }

    /// The number of `#` before a `"` at the cursor (a Swift raw string), or `nil`.
    private func rawStringHashes() -> Int? {
        var hashes = 0
        while index + hashes < bytes.count, bytes[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
        return hashes > 0 && peek(hashes) == UInt8(ascii: "\"") ? hashes : nil
    }

    /// A string literal starting at the cursor (after `hashes` `#`): plain or multi-line,
    /// raw or not. Escapes are skipped; an interpolation's code is tokenized. A plain
    /// string left open stops at the line end, so one stray quote cannot hide the rest
    /// of the file.
    private mutating func skipString(hashes: Int, depth: Int) {
        index += hashes
        let multiline = language == .swift && peek(0) == UInt8(ascii: "\"") && peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                if !multiline { return }
                newLine(after: index)
                index += 1
            } else if byte == UInt8(ascii: "\\"), hashesFollow(hashes, at: index + 1) {
                index += 1 + hashes
                if language == .swift, peek(0) == UInt8(ascii: "(") {
                    index += 1
                    if depth < Self.maximumInterpolationDepth { lexCode(depth: depth + 1) }
                } else if index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
                    index += 1
                }
            } else if byte == UInt8(ascii: "\""), !multiline || (peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")),
                hashesFollow(hashes, at: index + (multiline ? 3 : 1))
            {
                index += (multiline ? 3 : 1) + hashes
                return
            } else {
                index += 1
            }
        }
    }

    private mutating func skipCharacterLiteral() {
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "'"), bytes[index] != UInt8(ascii: "\n") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "'") { index += 1 }
    }

    private func hashesFollow(_ count: Int, at position: Int) -> Bool {
        guard position + count <= bytes.count else { return false }
        return bytes[position..<position + count].allSatisfy { $0 == UInt8(ascii: "#") }
    }

    // MARK: Positions

    private func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private mutating func newLine(after newline: Int) {
        line += 1
        lineStart = newline + 1
        columnIndex = lineStart
        columnAtIndex = 1
    }

    private mutating func emit(_ kind: SourceToken.Kind, from start: Int, to end: Int, at position: Int) {
        if position < columnIndex {
            columnIndex = lineStart
            columnAtIndex = 1
        }
        while columnIndex < position {
            if bytes[columnIndex] & 0xC0 != 0x80 { columnAtIndex += 1 }
            columnIndex += 1
        }
        let text = String(decoding: bytes[start..<min(end, bytes.count)], as: UTF8.self)
        tokens.append(SourceToken(kind: kind, text: text, line: line, column: columnAtIndex))
    }

    // MARK: Character classes

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || isDigit(byte) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) || byte >= 0x80
    }

    static func isOperatorByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
            UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
            UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
            true
        default:
            false
        }
    }
}

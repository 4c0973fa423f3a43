import DioramaModel

/// A JSON value that remembers where it was written, so a layout error can say
/// `dual.json:7:16` instead of "the data was not valid".
///
/// Foundation's JSON readers drop positions once parsing succeeds, and a
/// display layout's worst mistakes (a scale of 1.3, two displays called
/// `DP-1`) are only found afterwards, so the layout reader parses with this
/// small reader instead. It accepts exactly RFC 8259 JSON.
struct LocatedJSON {
    enum Value {
        case object([Member])
        case array([LocatedJSON])
        case string(String)
        /// The number as written (`1.25`), plus its value.
        case number(text: String, value: Double)
        case bool(Bool)
        case null
    }

    struct Member {
        var key: String
        var keyLocation: SourceLocation
        var value: LocatedJSON
    }

    var value: Value
    var location: SourceLocation

    /// What kind of value this is, for "expected a number, found a string".
    var kindName: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "true or false"
        case .null: "null"
        }
    }

    /// A syntax error at a position.
    struct SyntaxError: Error {
        var location: SourceLocation
        var message: String
    }

    /// Parses a whole document; anything but whitespace after the top value is an error.
    static func parse(_ text: String, file: String) throws(SyntaxError) -> LocatedJSON {
        var reader = Reader(scalars: Array(text.unicodeScalars), file: file)
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        if !reader.isAtEnd {
            throw reader.error("unexpected \(reader.describeCurrent()) after the end of the JSON document")
        }
        return value
    }

    /// A recursive-descent reader over Unicode scalars that tracks line and column.
    private struct Reader {
        let scalars: [Unicode.Scalar]
        let file: String
        var index = 0
        var line = 1
        var column = 1

        /// Deeper nesting than any layout needs is refused rather than risking the stack.
        static let maximumDepth = 64

        var isAtEnd: Bool { index >= scalars.count }
        var current: Unicode.Scalar? { isAtEnd ? nil : scalars[index] }
        var location: SourceLocation { SourceLocation(file: file, line: line, column: column) }

        func error(_ message: String) -> SyntaxError { SyntaxError(location: location, message: message) }

        func describeCurrent() -> String {
            guard let current else { return "end of file" }
            switch current {
            case "\n": return "end of line"
            case "\"": return "'\"'"
            default: return "'\(Character(current))'"
            }
        }

        mutating func advance() {
            guard let scalar = current else { return }
            index += 1
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }

        mutating func skipWhitespace() {
            while let scalar = current, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                advance()
            }
        }

        mutating func expect(_ scalar: Unicode.Scalar, _ what: String) throws(SyntaxError) {
            guard current == scalar else { throw error("expected \(what), found \(describeCurrent())") }
            advance()
        }

        mutating func readValue(depth: Int) throws(SyntaxError) -> LocatedJSON {
            guard depth < Self.maximumDepth else { throw error("JSON nested deeper than \(Self.maximumDepth) levels") }
            let start = location
            switch current {
            case "{": return LocatedJSON(value: try readObject(depth: depth), location: start)
            case "[": return LocatedJSON(value: try readArray(depth: depth), location: start)
            case "\"": return LocatedJSON(value: .string(try readString()), location: start)
            case "t": try readLiteral("true"); return LocatedJSON(value: .bool(true), location: start)
            case "f": try readLiteral("false"); return LocatedJSON(value: .bool(false), location: start)
            case "n": try readLiteral("null"); return LocatedJSON(value: .null, location: start)
            case let scalar? where scalar == "-" || ("0"..."9").contains(scalar):
                return LocatedJSON(value: try readNumber(), location: start)
            default:
                throw error("expected a JSON value, found \(describeCurrent())")
            }
        }

        mutating func readLiteral(_ word: String) throws(SyntaxError) {
            let start = location
            for expected in word.unicodeScalars {
                guard current == expected else {
                    throw SyntaxError(location: start, message: "expected a JSON value; did you mean '\(word)'? (strings need double quotes)")
                }
                advance()
            }
        }

        mutating func readObject(depth: Int) throws(SyntaxError) -> Value {
            advance()  // {
            var members: [Member] = []
            skipWhitespace()
            if current == "}" {
                advance()
                return .object(members)
            }
            while true {
                skipWhitespace()
                let keyLocation = location
                guard current == "\"" else {
                    throw error("expected a member name in double quotes, found \(describeCurrent())")
                }
                let key = try readString()
                skipWhitespace()
                try expect(":", "':' after the member name \"\(key)\"")
                skipWhitespace()
                let value = try readValue(depth: depth + 1)
                members.append(Member(key: key, keyLocation: keyLocation, value: value))
                skipWhitespace()
                if current == "," {
                    advance()
                    continue
                }
                if current == "}" {
                    advance()
                    return .object(members)
                }
                throw error("expected ',' or '}' after the value of \"\(key)\", found \(describeCurrent())")
            }
        }

        mutating func readArray(depth: Int) throws(SyntaxError) -> Value {
            advance()  // [
            var elements: [LocatedJSON] = []
            skipWhitespace()
            if current == "]" {
                advance()
                return .array(elements)
            }
            while true {
                skipWhitespace()
                elements.append(try readValue(depth: depth + 1))
                skipWhitespace()
                if current == "," {
                    advance()
                    continue
                }
                if current == "]" {
                    advance()
                    return .array(elements)
                }
                throw error("expected ',' or ']' in the array, found \(describeCurrent())")
            }
        }

        mutating func readString() throws(SyntaxError) -> String {
            advance()  // opening quote
            var result = String.UnicodeScalarView()
            while true {
                guard let scalar = current else { throw error("unterminated string (missing closing '\"')") }
                switch scalar {
                case "\"":
                    advance()
                    return String(result)
                case "\\":
                    advance()
                    result.append(try readEscape())
                case "\n":
                    throw error("unterminated string (a line break before the closing '\"')")
                default:
                    guard scalar.value >= 0x20 else { throw error("control character U+\(String(scalar.value, radix: 16)) inside a string; escape it") }
                    result.append(scalar)
                    advance()
                }
            }
        }

        mutating func readEscape() throws(SyntaxError) -> Unicode.Scalar {
            guard let scalar = current else { throw error("unterminated escape at end of file") }
            advance()
            switch scalar {
            case "\"": return "\""
            case "\\": return "\\"
            case "/": return "/"
            case "b": return "\u{08}"
            case "f": return "\u{0C}"
            case "n": return "\n"
            case "r": return "\r"
            case "t": return "\t"
            case "u":
                let high = try readHex4()
                if (0xD800...0xDBFF).contains(high) {
                    guard current == "\\" else { throw error("a UTF-16 high surrogate must be followed by a \\u low surrogate") }
                    advance()
                    try expect("u", "'u' of a low surrogate escape")
                    let low = try readHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid UTF-16 low surrogate \\u\(String(low, radix: 16))") }
                    let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                    return Unicode.Scalar(combined)!
                }
                guard let decoded = Unicode.Scalar(high) else { throw error("lone UTF-16 surrogate \\u\(String(high, radix: 16))") }
                return decoded
            default:
                throw error("unknown escape '\\\(Character(scalar))' in a string")
            }
        }

        mutating func readHex4() throws(SyntaxError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let scalar = current, let digit = Int(String(Character(scalar)), radix: 16) else {
                    throw error("expected four hexadecimal digits after \\u")
                }
                value = value * 16 + UInt32(digit)
                advance()
            }
            return value
        }

        mutating func readNumber() throws(SyntaxError) -> Value {
            let start = location
            var text = ""
            func isDigit(_ scalar: Unicode.Scalar?) -> Bool { scalar.map { ("0"..."9").contains($0) } ?? false }
            if current == "-" { text.unicodeScalars.append("-"); advance() }
            guard isDigit(current) else { throw error("expected a digit in the number") }
            while isDigit(current) { text.unicodeScalars.append(current!); advance() }
            if current == "." {
                text.unicodeScalars.append("."); advance()
                guard isDigit(current) else { throw error("expected a digit after the decimal point") }
                while isDigit(current) { text.unicodeScalars.append(current!); advance() }
            }
            if current == "e" || current == "E" {
                text.unicodeScalars.append("e"); advance()
                if current == "+" || current == "-" { text.unicodeScalars.append(current!); advance() }
                guard isDigit(current) else { throw error("expected a digit in the exponent") }
                while isDigit(current) { text.unicodeScalars.append(current!); advance() }
            }
            guard let value = Double(text), value.isFinite else {
                throw SyntaxError(location: start, message: "the number \(text) is out of range")
            }
            return .number(text: text, value: value)
        }
    }
}

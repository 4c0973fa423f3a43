import DioramaManifest
import DioramaModel
import Foundation

/// Reads the old-style (OpenStep/NeXTSTEP) ASCII property lists that Xcode writes as
/// `project.pbxproj`, into the same ``PropertyList`` values the XML reader produces,
/// with a location on every value and every key.
///
/// The grammar is small:
///
///     // !$*UTF8*$!                 line comments and /* block comments */
///     { key = value; key = value; }  dictionaries (the `;` after each pair is required;
///     { key; }                       a bare `key;` means `key = key;`, as in CoreFoundation)
///     ( value, value, )              arrays (a trailing comma is allowed)
///     "quoted \"string\""            strings with C escapes, \Uxxxx and octal \ooo
///     unquoted_string-1.0/$x         bare words of letters, digits and _$+/:.-
///     <0fbd 7a2c>                    data, as hexadecimal bytes
///
/// Every value is a string, array, dictionary or data: pbxproj files have no numbers or
/// booleans (`YES` is the string "YES"). Malformed input is a ``PlistError`` naming the
/// line and column, never a crash; nesting is capped so that hostile input cannot
/// exhaust the stack.
struct OpenStepPlistParser {
    static let maximumDepth = 256

    private var cursor: SourceTextCursor
    private var bytes: [UInt8] { cursor.bytes }
    private var index: Int { cursor.index }
    private var file: String { cursor.file }

    init(bytes: [UInt8], file: String) {
        cursor = SourceTextCursor(bytes: bytes, file: file)
    }

    /// Parses one value that fills the whole file.
    static func parse(_ data: Data, file: String) throws(PlistError) -> PropertyList {
        var parser = OpenStepPlistParser(bytes: Array(data), file: file)
        return try parser.parseDocument()
    }

    mutating func parseDocument() throws(PlistError) -> PropertyList {
        try skipWhitespaceAndComments()
        guard peek() != nil else {
            throw error(at: location, "the file is empty", fix: "restore the project file from version control")
        }
        let root = try parseValue(depth: 0)
        try skipWhitespaceAndComments()
        if peek() != nil {
            throw error(
                at: location, "unexpected text after the end of the property list",
                fix: "remove it; the file holds exactly one value, usually a { … } dictionary")
        }
        return root
    }

    // MARK: Values

    private mutating func parseValue(depth: Int) throws(PlistError) -> PropertyList {
        let start = location
        guard depth < Self.maximumDepth else {
            throw error(
                at: start, "values nested more than \(Self.maximumDepth) levels deep",
                fix: "the file is damaged; restore it from version control")
        }
        guard let byte = peek() else {
            throw error(
                at: start, "the file ends where a value was expected",
                fix: "the file is truncated; restore it from version control")
        }
        switch byte {
        case UInt8(ascii: "{"):
            return try parseDictionary(depth: depth)
        case UInt8(ascii: "("):
            return try parseArray(depth: depth)
        case UInt8(ascii: "<"):
            return try parseData()
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return .string(try parseQuotedString(), location: start)
        default:
            guard Self.isUnquotedByte(byte) else {
                throw error(
                    at: start, "unexpected character '\(Self.printable(byte))' where a value was expected",
                    fix: "quote the value with \"…\", or remove the stray character")
            }
            return .string(parseUnquotedString(), location: start)
        }
    }

    private mutating func parseDictionary(depth: Int) throws(PlistError) -> PropertyList {
        let start = location
        advance()  // "{"
        var dictionary = PropertyListDictionary()
        while true {
            try skipWhitespaceAndComments()
            guard let byte = peek() else {
                throw error(
                    at: start, "the dictionary opened here is never closed",
                    fix: "add the missing '}'; the file may be truncated")
            }
            if byte == UInt8(ascii: "}") {
                advance()
                return .dictionary(dictionary, location: start)
            }
            let keyLocation = location
            let key: String
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                key = try parseQuotedString()
            case let byte where Self.isUnquotedByte(byte):
                key = parseUnquotedString()
            default:
                throw error(
                    at: keyLocation, "unexpected character '\(Self.printable(byte))' where a dictionary key was expected",
                    fix: "write entries as key = value; and close the dictionary with '}'")
            }
            try skipWhitespaceAndComments()
            // `key;` is shorthand for `key = key;`: CoreFoundation's old-style parser
            // accepts it, and real project files contain it.
            if peek() == UInt8(ascii: ";") {
                advance()
                dictionary.append(.init(key: key, keyLocation: keyLocation, value: .string(key, location: keyLocation)))
                continue
            }
            guard peek() == UInt8(ascii: "=") else {
                throw error(
                    at: location, "key \"\(key)\" is not followed by '=' or ';'",
                    fix: "write the entry as \(key) = value;")
            }
            advance()
            try skipWhitespaceAndComments()
            let value = try parseValue(depth: depth + 1)
            try skipWhitespaceAndComments()
            guard peek() == UInt8(ascii: ";") else {
                throw error(
                    at: location, "the value of \"\(key)\" is not followed by ';'",
                    fix: "end the entry with ';'")
            }
            advance()
            dictionary.append(.init(key: key, keyLocation: keyLocation, value: value))
        }
    }

    private mutating func parseArray(depth: Int) throws(PlistError) -> PropertyList {
        let start = location
        advance()  // "("
        var values: [PropertyList] = []
        while true {
            try skipWhitespaceAndComments()
            guard let byte = peek() else {
                throw error(
                    at: start, "the array opened here is never closed",
                    fix: "add the missing ')'; the file may be truncated")
            }
            if byte == UInt8(ascii: ")") {
                advance()
                return .array(values, location: start)
            }
            values.append(try parseValue(depth: depth + 1))
            try skipWhitespaceAndComments()
            switch peek() {
            case UInt8(ascii: ","):
                advance()
            case UInt8(ascii: ")"):
                continue
            case nil:
                continue  // reported as unclosed on the next turn
            case let byte?:
                throw error(
                    at: location, "unexpected character '\(Self.printable(byte))' between array elements",
                    fix: "separate array elements with ','")
            }
        }
    }

    private mutating func parseData() throws(PlistError) -> PropertyList {
        let start = location
        advance()  // "<"
        var data = Data()
        var pending: UInt8?
        while let byte = peek(), byte != UInt8(ascii: ">") {
            if Self.isWhitespace(byte) {
                advance()
                continue
            }
            guard let nibble = Self.hexValue(byte) else {
                throw error(
                    at: location, "'\(Self.printable(byte))' is not a hexadecimal digit inside <data>",
                    fix: "write data as pairs of hexadecimal digits, e.g. <0fbd7a2c>")
            }
            advance()
            if let high = pending {
                data.append(high << 4 | nibble)
                pending = nil
            } else {
                pending = nibble
            }
        }
        guard peek() == UInt8(ascii: ">") else {
            throw error(at: start, "the data opened here is never closed", fix: "end it with '>'")
        }
        guard pending == nil else {
            throw error(
                at: start, "the data has an odd number of hexadecimal digits",
                fix: "write whole bytes, two digits each")
        }
        advance()
        return .data(data, location: start)
    }

    // MARK: Strings

    private mutating func parseUnquotedString() -> String {
        String(decoding: cursor.take(while: Self.isUnquotedByte), as: UTF8.self)
    }

    private mutating func parseQuotedString() throws(PlistError) -> String {
        let start = location
        let quote = bytes[index]
        advance()
        var decoded: [UInt8] = []
        while true {
            guard let byte = peek() else {
                throw error(
                    at: start, "the string opened here is never closed",
                    fix: "end it with \(Self.printable(quote))")
            }
            if byte == quote {
                advance()
                break
            }
            if byte == UInt8(ascii: "\\") {
                decoded += try parseEscape()
            } else {
                decoded.append(byte)
                advance()
            }
        }
        guard let string = String(validating: decoded, as: UTF8.self) else {
            throw error(at: start, "the string is not valid UTF-8", fix: "save the file as UTF-8")
        }
        return string
    }

    /// `\n \t \r \b \f \v \a \" \' \\`, `\Uxxxx` (UTF-16 unit) and `\ooo` (octal byte).
    private mutating func parseEscape() throws(PlistError) -> [UInt8] {
        let start = location
        advance()  // "\"
        guard let byte = peek() else {
            throw error(at: start, "the file ends inside an escape sequence", fix: "complete or remove the '\\'")
        }
        advance()
        switch byte {
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "v"): return [0x0B]
        case UInt8(ascii: "a"): return [0x07]
        case UInt8(ascii: "U"), UInt8(ascii: "u"):
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = peek().flatMap(Self.hexValue) else {
                    throw error(
                        at: start, "\\U must be followed by four hexadecimal digits",
                        fix: "write the character as \\Uxxxx, e.g. \\U00e9")
                }
                value = value << 4 | UInt32(digit)
                advance()
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw error(
                    at: start, "\\U\(String(value, radix: 16)) is not a character on its own",
                    fix: "write the character itself in UTF-8 instead of escaping it")
            }
            return Array(String(Character(scalar)).utf8)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = UInt32(byte - UInt8(ascii: "0"))
            for _ in 0..<2 {
                guard let next = peek(), (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(next) else { break }
                value = value * 8 + UInt32(next - UInt8(ascii: "0"))
                advance()
            }
            return [UInt8(truncatingIfNeeded: value)]
        default:
            return [byte]  // \" \' \\ and any other character stand for themselves
        }
    }

    // MARK: Whitespace and comments

    private mutating func skipWhitespaceAndComments() throws(PlistError) {
        while let byte = peek() {
            if Self.isWhitespace(byte) {
                advance()
            } else if byte == UInt8(ascii: "/") && peek(offset: 1) == UInt8(ascii: "/") {
                while let byte = peek(), byte != 0x0A { advance() }
            } else if byte == UInt8(ascii: "/") && peek(offset: 1) == UInt8(ascii: "*") {
                let start = location
                advance(by: 2)
                while true {
                    guard peek() != nil else {
                        throw error(at: start, "the comment opened here is never closed", fix: "end it with */")
                    }
                    if peek() == UInt8(ascii: "*") && peek(offset: 1) == UInt8(ascii: "/") {
                        advance(by: 2)
                        break
                    }
                    advance()
                }
            } else {
                return
            }
        }
    }

    // MARK: Low level

    private var location: SourceLocation { cursor.location }

    private func peek(offset: Int = 0) -> UInt8? { cursor.peek(offset: offset) }

    private mutating func advance() { cursor.advance() }

    private mutating func advance(by count: Int) { cursor.advance(by: count) }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B
    }

    private static func isUnquotedByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"),
            UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func printable(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : String(format: "\\x%02X", byte)
    }

    private func error(at location: SourceLocation, _ problem: String, fix: String) -> PlistError {
        PlistError(location: location, problem: problem, fix: fix)
    }
}

import DioramaModel
import Foundation

/// Builds a ``PropertyList`` from the tokens of ``XMLPlistScanner``.
///
/// Accepts the documents Xcode and `plutil` write (`<plist version="1.0">` around one
/// value) and, leniently, a bare value element as the root. Every error names the
/// element and where it was opened, and says how to fix it.
struct XMLPlistParser {
    /// Deeper nesting is rejected instead of recursing further, so that hostile or
    /// corrupted input cannot exhaust the stack.
    static let maximumDepth = 256

    private var scanner: XMLPlistScanner

    init(bytes: [UInt8], file: String) {
        scanner = XMLPlistScanner(bytes: bytes, file: file)
    }

    mutating func parseDocument() throws(PlistError) -> PropertyList {
        guard case .startTag(let name, let isEmpty, let location) = try nextSignificant(context: nil) else {
            throw scanner.error(
                at: scanner.currentLocation, "no property list found",
                fix: "start the file with <plist version=\"1.0\"> and put one value inside")
        }
        let root: PropertyList
        if name == "plist" {
            guard !isEmpty else {
                throw scanner.error(
                    at: location, "<plist> is empty",
                    fix: "put one value, usually a <dict>, inside <plist>")
            }
            let plistElement = OpenElement(name: "plist", location: location)
            switch try nextSignificant(context: plistElement) {
            case .startTag(let name, let isEmpty, let location):
                root = try parseValue(name: name, isEmpty: isEmpty, location: location, depth: 1)
            case .endTag(let name, let closeLocation) where name == "plist":
                throw scanner.error(
                    at: closeLocation, "<plist> contains no value",
                    fix: "put one value, usually a <dict>, inside <plist>")
            case let token:
                throw unexpected(token, in: plistElement)
            }
            switch try nextSignificant(context: plistElement) {
            case .endTag(let name, _) where name == "plist":
                break
            case .startTag(let name, _, let location):
                throw scanner.error(
                    at: location, "<plist> contains more than one value (extra <\(name)>)",
                    fix: "wrap the values in one <dict> or <array>")
            case let token:
                throw unexpected(token, in: plistElement)
            }
        } else {
            root = try parseValue(name: name, isEmpty: isEmpty, location: location, depth: 1)
        }
        switch try nextSignificant(context: nil) {
        case .endOfFile:
            return root
        case .startTag(_, _, let location), .endTag(_, let location), .text(_, let location):
            throw scanner.error(
                at: location, "content after the end of the property list",
                fix: "remove it, or move it inside the root value")
        }
    }

    /// An element whose closing tag is still expected, for messages.
    private struct OpenElement {
        var name: String
        var location: SourceLocation
    }

    // MARK: Values

    private mutating func parseValue(name: String, isEmpty: Bool, location: SourceLocation, depth: Int) throws(PlistError) -> PropertyList {
        let element = OpenElement(name: name, location: location)
        switch name {
        case "dict":
            return .dictionary(
                try parseDictionaryContents(element, isEmpty: isEmpty, depth: depth),
                location: location)
        case "array":
            return .array(try parseArrayContents(element, isEmpty: isEmpty, depth: depth), location: location)
        case "string":
            return .string(isEmpty ? "" : try readText(of: element), location: location)
        case "integer":
            let text = try readScalarText(of: element, isEmpty: isEmpty)
            guard let value = Self.parseInteger(text) else {
                throw scanner.error(
                    at: location, "<integer> \"\(text)\" is not a whole number that fits in 64 bits",
                    fix: "write decimal digits with an optional sign, e.g. <integer>42</integer>")
            }
            return .integer(value, location: location)
        case "real":
            let text = try readScalarText(of: element, isEmpty: isEmpty)
            guard let value = Double(text) else {
                throw scanner.error(
                    at: location, "<real> \"\(text)\" is not a number",
                    fix: "write a decimal number, e.g. <real>1.5</real>")
            }
            return .real(value, location: location)
        case "true", "false":
            if !isEmpty {
                let text = try readText(of: element)
                guard text.allSatisfy(\.isWhitespace) else {
                    throw scanner.error(
                        at: location, "<\(name)> cannot contain text",
                        fix: "write it as <\(name)/>")
                }
            }
            return .bool(name == "true", location: location)
        case "date":
            let text = try readScalarText(of: element, isEmpty: isEmpty)
            guard let value = ISO8601UTCDate.parse(text) else {
                throw scanner.error(
                    at: location, "<date> \"\(text)\" is not an ISO 8601 UTC date",
                    fix: "write it as YYYY-MM-DDTHH:MM:SSZ, e.g. <date>2025-06-09T17:00:00Z</date>")
            }
            return .date(value, location: location)
        case "data":
            let text = isEmpty ? "" : try readText(of: element)
            guard let value = Self.decodeBase64(text) else {
                throw scanner.error(
                    at: location, "<data> does not contain valid base64",
                    fix: "encode the bytes as base64, e.g. <data>3q2+7w==</data>")
            }
            return .data(value, location: location)
        case "key":
            throw scanner.error(
                at: location, "<key> outside a <dict>",
                fix: "put <key> elements only directly inside <dict>")
        case "plist":
            throw scanner.error(
                at: location, "<plist> nested inside a value",
                fix: "use <plist> only once, around the root value")
        default:
            throw scanner.error(
                at: location, "unknown element <\(name)>",
                fix: "use dict, array, string, integer, real, true, false, date or data")
        }
    }

    private mutating func parseDictionaryContents(_ element: OpenElement, isEmpty: Bool, depth: Int) throws(PlistError) -> PropertyListDictionary {
        var dictionary = PropertyListDictionary()
        if isEmpty { return dictionary }
        try checkDepth(depth, of: element)
        while true {
            switch try nextSignificant(context: element) {
            case .endTag(let name, _) where name == "dict":
                return dictionary
            case .startTag(let name, let keyIsEmpty, let keyLocation) where name == "key":
                let key = keyIsEmpty ? "" : try readText(of: OpenElement(name: "key", location: keyLocation))
                switch try nextSignificant(context: element) {
                case .startTag(let name, _, let location) where name == "key":
                    throw scanner.error(
                        at: location, "<key> \"\(key)\" at \(keyLocation.line):\(keyLocation.column) has no value (another <key> follows)",
                        fix: "add a value element after <key>\(key)</key>")
                case .startTag(let name, let isEmpty, let location):
                    let value = try parseValue(name: name, isEmpty: isEmpty, location: location, depth: depth + 1)
                    dictionary.append(.init(key: key, keyLocation: keyLocation, value: value))
                case .endTag(let name, let location) where name == "dict":
                    throw scanner.error(
                        at: location, "<key> \"\(key)\" at \(keyLocation.line):\(keyLocation.column) has no value",
                        fix: "add a value element after <key>\(key)</key>, or remove the key")
                case let token:
                    throw unexpected(token, in: element)
                }
            case .startTag(let name, _, let location):
                throw scanner.error(
                    at: location, "<\(name)> in <dict> has no <key> before it",
                    fix: "write <key>name</key> before each value in a <dict>")
            case let token:
                throw unexpected(token, in: element)
            }
        }
    }

    private mutating func parseArrayContents(_ element: OpenElement, isEmpty: Bool, depth: Int) throws(PlistError) -> [PropertyList] {
        var values: [PropertyList] = []
        if isEmpty { return values }
        try checkDepth(depth, of: element)
        while true {
            switch try nextSignificant(context: element) {
            case .endTag(let name, _) where name == "array":
                return values
            case .startTag(let name, let isEmpty, let location):
                values.append(try parseValue(name: name, isEmpty: isEmpty, location: location, depth: depth + 1))
            case let token:
                throw unexpected(token, in: element)
            }
        }
    }

    private func checkDepth(_ depth: Int, of element: OpenElement) throws(PlistError) {
        if depth > Self.maximumDepth {
            throw scanner.error(
                at: element.location, "values are nested more than \(Self.maximumDepth) levels deep",
                fix: "flatten the structure")
        }
    }

    // MARK: Text content

    /// The text up to `</name>`, which must follow; no child elements allowed.
    private mutating func readText(of element: OpenElement) throws(PlistError) -> String {
        var text = ""
        while true {
            switch try scanner.next() {
            case .text(let run, _):
                text += run
            case .endTag(let name, _) where name == element.name:
                return text
            case .startTag(let name, _, let location):
                throw scanner.error(
                    at: location, "<\(element.name)> opened at \(element.location.line):\(element.location.column) cannot contain <\(name)>",
                    fix: "close it with </\(element.name)> first; write a literal '<' as &lt;")
            case let token:
                throw unexpected(token, in: element)
            }
        }
    }

    /// Text of a number or date element, without surrounding whitespace.
    private mutating func readScalarText(of element: OpenElement, isEmpty: Bool) throws(PlistError) -> String {
        let text = isEmpty ? "" : try readText(of: element)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: Tokens

    /// The next token that is not whitespace-only text. Non-whitespace text where an
    /// element is expected is an error.
    private mutating func nextSignificant(context: OpenElement?) throws(PlistError) -> XMLPlistScanner.Token {
        while true {
            let token = try scanner.next()
            guard case .text(let text, let location) = token else { return token }
            if text.allSatisfy(\.isWhitespace) { continue }
            let excerpt = text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(20)
            if let context {
                throw scanner.error(
                    at: location, "unexpected text \"\(excerpt)\" in <\(context.name)>",
                    fix: "put text inside a <string> (or <key> in a <dict>)")
            }
            throw scanner.error(
                at: location, "unexpected text \"\(excerpt)\" outside any element",
                fix: "put the content inside <plist>, or remove it")
        }
    }

    /// The error for a token that cannot appear here: a closing tag that does not match,
    /// or the end of the file before the element was closed.
    private func unexpected(_ token: XMLPlistScanner.Token, in element: OpenElement) -> PlistError {
        let opened = "\(element.location.line):\(element.location.column)"
        switch token {
        case .endOfFile(let location):
            return scanner.error(
                at: location, "file ends inside <\(element.name)> opened at \(opened)",
                fix: "close it with </\(element.name)>")
        case .endTag(let name, let location):
            return scanner.error(
                at: location, "</\(name)> does not match <\(element.name)> opened at \(opened)",
                fix: "close <\(element.name)> with </\(element.name)> first")
        case .startTag(let name, _, let location):
            return scanner.error(
                at: location, "unexpected <\(name)> in <\(element.name)> opened at \(opened)",
                fix: "close <\(element.name)> with </\(element.name)> first")
        case .text(let text, let location):
            return scanner.error(
                at: location, "unexpected text \"\(text.prefix(20))\" in <\(element.name)>",
                fix: "put text inside a <string>")
        }
    }

    // MARK: Scalars

    /// Decimal with optional sign, or `0x` hexadecimal as Apple's parser also accepts.
    static func parseInteger(_ text: String) -> Int? {
        var digits = Substring(text)
        var negative = false
        if let sign = digits.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        let magnitude: UInt64?
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            magnitude = UInt64(digits.dropFirst(2), radix: 16)
        } else {
            magnitude = digits.allSatisfy(\.isASCII) ? UInt64(digits, radix: 10) : nil
        }
        guard let magnitude else { return nil }
        if negative {
            if magnitude == UInt64(Int.max) + 1 { return Int.min }
            return Int(exactly: magnitude).map { -$0 }
        }
        return Int(exactly: magnitude)
    }

    /// Base64 with any whitespace (plists wrap long data over lines) and optional
    /// padding.
    static func decodeBase64(_ text: String) -> Data? {
        var compact = text.filter { !$0.isWhitespace }
        let remainder = compact.utf8.count % 4
        if remainder == 1 { return nil }
        if remainder > 0 { compact += String(repeating: "=", count: 4 - remainder) }
        return Data(base64Encoded: compact)
    }
}

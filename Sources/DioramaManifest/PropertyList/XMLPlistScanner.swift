import DioramaModel

/// Splits XML property-list text into tags and text, tracking line and column.
///
/// Hand-written rather than built on `XMLParser` because `XMLParser` on Linux reports
/// positions only loosely (often at the end of a tag), and plist diagnostics need the
/// exact start of the offending element. It understands the part of XML that property
/// lists use: the `<?xml?>` declaration, `<!DOCTYPE>`, comments, elements with
/// attributes, character data, CDATA sections and the five predefined entities plus
/// numeric character references. Anything else is a ``PlistError``, never a crash.
struct XMLPlistScanner {
    enum Token {
        /// `<name ...>` or, when `isEmpty`, `<name .../>`.
        case startTag(name: String, isEmpty: Bool, location: SourceLocation)
        /// `</name>`.
        case endTag(name: String, location: SourceLocation)
        /// Character data (entities decoded) or one CDATA section.
        case text(String, location: SourceLocation)
        case endOfFile(location: SourceLocation)
    }

    private var cursor: SourceTextCursor
    private var bytes: [UInt8] { cursor.bytes }
    private var index: Int { cursor.index }

    /// - Parameter bytes: UTF-8 text (a UTF-8 byte-order mark is skipped).
    init(bytes: [UInt8], file: String) {
        cursor = SourceTextCursor(bytes: bytes, file: file)
    }

    var currentLocation: SourceLocation { cursor.location }

    /// The next tag, text run or end of file. Comments, processing instructions and the
    /// document type declaration are skipped.
    mutating func next() throws(PlistError) -> Token {
        while true {
            let location = currentLocation
            guard let byte = peek() else { return .endOfFile(location: location) }
            guard byte == UInt8(ascii: "<") else { return try scanText(at: location) }

            if matches("<?") {
                try skip(past: "?>", what: "processing instruction", from: location)
            } else if matches("<!--") {
                try skip(past: "-->", what: "comment", from: location)
            } else if matches("<![CDATA[") {
                advance(by: 9)
                let contentStart = index
                guard let end = find("]]>") else {
                    throw error(
                        at: location, "unterminated CDATA section",
                        fix: "end it with ]]>")
                }
                let content = Array(bytes[contentStart..<end])
                while index < end { advance() }
                advance(by: 3)
                return .text(
                    try decodeUTF8(normalizingNewlines(content), at: location),
                    location: location)
            } else if matches("<!DOCTYPE") {
                try skipDocumentType(from: location)
            } else if matches("<!") {
                throw error(
                    at: location, "unsupported markup declaration",
                    fix: "remove it; property lists use only elements, comments and <!DOCTYPE>")
            } else if matches("</") {
                return try scanEndTag(at: location)
            } else {
                return try scanStartTag(at: location)
            }
        }
    }

    // MARK: Tags

    private mutating func scanStartTag(at location: SourceLocation) throws(PlistError) -> Token {
        advance()  // "<"
        let name = try scanName(in: "tag", at: location)
        while true {
            skipWhitespace()
            guard let byte = peek() else {
                throw error(
                    at: location, "unterminated tag <\(name)",
                    fix: "end the tag with > or />")
            }
            if byte == UInt8(ascii: ">") {
                advance()
                return .startTag(name: name, isEmpty: false, location: location)
            }
            if matches("/>") {
                advance(by: 2)
                return .startTag(name: name, isEmpty: true, location: location)
            }
            try scanAttribute(of: name, tagLocation: location)
        }
    }

    /// Reads and discards `name="value"`; plist elements carry no meaningful attributes
    /// other than `<plist version="1.0">`.
    private mutating func scanAttribute(of tag: String, tagLocation: SourceLocation) throws(PlistError) {
        let attributeLocation = currentLocation
        guard let byte = peek(), Self.isNameByte(byte) else {
            throw error(
                at: attributeLocation, "unexpected character in tag <\(tag)>",
                fix: "write attributes as name=\"value\" and end the tag with > or />")
        }
        let attribute = try scanName(in: "attribute", at: attributeLocation)
        skipWhitespace()
        guard peek() == UInt8(ascii: "=") else {
            throw error(
                at: currentLocation, "attribute \(attribute) in <\(tag)> has no value",
                fix: "write it as \(attribute)=\"value\"")
        }
        advance()
        skipWhitespace()
        guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw error(
                at: currentLocation, "value of attribute \(attribute) is not quoted",
                fix: "put the value in double quotes")
        }
        advance()
        while let byte = peek(), byte != quote {
            if byte == UInt8(ascii: "<") {
                throw error(
                    at: currentLocation, "'<' inside the value of attribute \(attribute)",
                    fix: "close the quote before the next tag")
            }
            advance()
        }
        guard peek() == quote else {
            throw error(
                at: attributeLocation, "unterminated value of attribute \(attribute)",
                fix: "close the quote")
        }
        advance()
    }

    private mutating func scanEndTag(at location: SourceLocation) throws(PlistError) -> Token {
        advance(by: 2)  // "</"
        let name = try scanName(in: "closing tag", at: location)
        skipWhitespace()
        guard peek() == UInt8(ascii: ">") else {
            throw error(
                at: location, "malformed closing tag </\(name)",
                fix: "end it with >")
        }
        advance()
        return .endTag(name: name, location: location)
    }

    private mutating func scanName(in what: String, at location: SourceLocation) throws(PlistError) -> String {
        let name = cursor.take(while: Self.isNameByte)
        guard !name.isEmpty else {
            throw error(
                at: location, "\(what) has no name",
                fix: "write a name right after '<', e.g. <string>; escape a literal '<' as &lt;")
        }
        return try decodeUTF8(Array(name), at: location)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "."):
            return true
        default:
            return byte >= 0x80
        }
    }

    // MARK: Text

    private mutating func scanText(at location: SourceLocation) throws(PlistError) -> Token {
        var decoded: [UInt8] = []
        while let byte = peek(), byte != UInt8(ascii: "<") {
            if byte == UInt8(ascii: "&") {
                decoded += try scanReference()
            } else if byte == UInt8(ascii: "\r") {
                // XML end-of-line handling: CR LF and lone CR both become LF.
                advance()
                if peek() == UInt8(ascii: "\n") { advance() }
                decoded.append(UInt8(ascii: "\n"))
            } else {
                decoded.append(byte)
                advance()
            }
        }
        return .text(try decodeUTF8(decoded, at: location), location: location)
    }

    /// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` `&#NNN;` `&#xHH;` → UTF-8 bytes.
    private mutating func scanReference() throws(PlistError) -> [UInt8] {
        let location = currentLocation
        advance()  // "&"
        let nameBytes = cursor.take(atMost: 12) { byte in
            byte != UInt8(ascii: ";") && byte != UInt8(ascii: "<") && byte != UInt8(ascii: "&") && !Self.isWhitespace(byte)
        }
        guard peek() == UInt8(ascii: ";") else {
            throw error(
                at: location, "unterminated entity reference",
                fix: "write a literal '&' as &amp;")
        }
        let name = String(decoding: nameBytes, as: UTF8.self)
        advance()  // ";"
        switch name {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default:
            var scalarValue: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                scalarValue = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                scalarValue = UInt32(name.dropFirst(), radix: 10)
            }
            guard let scalarValue, let scalar = Unicode.Scalar(scalarValue), scalarValue != 0 else {
                throw error(
                    at: location, "unknown entity &\(name);",
                    fix: "use &lt; &gt; &amp; &quot; &apos; or a character reference like &#233;")
            }
            return Array(String(Character(scalar)).utf8)
        }
    }

    // MARK: Skipping

    private mutating func skip(past terminator: String, what: String, from location: SourceLocation) throws(PlistError) {
        guard let end = find(terminator) else {
            throw error(at: location, "unterminated \(what)", fix: "end it with \(terminator)")
        }
        while index < end { advance() }
        advance(by: terminator.utf8.count)
    }

    /// Skips `<!DOCTYPE plist PUBLIC "..." "...">`, including an internal subset in
    /// brackets and any quoted strings, which may contain '>'.
    private mutating func skipDocumentType(from location: SourceLocation) throws(PlistError) {
        advance(by: 9)
        var bracketDepth = 0
        var quote: UInt8?
        while let byte = peek() {
            advance()
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: "["): bracketDepth += 1
            case UInt8(ascii: "]"): bracketDepth = max(0, bracketDepth - 1)
            case UInt8(ascii: ">") where bracketDepth == 0: return
            default: break
            }
        }
        throw error(at: location, "unterminated <!DOCTYPE declaration", fix: "end it with >")
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), Self.isWhitespace(byte) { advance() }
    }

    // MARK: Low level

    private func peek() -> UInt8? { cursor.peek() }

    private func matches(_ literal: String) -> Bool {
        var position = index
        for byte in literal.utf8 {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
        }
        return true
    }

    /// Index of the next occurrence of `literal` at or after the current position.
    private func find(_ literal: String) -> Int? {
        let needle = Array(literal.utf8)
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var position = index
        while position + needle.count <= bytes.count {
            if bytes[position] == first && bytes[position..<(position + needle.count)].elementsEqual(needle) {
                return position
            }
            position += 1
        }
        return nil
    }

    private mutating func advance() { cursor.advance() }

    private mutating func advance(by count: Int) { cursor.advance(by: count) }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func normalizingNewlines(_ content: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(content.count)
        var position = 0
        while position < content.count {
            let byte = content[position]
            if byte == UInt8(ascii: "\r") {
                result.append(UInt8(ascii: "\n"))
                if position + 1 < content.count && content[position + 1] == UInt8(ascii: "\n") {
                    position += 1
                }
            } else {
                result.append(byte)
            }
            position += 1
        }
        return result
    }

    private func decodeUTF8(_ bytes: [UInt8], at location: SourceLocation) throws(PlistError) -> String {
        guard let string = String(validating: bytes, as: UTF8.self) else {
            throw error(
                at: location, "text is not valid UTF-8",
                fix: "save the file as UTF-8")
        }
        return string
    }

    func error(at location: SourceLocation, _ problem: String, fix: String) -> PlistError {
        PlistError(location: location, problem: problem, fix: fix)
    }
}

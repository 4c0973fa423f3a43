import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads Wayland protocol XML into the model and validates it.
///
/// Every error names the file and line and says what to change; the scanner
/// stops on the first one, which stops the build.
package enum ProtocolParser {
    package static func parse(contentsOf url: URL) throws -> ProtocolDefinition {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ScannerError(
                SourceLocation(file: url.path, line: 0),
                "cannot read the protocol file: \(error.localizedDescription)")
        }
        return try parse(data: data, fileName: url.path)
    }

    package static func parse(data: Data, fileName: String) throws -> ProtocolDefinition {
        let parser = XMLParser(data: data)
        let builder = ProtocolBuilder(fileName: fileName, parser: parser)
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        let ok = parser.parse()
        if let error = builder.error { throw error }
        if !ok {
            let location = SourceLocation(file: fileName, line: parser.lineNumber, column: parser.columnNumber)
            let reason = parser.parserError.map { String(describing: $0) } ?? "unknown error"
            throw ScannerError(location, "malformed XML (\(reason)); fix the markup at this place")
        }
        guard let result = builder.result else {
            throw ScannerError(SourceLocation(file: fileName, line: 1), "no <protocol> element; a Wayland protocol file has one at its root")
        }
        try ProtocolValidator.validate(result)
        return result
    }
}

/// The XMLParser delegate that builds a `ProtocolDefinition` element by element.
private final class ProtocolBuilder: NSObject, XMLParserDelegate {
    let fileName: String
    weak var parser: XMLParser?
    var result: ProtocolDefinition?
    var error: ScannerError?

    private var proto: ProtocolDefinition?
    private var interface: InterfaceDefinition?
    private var message: MessageDefinition?
    private var messageIsEvent = false
    private var enumeration: EnumDefinition?
    private var text = ""
    private var descriptionSummary: String?
    private var inDescription = false
    private var inCopyright = false

    init(fileName: String, parser: XMLParser) {
        self.fileName = fileName
        self.parser = parser
    }

    private var here: SourceLocation {
        SourceLocation(file: fileName, line: parser?.lineNumber ?? 0, column: 0)
    }

    private func fail(_ message: String) {
        guard error == nil else { return }
        error = ScannerError(here, message)
        parser?.abortParsing()
    }

    private func required(_ attributes: [String: String], _ key: String, on element: String) -> String? {
        guard let value = attributes[key], !value.isEmpty else {
            fail("<\(element)> needs a \(key)=\"…\" attribute")
            return nil
        }
        return value
    }

    private func integer(_ attributes: [String: String], _ key: String, on element: String, default value: Int) -> Int? {
        guard let raw = attributes[key] else { return value }
        guard let parsed = Int(raw), parsed >= 1 else {
            fail("<\(element)> \(key)=\"\(raw)\" is not a positive integer")
            return nil
        }
        return parsed
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes: [String: String] = [:]
    ) {
        guard error == nil else { return }
        switch elementName {
        case "protocol":
            guard let name = required(attributes, "name", on: "protocol") else { return }
            proto = ProtocolDefinition(name: name, location: here)
        case "copyright":
            inCopyright = true
            text = ""
        case "description":
            inDescription = true
            descriptionSummary = attributes["summary"]
            text = ""
        case "interface":
            guard proto != nil else { return fail("<interface> outside <protocol>") }
            guard let name = required(attributes, "name", on: "interface"),
                let version = integer(attributes, "version", on: "interface", default: -1)
            else { return }
            if version < 1 { return fail("<interface name=\"\(name)\"> needs a version=\"N\" attribute") }
            interface = InterfaceDefinition(name: name, version: version, location: here)
        case "request", "event":
            guard interface != nil else { return fail("<\(elementName)> outside <interface>") }
            guard let name = required(attributes, "name", on: elementName),
                let since = integer(attributes, "since", on: elementName, default: 1)
            else { return }
            var deprecated: Int?
            if attributes["deprecated-since"] != nil {
                guard let value = integer(attributes, "deprecated-since", on: elementName, default: 1) else { return }
                deprecated = value
            }
            if let type = attributes["type"], type != "destructor" {
                return fail("<\(elementName) name=\"\(name)\"> type=\"\(type)\" is unknown; the only type is \"destructor\"")
            }
            message = MessageDefinition(
                name: name, isDestructor: attributes["type"] == "destructor",
                since: since, deprecatedSince: deprecated, location: here)
            messageIsEvent = elementName == "event"
        case "arg":
            guard message != nil else { return fail("<arg> outside <request> or <event>") }
            guard let name = required(attributes, "name", on: "arg"),
                let typeName = required(attributes, "type", on: "arg")
            else { return }
            guard let type = ArgumentType(rawValue: typeName) else {
                let known = ArgumentType.allCases.map(\.rawValue).joined(separator: ", ")
                return fail("<arg name=\"\(name)\"> type=\"\(typeName)\" is unknown; use one of \(known)")
            }
            let allowNull: Bool
            switch attributes["allow-null"] {
            case nil, "false": allowNull = false
            case "true": allowNull = true
            case let other?: return fail("<arg name=\"\(name)\"> allow-null=\"\(other)\" must be \"true\" or \"false\"")
            }
            if allowNull && ![.string, .object].contains(type) {
                return fail("<arg name=\"\(name)\"> allow-null is only allowed on string and object arguments")
            }
            if let iface = attributes["interface"], ![.object, .newID].contains(type) {
                return fail("<arg name=\"\(name)\"> interface=\"\(iface)\" is only allowed on object and new_id arguments")
            }
            message?.arguments.append(
                ArgumentDefinition(
                    name: name, type: type, summary: attributes["summary"], interface: attributes["interface"],
                    allowNull: allowNull, enumReference: attributes["enum"], location: here))
        case "enum":
            guard interface != nil else { return fail("<enum> outside <interface>") }
            guard let name = required(attributes, "name", on: "enum"),
                let since = integer(attributes, "since", on: "enum", default: 1)
            else { return }
            let bitfield: Bool
            switch attributes["bitfield"] {
            case nil, "false": bitfield = false
            case "true": bitfield = true
            case let other?: return fail("<enum name=\"\(name)\"> bitfield=\"\(other)\" must be \"true\" or \"false\"")
            }
            enumeration = EnumDefinition(name: name, isBitfield: bitfield, since: since, location: here)
        case "entry":
            guard enumeration != nil else { return fail("<entry> outside <enum>") }
            guard let name = required(attributes, "name", on: "entry"),
                let rawValue = required(attributes, "value", on: "entry")
            else { return }
            guard let value = Self.parseValue(rawValue) else {
                return fail("<entry name=\"\(name)\"> value=\"\(rawValue)\" is not a decimal or 0x-hexadecimal 32-bit number")
            }
            guard let since = integer(attributes, "since", on: "entry", default: 1) else { return }
            enumeration?.entries.append(
                EnumEntry(
                    name: name, value: value, summary: attributes["summary"],
                    since: since, location: here))
        default:
            fail("<\(elementName)> is not a Wayland protocol element")
        }
    }

    static func parseValue(_ raw: String) -> UInt32? {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("0x") || trimmed.hasPrefix("0X") {
            return UInt32(trimmed.dropFirst(2), radix: 16)
        }
        return UInt32(trimmed)
    }

    /// libxml2 found the document malformed; remember where.
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard error == nil else { return }
        error = ScannerError(
            SourceLocation(file: fileName, line: parser.lineNumber, column: parser.columnNumber),
            "malformed XML (\((parseError as NSError).code)); fix the markup at this place")
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inDescription || inCopyright { text += string }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?
    ) {
        guard error == nil else { return }
        switch elementName {
        case "protocol":
            result = proto
        case "copyright":
            inCopyright = false
            proto?.copyright = Self.dedent(text)
        case "description":
            inDescription = false
            let doc = Documentation(summary: descriptionSummary, text: Self.dedent(text))
            if enumeration != nil {
                enumeration?.description = doc
            } else if message != nil {
                message?.description = doc
            } else if interface != nil {
                interface?.description = doc
            } else {
                proto?.description = doc
            }
        case "interface":
            if let interface { proto?.interfaces.append(interface) }
            interface = nil
        case "request", "event":
            if let message {
                if messageIsEvent { interface?.events.append(message) } else { interface?.requests.append(message) }
            }
            message = nil
        case "enum":
            if let enumeration { interface?.enums.append(enumeration) }
            enumeration = nil
        default:
            break
        }
    }

    /// Trims the common indentation of a description block, keeping paragraphs.
    static func dedent(_ raw: String) -> String? {
        let lines = raw.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let indents = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " || $0 == "\t" }.count }
        let common = indents.min() ?? 0
        var body = lines.map { $0.count >= common ? String($0.dropFirst(common)) : $0.trimmingCharacters(in: .whitespaces) }
            .map { $0.replacingOccurrences(of: "\t", with: "  ") }
        while let first = body.first, first.trimmingCharacters(in: .whitespaces).isEmpty { body.removeFirst() }
        while let last = body.last, last.trimmingCharacters(in: .whitespaces).isEmpty { body.removeLast() }
        let joined = body.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            .joined(separator: "\n")
        return joined.isEmpty ? nil : joined
    }
}

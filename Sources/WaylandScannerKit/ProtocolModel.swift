// The protocol model: what a Wayland protocol XML file says, after parsing and
// validation, before any Swift is emitted. Parse (ProtocolParser) → model (this
// file) → emit (InterfaceTableEmitter, ClientEmitter, ServerEmitter).

/// Where a model element came from, for error messages (`file:line`).
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String {
        column > 0 ? "\(file):\(line):\(column)" : "\(file):\(line)"
    }
}

/// One `<protocol>` element.
public struct ProtocolDefinition: Sendable {
    public var name: String
    public var copyright: String?
    public var description: Documentation?
    public var interfaces: [InterfaceDefinition]
    public var location: SourceLocation

    public init(
        name: String, copyright: String? = nil, description: Documentation? = nil,
        interfaces: [InterfaceDefinition] = [], location: SourceLocation
    ) {
        self.name = name
        self.copyright = copyright
        self.description = description
        self.interfaces = interfaces
        self.location = location
    }
}

/// `<description summary="…">text</description>` or a bare `summary` attribute.
public struct Documentation: Sendable, Equatable {
    public var summary: String?
    public var text: String?

    public init(summary: String?, text: String?) {
        self.summary = summary
        self.text = text
    }
}

public struct InterfaceDefinition: Sendable {
    public var name: String
    public var version: Int
    public var description: Documentation?
    public var requests: [MessageDefinition]
    public var events: [MessageDefinition]
    public var enums: [EnumDefinition]
    public var location: SourceLocation

    public init(
        name: String, version: Int, description: Documentation? = nil,
        requests: [MessageDefinition] = [], events: [MessageDefinition] = [],
        enums: [EnumDefinition] = [], location: SourceLocation
    ) {
        self.name = name
        self.version = version
        self.description = description
        self.requests = requests
        self.events = events
        self.enums = enums
        self.location = location
    }
}

/// A request or an event.
public struct MessageDefinition: Sendable {
    public var name: String
    /// `type="destructor"`: sending (request) or receiving (event) it ends the object.
    public var isDestructor: Bool
    /// The interface version that introduced the message (1 when absent).
    public var since: Int
    public var deprecatedSince: Int?
    public var description: Documentation?
    public var arguments: [ArgumentDefinition]
    public var location: SourceLocation

    public init(
        name: String, isDestructor: Bool = false, since: Int = 1, deprecatedSince: Int? = nil,
        description: Documentation? = nil, arguments: [ArgumentDefinition] = [],
        location: SourceLocation
    ) {
        self.name = name
        self.isDestructor = isDestructor
        self.since = since
        self.deprecatedSince = deprecatedSince
        self.description = description
        self.arguments = arguments
        self.location = location
    }

    /// The `new_id` argument that makes this message a constructor, if any.
    public var newIDArgument: ArgumentDefinition? {
        arguments.first { $0.type == .newID }
    }
}

public enum ArgumentType: String, Sendable, CaseIterable {
    case int, uint, fixed, string, object, newID = "new_id", array, fd

    /// The character libwayland's message signatures use for this type.
    public var signatureCharacter: Character {
        switch self {
        case .int: "i"
        case .uint: "u"
        case .fixed: "f"
        case .string: "s"
        case .object: "o"
        case .newID: "n"
        case .array: "a"
        case .fd: "h"
        }
    }
}

public struct ArgumentDefinition: Sendable {
    public var name: String
    public var type: ArgumentType
    public var summary: String?
    /// The interface of an `object`/`new_id` argument; nil for an untyped
    /// `new_id` (wl_registry.bind) or an object of any interface.
    public var interface: String?
    public var allowNull: Bool
    /// `enum="name"` or `enum="interface.name"`, as written.
    public var enumReference: String?
    public var location: SourceLocation

    public init(
        name: String, type: ArgumentType, summary: String? = nil, interface: String? = nil,
        allowNull: Bool = false, enumReference: String? = nil, location: SourceLocation
    ) {
        self.name = name
        self.type = type
        self.summary = summary
        self.interface = interface
        self.allowNull = allowNull
        self.enumReference = enumReference
        self.location = location
    }
}

public struct EnumDefinition: Sendable {
    public var name: String
    public var isBitfield: Bool
    public var since: Int
    public var description: Documentation?
    public var entries: [EnumEntry]
    public var location: SourceLocation

    public init(
        name: String, isBitfield: Bool = false, since: Int = 1, description: Documentation? = nil,
        entries: [EnumEntry] = [], location: SourceLocation
    ) {
        self.name = name
        self.isBitfield = isBitfield
        self.since = since
        self.description = description
        self.entries = entries
        self.location = location
    }
}

public struct EnumEntry: Sendable {
    public var name: String
    public var value: UInt32
    public var summary: String?
    public var since: Int
    public var location: SourceLocation

    public init(name: String, value: UInt32, summary: String? = nil, since: Int = 1, location: SourceLocation) {
        self.name = name
        self.value = value
        self.summary = summary
        self.since = since
        self.location = location
    }
}

/// An error in the protocol XML, with the place it was found and what to do.
public struct ScannerError: Error, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(_ location: SourceLocation, _ message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): error: \(message)" }
}

// The protocol model: what a Wayland protocol XML file says, after parsing and
// validation, before any Swift is emitted. Parse (ProtocolParser) → model (this
// file) → emit (InterfaceTableEmitter, ClientEmitter, ServerEmitter).

/// Where a model element came from, for error messages (`file:line`).
package struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var column: Int

    package init(file: String, line: Int, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    package var description: String {
        column > 0 ? "\(file):\(line):\(column)" : "\(file):\(line)"
    }
}

/// One `<protocol>` element.
package struct ProtocolDefinition: Sendable {
    package var name: String
    package var copyright: String?
    package var description: Documentation?
    package var interfaces: [InterfaceDefinition]
    package var location: SourceLocation

    package init(
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
package struct Documentation: Sendable, Equatable {
    package var summary: String?
    package var text: String?

    package init(summary: String?, text: String?) {
        self.summary = summary
        self.text = text
    }
}

package struct InterfaceDefinition: Sendable {
    package var name: String
    package var version: Int
    package var description: Documentation?
    package var requests: [MessageDefinition]
    package var events: [MessageDefinition]
    package var enums: [EnumDefinition]
    package var location: SourceLocation

    package init(
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
package struct MessageDefinition: Sendable {
    package var name: String
    /// `type="destructor"`: sending (request) or receiving (event) it ends the object.
    package var isDestructor: Bool
    /// The interface version that introduced the message (1 when absent).
    package var since: Int
    package var deprecatedSince: Int?
    package var description: Documentation?
    package var arguments: [ArgumentDefinition]
    package var location: SourceLocation

    package init(
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
    package var newIDArgument: ArgumentDefinition? {
        arguments.first { $0.type == .newID }
    }
}

package enum ArgumentType: String, Sendable, CaseIterable {
    case int, uint, fixed, string, object, newID = "new_id", array, fd

    /// The character libwayland's message signatures use for this type.
    package var signatureCharacter: Character {
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

package struct ArgumentDefinition: Sendable {
    package var name: String
    package var type: ArgumentType
    package var summary: String?
    /// The interface of an `object`/`new_id` argument; nil for an untyped
    /// `new_id` (wl_registry.bind) or an object of any interface.
    package var interface: String?
    package var allowNull: Bool
    /// `enum="name"` or `enum="interface.name"`, as written.
    package var enumReference: String?
    package var location: SourceLocation

    package init(
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

package struct EnumDefinition: Sendable {
    package var name: String
    package var isBitfield: Bool
    package var since: Int
    package var description: Documentation?
    package var entries: [EnumEntry]
    package var location: SourceLocation

    package init(
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

package struct EnumEntry: Sendable {
    package var name: String
    package var value: UInt32
    package var summary: String?
    package var since: Int
    package var location: SourceLocation

    package init(name: String, value: UInt32, summary: String? = nil, since: Int = 1, location: SourceLocation) {
        self.name = name
        self.value = value
        self.summary = summary
        self.since = since
        self.location = location
    }
}

/// An error in the protocol XML, with the place it was found and what to do.
package struct ScannerError: Error, Sendable, CustomStringConvertible {
    package var location: SourceLocation
    package var message: String

    package init(_ location: SourceLocation, _ message: String) {
        self.location = location
        self.message = message
    }

    package var description: String { "\(location): error: \(message)" }
}

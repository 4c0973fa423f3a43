/// How each protocol argument type maps to Swift, and how it is packed into /
/// unpacked from libwayland's `wl_argument` union. Shared by the client and
/// server emitters: a request is outgoing on the client and incoming on the
/// server, an event the other way round, and the mapping is the same.
struct ArgumentCoding {
    let set: ProtocolSet
    let interface: InterfaceDefinition
    let side: BindingSide

    /// The base class of generated types on this side.
    var baseClass: String { side == .client ? "Proxy" : "Resource" }

    /// The Swift type an argument has in an API (parameter or payload).
    /// Incoming objects on the client are optional even when the XML says
    /// non-null: an object the client already destroyed arrives as NULL.
    func swiftType(_ argument: ArgumentDefinition, incoming: Bool) throws -> String {
        switch argument.type {
        case .int:
            if let reference = argument.enumReference { return try set.enumTypeName(reference, from: interface, at: argument.location).name }
            return "Int32"
        case .uint:
            if let reference = argument.enumReference { return try set.enumTypeName(reference, from: interface, at: argument.location).name }
            return "UInt32"
        case .fixed: return "Double"
        case .string: return argument.allowNull ? "String?" : "String"
        case .object:
            let base = objectType(argument)
            let optional = argument.allowNull || (incoming && side == .client)
            return optional ? base + "?" : base
        case .newID:
            if argument.interface == nil && side == .server && incoming { return "UntypedNewID" }
            return objectType(argument)
        case .array: return "[UInt8]"
        // A received descriptor is owned, so one no handler takes is closed;
        // a sent one is only lent (libwayland sends a duplicate).
        case .fd: return incoming ? "OwnedFileDescriptor" : "Int32"
        }
    }

    /// Closures that must wrap the marshalling call so C pointers stay valid
    /// for its duration (strings and arrays), innermost last.
    /// An untyped new_id (wl_registry.bind) sends the interface's name, which
    /// comes first.
    func wrappers(for arguments: [ArgumentDefinition]) -> [String] {
        let interfaceName =
            arguments.contains { $0.type == .newID && $0.interface == nil }
            ? ["WireString.with(interfaceName: Object.interface) { interfaceNameC in"] : []
        return interfaceName
            + arguments.compactMap { argument in
                let name = SwiftNames.memberName(argument.name)
                switch argument.type {
                case .string:
                    let local = SwiftNames.localName(argument.name, suffix: "C")
                    return argument.allowNull
                        ? "WireString.withOptional(\(name)) { \(local) in"
                        : "\(name).withCString { \(local) in"
                case .array:
                    return "WireArray.with(\(name)) { \(SwiftNames.localName(argument.name, suffix: "Array")) in"
                default:
                    return nil
                }
            }
    }

    /// The `wl_argument` initialisers an outgoing argument fills: one, or for
    /// an untyped new_id (only a client request has one) the interface name,
    /// the version and the id slot libwayland fills in.
    func encodedSlots(_ argument: ArgumentDefinition) -> [String] {
        if argument.type == .newID && argument.interface == nil {
            return ["wl_argument(s: interfaceNameC)", "wl_argument(u: boundVersion)", "wl_argument(o: nil)"]
        }
        return [encode(argument)]
    }

    /// The `wl_argument` initialiser for an outgoing argument.
    private func encode(_ argument: ArgumentDefinition) -> String {
        let name = SwiftNames.memberName(argument.name)
        switch argument.type {
        case .int:
            return argument.enumReference != nil ? "wl_argument(i: Int32(bitPattern: \(name).rawValue))" : "wl_argument(i: \(name))"
        case .uint:
            return argument.enumReference != nil ? "wl_argument(u: \(name).rawValue)" : "wl_argument(u: \(name))"
        case .fixed: return "wl_argument(f: wl_fixed_from_double(\(name)))"
        case .string: return "wl_argument(s: \(SwiftNames.localName(argument.name, suffix: "C")))"
        case .object:
            return argument.allowNull ? "wl_argument(o: \(name)?.wireObject)" : "wl_argument(o: \(name).wireObject)"
        case .newID:
            // The client fills in the new proxy itself; the server sends an
            // object it created for the event.
            return side == .client ? "wl_argument(o: nil)" : "wl_argument(o: \(name).wireObject)"
        case .array: return "wl_argument(a: \(SwiftNames.localName(argument.name, suffix: "Array")))"
        case .fd: return "wl_argument(h: \(name))"
        }
    }

    /// The statement that binds incoming `argument`, which starts at slot
    /// `slot`, to `local`, and how many slots it takes (an untyped new_id on
    /// the server takes three: interface name, version, id). `message` names
    /// the message in the error a missing object is rejected with.
    func decodeStatement(
        _ argument: ArgumentDefinition, slot: Int, into local: String,
        message: String
    ) throws -> (statement: String, slots: Int) {
        let value = "arguments[\(slot)]"
        switch (argument.type, side) {
        case (.object, .client):
            let cast = argument.interface.map { " as? " + SwiftNames.typeName($0) } ?? ""
            return ("let \(local) = Proxy.object(from: \(value).o)\(cast)", 1)
        case (.newID, .client):
            return ("let \(local) = \(objectType(argument))(adopting: \(value).o!, version: version)", 1)
        case (.object, .server) where argument.allowNull:
            return ("let \(local) = \(objectType(argument)).object(from: \(value).o)", 1)
        case (.object, .server):
            // libwayland checked the object exists and has the right interface.
            return ("guard let \(local) = \(objectType(argument)).object(from: \(value).o) else { return rejectUnknownObject(\"\(message)\") }", 1)
        case (.newID, .server) where argument.interface == nil:
            return (
                "let \(local) = UntypedNewID(client: client, interfaceName: WireString.required(\(value).s), version: arguments[\(slot + 1)].u, id: arguments[\(slot + 2)].n)",
                3
            )
        case (.newID, .server):
            return ("guard let \(local) = \(objectType(argument))(client: client, id: \(value).n, version: version) else { return postNoMemory() }", 1)
        default:
            return ("let \(local) = \(try decode(argument, index: slot))", 1)
        }
    }

    /// The class of an object or new_id argument: its interface's, or the
    /// base class when any interface may come.
    private func objectType(_ argument: ArgumentDefinition) -> String {
        argument.interface.map(SwiftNames.typeName) ?? baseClass
    }

    /// The expression that decodes incoming argument `index` (for the types
    /// that cannot fail to decode).
    private func decode(_ argument: ArgumentDefinition, index: Int) throws -> String {
        let slot = "arguments[\(index)]"
        switch argument.type {
        case .int:
            if let reference = argument.enumReference {
                return "\(try set.enumTypeName(reference, from: interface, at: argument.location).name)(rawValue: UInt32(bitPattern: \(slot).i))"
            }
            return "\(slot).i"
        case .uint:
            if let reference = argument.enumReference {
                return "\(try set.enumTypeName(reference, from: interface, at: argument.location).name)(rawValue: \(slot).u)"
            }
            return "\(slot).u"
        case .fixed: return "wl_fixed_to_double(\(slot).f)"
        case .string: return argument.allowNull ? "WireString.optional(\(slot).s)" : "WireString.required(\(slot).s)"
        case .array: return "WireArray.bytes(\(slot).a)"
        case .fd: return "OwnedFileDescriptor(adopting: \(slot).h)"
        case .object, .newID:
            preconditionFailure("decodeStatement decodes objects, which differ per side")
        }
    }

    /// The parameter list of a method or enum case.
    func parameters(_ arguments: [ArgumentDefinition], incoming: Bool) throws -> String {
        try arguments.map { "\(SwiftNames.labelName($0.name)): \(try swiftType($0, incoming: incoming))" }
            .joined(separator: ", ")
    }

    /// The argument list and notes under a message's documentation;
    /// `incoming` when the message is decoded on this side.
    func documentationLines(_ message: MessageDefinition, incoming: Bool) -> [String] {
        var lines: [String] = []
        for argument in message.arguments where argument.summary != nil || argument.type == .fd {
            var text = "- \(SwiftNames.unescaped(SwiftNames.memberName(argument.name))): \(argument.summary ?? "")"
            if argument.type == .fd {
                text +=
                    incoming
                    ? " (a file descriptor, closed when the message is dropped unless a handler takes it with `take()`)"
                    : " (a file descriptor; libwayland sends a duplicate, so the caller still owns it)"
            }
            lines.append(text)
        }
        var notes: [String] = []
        if message.since > 1 { notes.append("Available since version \(message.since).") }
        if let deprecated = message.deprecatedSince { notes.append("Deprecated since version \(deprecated).") }
        if message.isDestructor { notes.append("Destructor: the object is gone afterwards.") }
        if !notes.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines += notes
        }
        return lines
    }
}

/// The nested enum and bitfield types of an interface, the same on both sides.
enum EnumEmitter {
    static func emit(_ enumeration: EnumDefinition, access: String, into w: inout CodeWriter) {
        let name = EnumNames.typeName(enumeration.name)
        w.documentation(enumeration.description, extra: enumeration.since > 1 ? ["Available since version \(enumeration.since)."] : [])
        let conformances = enumeration.isBitfield ? "OptionSet, Hashable, Sendable" : "RawRepresentable, Hashable, Sendable"
        w.block("\(access) struct \(name): \(conformances)") { w in
            w.line("\(access) var rawValue: UInt32")
            w.line("\(access) init(rawValue: UInt32) { self.rawValue = rawValue }")
            for entry in enumeration.entries {
                var doc: [String] = []
                if let summary = entry.summary { doc.append(summary) }
                if entry.since > 1 { doc.append("Available since version \(entry.since).") }
                for line in doc { w.line("/// " + line) }
                if enumeration.isBitfield && entry.value == 0 {
                    w.line("\(access) static let \(SwiftNames.memberName(entry.name)): \(name) = []")
                } else {
                    w.line(
                        "\(access) static let \(SwiftNames.memberName(entry.name)) = \(name)(rawValue: \(hex(entry.value, bitfield: enumeration.isBitfield)))")
                }
            }
        }
    }

    private static func hex(_ value: UInt32, bitfield: Bool) -> String {
        bitfield ? "0x" + String(value, radix: 16) : String(value)
    }
}

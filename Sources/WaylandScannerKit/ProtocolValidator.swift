/// Checks that hold across elements: unique names, messages within the
/// interface version, resolvable enum references.
///
/// Interface references (`interface="wl_surface"`) are resolved later, against
/// every protocol generated into the same module (see `ProtocolSet`).
enum ProtocolValidator {
    static func validate(_ proto: ProtocolDefinition) throws {
        var interfaceNames = Set<String>()
        for interface in proto.interfaces {
            guard interfaceNames.insert(interface.name).inserted else {
                throw ScannerError(interface.location, "interface \(interface.name) is defined twice; rename or remove one")
            }
            for (kind, messages) in [("request", interface.requests), ("event", interface.events)] {
                var names = Set<String>()
                for message in messages {
                    guard names.insert(message.name).inserted else {
                        throw ScannerError(message.location, "\(kind) \(interface.name).\(message.name) is defined twice")
                    }
                    if message.since > interface.version {
                        throw ScannerError(
                            message.location,
                            "\(kind) \(interface.name).\(message.name) has since=\"\(message.since)\" but the interface is only version \(interface.version); raise the interface version or lower since"
                        )
                    }
                    if message.arguments.filter({ $0.type == .newID }).count > 1 {
                        throw ScannerError(
                            message.location, "\(kind) \(interface.name).\(message.name) has more than one new_id argument; libwayland allows one")
                    }
                    if kind == "event", let untyped = message.arguments.first(where: { $0.type == .newID && $0.interface == nil }) {
                        throw ScannerError(
                            untyped.location,
                            "event \(interface.name).\(message.name): a new_id in an event needs interface=\"…\"; only requests may create objects of a type chosen at run time"
                        )
                    }
                    var argumentNames = Set<String>()
                    for argument in message.arguments {
                        guard argumentNames.insert(argument.name).inserted else {
                            throw ScannerError(argument.location, "argument \(argument.name) appears twice in \(interface.name).\(message.name)")
                        }
                        if let reference = argument.enumReference {
                            guard [.int, .uint].contains(argument.type) else {
                                throw ScannerError(argument.location, "enum=\"\(reference)\" is only allowed on int and uint arguments")
                            }
                            try resolveEnum(reference, from: interface, in: proto, at: argument.location)
                        }
                    }
                }
            }
            var enumNames = Set<String>()
            for enumeration in interface.enums {
                guard enumNames.insert(enumeration.name).inserted else {
                    throw ScannerError(enumeration.location, "enum \(interface.name).\(enumeration.name) is defined twice")
                }
                var entryNames = Set<String>()
                for entry in enumeration.entries where !entryNames.insert(entry.name).inserted {
                    throw ScannerError(entry.location, "entry \(entry.name) appears twice in enum \(interface.name).\(enumeration.name)")
                }
            }
        }
    }

    /// Enum references name an enum of the same interface (`enum="error"`) or
    /// of another one (`enum="wl_output.transform"`). References into another
    /// protocol file cannot be checked here and are accepted when qualified.
    private static func resolveEnum(
        _ reference: String, from interface: InterfaceDefinition,
        in proto: ProtocolDefinition, at location: SourceLocation
    ) throws {
        let parts = reference.split(separator: ".").map(String.init)
        switch parts.count {
        case 1:
            guard interface.enums.contains(where: { $0.name == parts[0] }) else {
                throw ScannerError(location, "enum=\"\(reference)\" names no enum of \(interface.name); qualify it as interface.enum or add the enum")
            }
        case 2:
            if let target = proto.interfaces.first(where: { $0.name == parts[0] }),
                !target.enums.contains(where: { $0.name == parts[1] })
            {
                throw ScannerError(location, "enum=\"\(reference)\": interface \(parts[0]) has no enum \(parts[1])")
            }
        default:
            throw ScannerError(location, "enum=\"\(reference)\" must be \"name\" or \"interface.name\"")
        }
    }
}

/// All protocols generated into one Swift module, so references between them
/// (xdg_surface → wl_surface, wp_viewport → wl_surface) resolve.
package struct ProtocolSet: Sendable {
    package var protocols: [ProtocolDefinition]
    private var interfacesByName: [String: (protocolName: String, interface: InterfaceDefinition)] = [:]

    package init(_ protocols: [ProtocolDefinition]) throws {
        self.protocols = protocols
        for proto in protocols {
            for interface in proto.interfaces {
                if let existing = interfacesByName[interface.name] {
                    throw ScannerError(
                        interface.location,
                        "interface \(interface.name) is also defined by protocol \(existing.protocolName) (\(existing.interface.location)); bind each protocol once"
                    )
                }
                interfacesByName[interface.name] = (proto.name, interface)
            }
        }
        try checkReferences()
    }

    package func interface(named name: String) -> InterfaceDefinition? {
        interfacesByName[name]?.interface
    }

    /// The core protocol's tables are compiled into libwayland itself; the
    /// generated code uses those (found by symbol name) so objects created by
    /// libwayland (wl_display, the registry's globals) and by Diorama agree.
    package func isExportedByLibwayland(_ interfaceName: String) -> Bool {
        interfacesByName[interfaceName]?.protocolName == "wayland"
    }

    /// The Swift type of an `enum="…"` reference made from `interface`.
    func enumTypeName(_ reference: String, from interface: InterfaceDefinition, at location: SourceLocation) throws -> (name: String, isBitfield: Bool) {
        let parts = reference.split(separator: ".").map(String.init)
        let owner = parts.count == 2 ? parts[0] : interface.name
        let enumName = parts.count == 2 ? parts[1] : parts[0]
        guard let ownerInterface = self.interface(named: owner),
            let definition = ownerInterface.enums.first(where: { $0.name == enumName })
        else {
            throw ScannerError(location, "enum=\"\(reference)\" names no enum known to this module; bind the protocol that defines it")
        }
        return (SwiftNames.typeName(owner) + "." + EnumNames.typeName(definition.name), definition.isBitfield)
    }

    private func checkReferences() throws {
        for proto in protocols {
            for interface in proto.interfaces {
                for message in interface.requests + interface.events {
                    for argument in message.arguments {
                        if let referenced = argument.interface, self.interface(named: referenced) == nil {
                            throw ScannerError(
                                argument.location,
                                "interface=\"\(referenced)\" is not defined by any protocol bound into this module; add its XML to the protocol list")
                        }
                        if let reference = argument.enumReference {
                            _ = try enumTypeName(reference, from: interface, at: argument.location)
                        }
                    }
                }
            }
        }
    }
}

enum EnumNames {
    /// Nested enum type name, avoiding the names the generated class uses itself.
    static func typeName(_ name: String) -> String {
        let base = SwiftNames.typeName(name)
        return SwiftNames.reservedNestedTypes.contains(base) ? base + "Value" : base
    }
}

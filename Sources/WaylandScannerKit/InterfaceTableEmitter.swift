/// Emits the module's interface tables (`wl_interface` / `wl_message`).
///
/// libwayland needs one `wl_interface` per interface at an address that never
/// changes, whose messages point at the tables of the interfaces their
/// arguments name. Tables of different interfaces reference each other in
/// cycles (wl_surface.enter → wl_output, …), so storage for all of them is
/// allocated first and filled once, on first use. Core interfaces are not
/// allocated: libwayland exports them and the generated code uses those.
enum InterfaceTableEmitter {
    static func emit(_ set: ProtocolSet, side: BindingSide) -> String {
        var w = CodeWriter()
        w.line(GeneratedHeader.text(for: set.protocols.map(\.name), side: side))
        w.line("import WaylandCommon")
        w.line("import \(side.cModule)")
        w.line()
        let all = set.protocols.flatMap(\.interfaces)
        let owned = all.filter { !set.isExportedByLibwayland($0.name) }
        emitVersionTable(all, into: &w)
        w.line()
        w.documentation(
            nil,
            extra: [
                "The `wl_interface` tables of every interface in this module, at stable addresses.",
                "Core interfaces are libwayland's own exported tables; the others are",
                "allocated once and filled on first use.",
            ])
        w.block("enum Interfaces") { w in
            if !owned.isEmpty {
                w.block("private struct Storage") { w in
                    for interface in owned {
                        w.line("let \(interface.name) = InterfaceTable.allocate()")
                    }
                }
                w.line("nonisolated(unsafe) private static let storage = Storage()")
                w.line("private static let filled: Bool = fill()")
                w.line()
            }
            for interface in all {
                if set.isExportedByLibwayland(interface.name) {
                    w.line(
                        "nonisolated(unsafe) static let \(interface.name): UnsafePointer<wl_interface> = InterfaceTable.exportedByLibwayland(\"\(interface.name)_interface\")"
                    )
                } else {
                    w.line("static var \(interface.name): UnsafePointer<wl_interface> { _ = filled; return UnsafePointer(storage.\(interface.name)) }")
                }
            }
            guard !owned.isEmpty else { return }
            w.line()
            w.block("private static func fill() -> Bool") { w in
                for interface in owned {
                    w.line("InterfaceTable.fill(")
                    w.indented { w in
                        w.line("storage.\(interface.name), name: \"\(interface.name)\", version: \(interface.version),")
                        w.line("requests: \(messages(interface.requests, set))")
                        w.line("events: \(messages(interface.events, set))")
                    }
                    w.line(")")
                }
                w.line("return true")
            }
        }
        return w.text
    }

    private static func messages(_ list: [MessageDefinition], _ set: ProtocolSet) -> String {
        guard !list.isEmpty else { return "[]," }
        let entries = list.map { message -> String in
            let types = typeReferences(message, set).joined(separator: ", ")
            return "MessageDescription(\"\(message.name)\", \"\(signature(message))\", [\(types)])"
        }
        return "[\n            " + entries.joined(separator: ",\n            ") + ",\n        ],"
    }

    /// libwayland's message signature: the `since` version, then one character
    /// per argument, `?` before nullable ones. An untyped new_id expands to
    /// "sun": interface name, version, id (wl_registry.bind).
    static func signature(_ message: MessageDefinition) -> String {
        var result = message.since > 1 ? String(message.since) : ""
        for argument in message.arguments {
            if argument.allowNull { result += "?" }
            if argument.type == .newID && argument.interface == nil {
                result += "sun"
            } else {
                result.append(argument.type.signatureCharacter)
            }
        }
        return result
    }

    private static func typeReferences(_ message: MessageDefinition, _ set: ProtocolSet) -> [String] {
        message.arguments.flatMap { argument -> [String] in
            if argument.type == .newID && argument.interface == nil { return ["nil", "nil", "nil"] }
            guard let interface = argument.interface else { return ["nil"] }
            // Inside fill(), owned tables are referenced through storage: going
            // through the accessor would wait on the fill that is running.
            return set.isExportedByLibwayland(interface) ? ["Interfaces.\(interface)"] : ["UnsafePointer(storage.\(interface))"]
        }
    }

    /// `GeneratedProtocolVersions`: each interface's version in the XML these
    /// bindings were generated from, so code can tell at build time which
    /// messages it may name (see `MessageEmitter.emitArgumentsAccessor`) and
    /// how high to bind.
    private static func emitVersionTable(_ interfaces: [InterfaceDefinition], into w: inout CodeWriter) {
        w.documentation(
            nil,
            extra: [
                "The version of each interface in the protocol XML these bindings were",
                "generated from at build time (the installed libwayland-dev and",
                "wayland-protocols packages, so it differs between distributions).",
            ])
        w.block("package enum GeneratedProtocolVersions") { w in
            for interface in interfaces {
                w.line("package static let \(interface.name): UInt32 = \(interface.version)")
            }
        }
    }

}

enum GeneratedHeader {
    static func text(for protocols: [String], side: BindingSide) -> String {
        "// Generated by diorama-wayland-scanner from the \(protocols.joined(separator: ", ")) protocol XML (\(side.rawValue) side).\n// Do not edit: the build regenerates it."
    }
}

/// Which half of the bindings to generate.
package enum BindingSide: String, Sendable {
    case client, server

    var cModule: String { self == .client ? "CWaylandClient" : "CWaylandServer" }

    /// The access level of the types and members the bindings declare. Client
    /// proxies are `public`: the shipped simulator harness hands them to its
    /// users (`ClientWindow.surface`), who send requests on them. Server
    /// resources are `package`: only the simulator, inside this package, uses them.
    var access: String { self == .client ? "public" : "package" }

}

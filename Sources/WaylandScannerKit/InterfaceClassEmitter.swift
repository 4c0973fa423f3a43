/// What the client and server emitters share: the file prologue and, per
/// interface, the class declaration with its wire name, version, interface
/// table and nested enums. Each side then adds its own members in `body`.
enum InterfaceClassEmitter {
    static func emitFile(_ proto: ProtocolDefinition, in set: ProtocolSet, side: BindingSide,
                         body: (InterfaceDefinition, ArgumentCoding, inout CodeWriter) throws -> Void) throws -> String {
        var w = CodeWriter()
        w.line(GeneratedHeader.text(for: [proto.name], side: side))
        w.line("import WaylandCommon")
        w.line("import \(side.cModule)")
        for interface in proto.interfaces {
            w.line()
            let coding = ArgumentCoding(set: set, interface: interface, side: side)
            w.line("// MARK: - \(interface.name)")
            w.line()
            w.documentation(interface.description)
            try w.block("public final class \(SwiftNames.typeName(interface.name)): \(coding.baseClass)") { w in
                w.line("/// The interface name on the wire.")
                w.line("public static let interfaceName = \"\(interface.name)\"")
                w.line("/// The highest version of \(interface.name) these bindings know.")
                w.line("public static let maxVersion: UInt32 = \(interface.version)")
                w.line("public override class var interface: UnsafePointer<wl_interface> { Interfaces.\(interface.name) }")
                for enumeration in interface.enums {
                    w.line()
                    EnumEmitter.emit(enumeration, into: &w)
                }
                try body(interface, coding, &w)
            }
        }
        return w.text
    }
}

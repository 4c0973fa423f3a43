/// What the client and server emitters share: the file prologue and, per
/// interface, the class declaration with its wire name, version, interface
/// table and nested enums, then the side's own `members`, the messages it
/// receives (``MessageEmitter``) and one `sending` method per message it sends.
enum InterfaceClassEmitter {
    typealias SendingEmitter = (
        _ message: MessageDefinition, _ opcode: Int, _ interface: InterfaceDefinition,
        _ coding: ArgumentCoding, _ w: inout CodeWriter
    ) throws -> Void

    static func emitFile(
        _ proto: ProtocolDefinition, in set: ProtocolSet, side: BindingSide,
        members: (InterfaceDefinition, inout CodeWriter) -> Void,
        sending: SendingEmitter
    ) throws -> String {
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
            try w.block("\(side.access) final class \(SwiftNames.typeName(interface.name)): \(coding.baseClass)") { w in
                w.line("/// The interface name on the wire.")
                w.line("\(side.access) static let interfaceName = \"\(interface.name)\"")
                w.line("/// The highest version of \(interface.name) these bindings know.")
                w.line("\(side.access) static let maxVersion: UInt32 = \(interface.version)")
                w.line("\(side.access) override class var interface: UnsafePointer<wl_interface> { Interfaces.\(interface.name) }")
                for enumeration in interface.enums {
                    w.line()
                    EnumEmitter.emit(enumeration, access: side.access, into: &w)
                }
                members(interface, &w)
                let (received, sent) =
                    side == .client
                    ? (interface.events, interface.requests) : (interface.requests, interface.events)
                try MessageEmitter.emitIncoming(received, side.incoming, interface: interface, coding: coding, into: &w)
                for (opcode, message) in sent.enumerated() {
                    w.line()
                    try sending(message, opcode, interface, coding, &w)
                }
            }
        }
        return w.text
    }
}

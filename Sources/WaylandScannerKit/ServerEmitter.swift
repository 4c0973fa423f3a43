/// Emits server resources: one final class per interface, subclassing the
/// hand-written `Resource` (Sources/WaylandServer/Resource.swift). Requests
/// arrive decoded at `onRequest`; events are typed `send…` methods; protocol
/// errors are `postError` with the interface's own error enum.
enum ServerEmitter {
    static func emit(_ proto: ProtocolDefinition, in set: ProtocolSet) throws -> String {
        try InterfaceClassEmitter.emitFile(
            proto, in: set, side: .server,
            members: { interface, w in
                guard let errorEnum = interface.enums.first(where: { $0.name == "error" }) else { return }
                w.line()
                w.line("/// Sends the protocol error and disconnects the client (wl_resource_post_error).")
                w.block("\(BindingSide.server.access) func postError(_ code: \(EnumNames.typeName(errorEnum.name)), _ message: String)") { w in
                    w.line("postError(code: code.rawValue, message: message)")
                }
            }, sending: emitEvent)
    }

    private static func emitEvent(
        _ event: MessageDefinition, opcode: Int, interface: InterfaceDefinition,
        coding: ArgumentCoding, into w: inout CodeWriter
    ) throws {
        let name = "send" + SwiftNames.typeName(event.name)
        let parameters = try coding.parameters(event.arguments, incoming: false)
        w.documentation(event.description, extra: coding.documentationLines(event, incoming: false))
        w.block("\(coding.side.access) func \(name)(\(parameters))") { w in
            w.line("requireVersion(\(event.since), \"\(interface.name).\(event.name)\")")
            MessageEmitter.emitMarshalling(
                event.arguments, coding: coding, returning: false,
                call: { "post(event: \(opcode), arguments: \($0))" }, into: &w)
            if event.isDestructor { w.line("destroy()") }
        }
    }
}

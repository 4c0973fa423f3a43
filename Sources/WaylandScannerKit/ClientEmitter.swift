/// Emits client proxies: one final class per interface, subclassing the
/// hand-written `Proxy` (Sources/WaylandClient/Proxy.swift). Requests are typed
/// methods; events arrive, decoded, at the object's `onEvent` handler through
/// the single dispatcher `Proxy` installs.
enum ClientEmitter {
    static func emit(_ proto: ProtocolDefinition, in set: ProtocolSet) throws -> String {
        try InterfaceClassEmitter.emitFile(
            proto, in: set, side: .client,
            members: { interface, w in
                if interface.name == "wl_display" {
                    w.line("/// libwayland handles wl_display's events (error, delete_id) itself.")
                    w.line("\(BindingSide.client.access) override class var receivesEvents: Bool { false }")
                }
            }, sending: emitRequest)
    }

    private static func emitRequest(
        _ request: MessageDefinition, opcode: Int, interface: InterfaceDefinition,
        coding: ArgumentCoding, into w: inout CodeWriter
    ) throws {
        let newID = request.newIDArgument
        let parameters = request.arguments.filter { $0.type != .newID }
        var signatureParts = try parameters.map { "\(SwiftNames.labelName($0.name)): \(try coding.swiftType($0, incoming: false))" }
        var generic = ""
        var returnType = ""
        if let newID {
            if let child = newID.interface {
                returnType = " -> \(SwiftNames.typeName(child))"
            } else {
                generic = "<Object: Proxy>"
                signatureParts += ["_ type: Object.Type", "version boundVersion: UInt32"]
                returnType = " -> Object"
            }
        }
        let name = SwiftNames.memberName(request.name)
        w.documentation(request.description, extra: coding.documentationLines(request, incoming: false))
        if newID != nil { w.line("@discardableResult") }
        w.block("\(coding.side.access) func \(name)\(generic)(\(signatureParts.joined(separator: ", ")))\(returnType)") { w in
            w.line("requireVersion(\(request.since), \"\(interface.name).\(request.name)\")")
            let call: (String) -> String
            if let newID {
                let type = newID.interface.map { SwiftNames.typeName($0) + ".self, version: version" } ?? "Object.self, version: boundVersion"
                call = { "marshalConstructor(opcode: \(opcode), arguments: \($0), type: \(type))" }
            } else if request.isDestructor {
                call = { "marshalDestructor(opcode: \(opcode), arguments: \($0))" }
            } else {
                call = { "marshal(opcode: \(opcode), arguments: \($0))" }
            }
            MessageEmitter.emitMarshalling(
                request.arguments, coding: coding, returning: newID != nil,
                call: call, into: &w)
        }
    }
}

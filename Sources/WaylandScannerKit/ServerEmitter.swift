/// Emits server resources: one final class per interface, subclassing the
/// hand-written `Resource` (Sources/WaylandServer/Resource.swift). Requests
/// arrive decoded at `onRequest`; events are typed `send…` methods; protocol
/// errors are `postError` with the interface's own error enum.
enum ServerEmitter {
    static func emit(_ proto: ProtocolDefinition, in set: ProtocolSet) throws -> String {
        try InterfaceClassEmitter.emitFile(proto, in: set, side: .server) { interface, coding, w in
            if let errorEnum = interface.enums.first(where: { $0.name == "error" }) {
                w.line()
                w.line("/// Sends the protocol error and disconnects the client (wl_resource_post_error).")
                w.block("public func postError(_ code: \(EnumNames.typeName(errorEnum.name)), _ message: String)") { w in
                    w.line("postError(code: code.rawValue, message: message)")
                }
            }
            try emitRequests(interface, coding: coding, into: &w)
            for (opcode, event) in interface.events.enumerated() {
                w.line()
                try emitEvent(event, opcode: opcode, interface: interface, coding: coding, into: &w)
            }
        }
    }

    private static func emitRequests(_ interface: InterfaceDefinition, coding: ArgumentCoding, into w: inout CodeWriter) throws {
        guard !interface.requests.isEmpty else { return }
        w.line()
        w.line("/// The requests of \(interface.name), decoded.")
        try w.block("public enum Request") { w in
            for request in interface.requests {
                w.documentation(request.description, extra: coding.documentationLines(request))
                let parameters = try coding.parameters(request.arguments, incoming: true)
                w.line("case \(SwiftNames.memberName(request.name))" + (parameters.isEmpty ? "" : "(\(parameters))"))
            }
        }
        w.line()
        w.line("/// Receives every request of this object, from the display's event loop.")
        w.line("/// A destructor request destroys the resource after this returns.")
        w.line("public var onRequest: ((Request) -> Void)?")
        w.line()
        try w.block("public override func dispatch(opcode: UInt32, arguments: UnsafeMutablePointer<wl_argument>?)") { w in
            try w.block("switch opcode") { w in
                for (opcode, request) in interface.requests.enumerated() {
                    w.line("case \(opcode):")
                    try w.indented { w in
                        if !request.arguments.isEmpty { w.line("guard let arguments else { return }") }
                        var labels: [String] = []
                        // An untyped new_id fills three slots (interface, version, id).
                        var index = 0
                        for argument in request.arguments {
                            defer { index += 1 }
                            let local = SwiftNames.localName(argument.name, suffix: "Value")
                            labels.append("\(SwiftNames.labelName(argument.name)): \(local)")
                            let type = argument.interface.map(SwiftNames.typeName) ?? "Resource"
                            switch argument.type {
                            case .newID where argument.interface == nil:
                                w.line("let \(local) = UntypedNewID(client: client, interfaceName: WireString.required(arguments[\(index)].s), version: arguments[\(index + 1)].u, id: arguments[\(index + 2)].n)")
                                index += 2
                            case .object where argument.allowNull:
                                w.line("let \(local) = \(type).object(from: arguments[\(index)].o)")
                            case .object:
                                // libwayland checked the object exists and has the right interface.
                                w.line("guard let \(local) = \(type).object(from: arguments[\(index)].o) else { return rejectUnknownObject(\"\(interface.name).\(request.name)\") }")
                            case .newID:
                                w.line("guard let \(local) = \(type)(client: client, id: arguments[\(index)].n, version: version) else { return postNoMemory() }")
                            default:
                                w.line("let \(local) = \(try coding.decode(argument, index: index))")
                            }
                        }
                        let call = SwiftNames.memberName(request.name) + (labels.isEmpty ? "" : "(\(labels.joined(separator: ", ")))")
                        w.line("onRequest?(.\(call))")
                        if request.isDestructor { w.line("destroy()") }
                    }
                }
                w.line("default:")
                w.line("    break")
            }
        }
    }

    private static func emitEvent(_ event: MessageDefinition, opcode: Int, interface: InterfaceDefinition,
                                  coding: ArgumentCoding, into w: inout CodeWriter) throws {
        let name = "send" + SwiftNames.typeName(event.name)
        let parameters = try coding.parameters(event.arguments, incoming: false)
        w.documentation(event.description, extra: coding.documentationLines(event))
        w.block("public func \(name)(\(parameters))") { w in
            w.line("requireVersion(\(event.since), \"\(interface.name).\(event.name)\")")
            if event.arguments.isEmpty {
                w.line("post(event: \(opcode), arguments: nil)")
            } else {
                let openers = coding.wrappers(for: event.arguments)
                for opener in openers { w.line(opener) }
                w.line("withUnsafeTemporaryAllocation(of: wl_argument.self, capacity: \(event.arguments.count)) { arguments in")
                w.indented { w in
                    for (slot, argument) in event.arguments.enumerated() {
                        w.line("arguments[\(slot)] = \(coding.encode(argument))")
                    }
                    w.line("post(event: \(opcode), arguments: arguments.baseAddress)")
                }
                w.line(String(repeating: "}", count: openers.count + 1))
            }
            if event.isDestructor { w.line("destroy()") }
        }
    }
}

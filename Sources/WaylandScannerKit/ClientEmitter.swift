/// Emits client proxies: one final class per interface, subclassing the
/// hand-written `Proxy` (Sources/WaylandClient/Proxy.swift). Requests are typed
/// methods; events arrive, decoded, at the object's `onEvent` handler through
/// the single dispatcher `Proxy` installs.
enum ClientEmitter {
    static func emit(_ proto: ProtocolDefinition, in set: ProtocolSet) throws -> String {
        try InterfaceClassEmitter.emitFile(proto, in: set, side: .client) { interface, coding, w in
            if interface.name == "wl_display" {
                w.line("/// libwayland handles wl_display's events (error, delete_id) itself.")
                w.line("public override class var receivesEvents: Bool { false }")
            }
            try emitEvents(interface, coding: coding, into: &w)
            for (opcode, request) in interface.requests.enumerated() {
                w.line()
                try emitRequest(request, opcode: opcode, interface: interface, coding: coding, into: &w)
            }
        }
    }

    private static func emitEvents(_ interface: InterfaceDefinition, coding: ArgumentCoding,
                                   into w: inout CodeWriter) throws {
        guard !interface.events.isEmpty else { return }
        w.line()
        w.line("/// The events of \(interface.name), decoded.")
        try w.block("public enum Event") { w in
            for event in interface.events {
                w.documentation(event.description, extra: coding.documentationLines(event))
                let parameters = try coding.parameters(event.arguments, incoming: true)
                w.line("case \(SwiftNames.memberName(event.name))" + (parameters.isEmpty ? "" : "(\(parameters))"))
            }
        }
        w.line()
        w.line("/// Receives every event of this object, on the thread that dispatches the connection.")
        w.line("public var onEvent: ((Event) -> Void)?")
        w.line()
        try w.block("public override func dispatch(opcode: UInt32, arguments: UnsafeMutablePointer<wl_argument>?)") { w in
            try w.block("switch opcode") { w in
                for (opcode, event) in interface.events.enumerated() {
                    w.line("case \(opcode):")
                    try w.indented { w in
                        if !event.arguments.isEmpty { w.line("guard let arguments else { return }") }
                        var labels: [String] = []
                        for (index, argument) in event.arguments.enumerated() {
                            let local = SwiftNames.localName(argument.name, suffix: "Value")
                            labels.append("\(SwiftNames.labelName(argument.name)): \(local)")
                            switch argument.type {
                            case .object:
                                let cast = argument.interface.map { " as? " + SwiftNames.typeName($0) } ?? ""
                                w.line("let \(local) = Proxy.object(from: arguments[\(index)].o)\(cast)")
                            case .newID:
                                let type = argument.interface.map(SwiftNames.typeName) ?? "Proxy"
                                w.line("let \(local) = \(type)(adopting: arguments[\(index)].o!, version: version)")
                            default:
                                w.line("let \(local) = \(try coding.decode(argument, index: index))")
                            }
                        }
                        let call = SwiftNames.memberName(event.name) + (labels.isEmpty ? "" : "(\(labels.joined(separator: ", ")))")
                        w.line("onEvent?(.\(call))")
                        if event.isDestructor { w.line("endLifeAfterDestructorEvent()") }
                    }
                }
                w.line("default:")
                w.line("    break")
            }
        }
    }

    private static func emitRequest(_ request: MessageDefinition, opcode: Int, interface: InterfaceDefinition,
                                     coding: ArgumentCoding, into w: inout CodeWriter) throws {
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
        w.documentation(request.description, extra: coding.documentationLines(request))
        if newID != nil { w.line("@discardableResult") }
        w.block("public func \(name)\(generic)(\(signatureParts.joined(separator: ", ")))\(returnType)") { w in
            w.line("requireVersion(\(request.since), \"\(interface.name).\(request.name)\")")
            let call: String
            if let newID {
                if let child = newID.interface {
                    call = "marshalConstructor(opcode: \(opcode), arguments: \(request.arguments.isEmpty ? "nil" : "arguments.baseAddress"), type: \(SwiftNames.typeName(child)).self, version: version)"
                } else {
                    call = "marshalConstructor(opcode: \(opcode), arguments: arguments.baseAddress, type: Object.self, version: boundVersion)"
                }
            } else if request.isDestructor {
                call = "marshalDestructor(opcode: \(opcode), arguments: \(request.arguments.isEmpty ? "nil" : "arguments.baseAddress"))"
            } else {
                call = "marshal(opcode: \(opcode), arguments: \(request.arguments.isEmpty ? "nil" : "arguments.baseAddress"))"
            }
            let returns = newID != nil ? "return " : ""
            guard !request.arguments.isEmpty else {
                w.line(returns + call)
                return
            }
            // Untyped new_id (wl_registry.bind) travels as interface name, version, id.
            let untypedNewID = newID != nil && newID?.interface == nil
            let slots = request.arguments.count + (untypedNewID ? 2 : 0)
            var openers = coding.wrappers(for: request.arguments)
            if untypedNewID { openers.insert("WireString.with(interfaceName: Object.interface) { interfaceNameC in", at: 0) }
            for opener in openers {
                w.line(returns + opener)
            }
            w.line(returns + "withUnsafeTemporaryAllocation(of: wl_argument.self, capacity: \(slots)) { arguments in")
            w.indented { w in
                var slot = 0
                for argument in request.arguments {
                    if argument.type == .newID && argument.interface == nil {
                        w.line("arguments[\(slot)] = wl_argument(s: interfaceNameC)")
                        w.line("arguments[\(slot + 1)] = wl_argument(u: boundVersion)")
                        w.line("arguments[\(slot + 2)] = wl_argument(o: nil)")
                        slot += 3
                    } else {
                        w.line("arguments[\(slot)] = \(coding.encode(argument))")
                        slot += 1
                    }
                }
                w.line(returns + call)
            }
            w.line(String(repeating: "}", count: openers.count + 1))
        }
    }
}

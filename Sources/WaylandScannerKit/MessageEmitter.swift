/// The message code every generated class has, on either side: the messages
/// it receives (a decoded enum, the handler that gets it, and the `dispatch`
/// override that unpacks libwayland's `wl_argument`s into it) and the
/// marshalling of the messages it sends (arguments packed into a temporary
/// `wl_argument` array around the libwayland call).
///
/// The client receives events and sends requests, the server the other way
/// round; how each argument type decodes and encodes on a side is
/// ``ArgumentCoding``'s, so this is the one place the loops over arguments are.
enum MessageEmitter {
    /// How the receiving side names its messages and what ends an object.
    struct Incoming {
        /// The nested enum: `Event` on the client, `Request` on the server.
        var enumName: String
        /// `events` or `requests`, for the enum's documentation.
        var pluralName: String
        /// The handler property: `onEvent` or `onRequest`.
        var handlerName: String
        var handlerDocumentation: [String]
        /// The statement that ends the object after a destructor message was handled.
        var afterDestructor: String
    }

    /// The enum of `messages`, the handler property, and `dispatch`.
    static func emitIncoming(
        _ messages: [MessageDefinition], _ incoming: Incoming, interface: InterfaceDefinition,
        coding: ArgumentCoding, into w: inout CodeWriter
    ) throws {
        guard !messages.isEmpty else { return }
        w.line()
        w.line("/// The \(incoming.pluralName) of \(interface.name), decoded.")
        try w.block("\(coding.side.access) enum \(incoming.enumName)") { w in
            for message in messages {
                w.documentation(message.description, extra: coding.documentationLines(message, incoming: true))
                let parameters = try coding.parameters(message.arguments, incoming: true)
                w.line("case \(SwiftNames.memberName(message.name))" + (parameters.isEmpty ? "" : "(\(parameters))"))
            }
            for message in messages where message.since > 1 {
                try emitArgumentsAccessor(message, coding: coding, into: &w)
            }
        }
        w.line()
        for line in incoming.handlerDocumentation { w.line("/// " + line) }
        w.line("\(coding.side.access) var \(incoming.handlerName): ((\(incoming.enumName)) -> Void)?")
        w.line()
        try w.block("\(coding.side.access) override func dispatch(opcode: UInt32, arguments: UnsafeMutablePointer<wl_argument>?)") { w in
            try w.block("switch opcode") { w in
                for (opcode, message) in messages.enumerated() {
                    w.line("case \(opcode):")
                    try w.indented { w in
                        if !message.arguments.isEmpty { w.line("guard let arguments else { return }") }
                        var labels: [String] = []
                        var slot = 0
                        for argument in message.arguments {
                            let local = SwiftNames.localName(argument.name, suffix: "Value")
                            labels.append("\(SwiftNames.labelName(argument.name)): \(local)")
                            let decoded = try coding.decodeStatement(
                                argument, slot: slot, into: local,
                                message: "\(interface.name).\(message.name)")
                            w.line(decoded.statement)
                            slot += decoded.slots
                        }
                        let call = SwiftNames.memberName(message.name) + (labels.isEmpty ? "" : "(\(labels.joined(separator: ", ")))")
                        w.line("\(incoming.handlerName)?(.\(call))")
                        if message.isDestructor { w.line(incoming.afterDestructor) }
                    }
                }
                w.line("default:")
                w.line("    break")
            }
        }
    }

    /// For a message newer than version 1, a property that gives its
    /// arguments (one value, a labelled tuple, or `()` when it has none) when
    /// the enum holds that message, and nil otherwise.
    ///
    /// Whether such a message exists depends on the XML the bindings were
    /// generated from (wl_surface's v6 events are in libwayland 1.23's, not
    /// 1.21's). Code that must build against both declares a protocol with a
    /// same-named property defaulting to nil and conforms the enum to it: a
    /// member the enum declares itself takes precedence over a protocol
    /// extension's, so the default is used only when this one was not generated.
    private static func emitArgumentsAccessor(
        _ message: MessageDefinition, coding: ArgumentCoding, into w: inout CodeWriter
    ) throws {
        let caseName = SwiftNames.memberName(message.name)
        let locals = message.arguments.map { SwiftNames.localName($0.name, suffix: "Value") }
        let types = try message.arguments.map { try coding.swiftType($0, incoming: true) }
        let valueType: String
        switch message.arguments.count {
        case 0: valueType = "Void"
        case 1: valueType = types[0]
        default:
            valueType = "(" + zip(message.arguments, types).map { "\(SwiftNames.labelName($0.name)): \($1)" }.joined(separator: ", ") + ")"
        }
        let pattern = locals.isEmpty ? ".\(caseName)" : "let .\(caseName)(\(locals.joined(separator: ", ")))"
        let value = locals.isEmpty ? "()" : locals.count == 1 ? locals[0] : "(\(locals.joined(separator: ", ")))"
        w.line()
        w.line("/// The arguments of `\(message.name)` (since version \(message.since)) when this is that message, else nil.")
        w.line("\(coding.side.access) var \(SwiftNames.unescaped(caseName))Arguments: \(valueType)? {")
        w.line("    if case \(pattern) = self { \(value) } else { nil }")
        w.line("}")
    }

    /// The body of a sending method: `call` is given the expression for the
    /// argument array (`nil` when the message has no arguments) and returns
    /// the libwayland call; `returning` prefixes each level with `return`
    /// (constructors return the new object through the closures).
    static func emitMarshalling(
        _ arguments: [ArgumentDefinition], coding: ArgumentCoding, returning: Bool,
        call: (String) -> String, into w: inout CodeWriter
    ) {
        let returns = returning ? "return " : ""
        guard !arguments.isEmpty else {
            w.line(returns + call("nil"))
            return
        }
        let slots = arguments.flatMap(coding.encodedSlots)
        let openers = coding.wrappers(for: arguments)
        for opener in openers { w.line(returns + opener) }
        w.line(returns + "withUnsafeTemporaryAllocation(of: wl_argument.self, capacity: \(slots.count)) { arguments in")
        w.indented { w in
            for (slot, value) in slots.enumerated() {
                w.line("arguments[\(slot)] = \(value)")
            }
            w.line(returns + call("arguments.baseAddress"))
        }
        w.line(String(repeating: "}", count: openers.count + 1))
    }
}

extension BindingSide {
    /// How this side receives messages: a client gets events on the thread
    /// that dispatches its connection; a server gets requests from the
    /// display's event loop and destroys the resource after a destructor.
    var incoming: MessageEmitter.Incoming {
        switch self {
        case .client:
            MessageEmitter.Incoming(
                enumName: "Event", pluralName: "events", handlerName: "onEvent",
                handlerDocumentation: ["Receives every event of this object, on the thread that dispatches the connection."],
                afterDestructor: "endLifeAfterDestructorEvent()")
        case .server:
            MessageEmitter.Incoming(
                enumName: "Request", pluralName: "requests", handlerName: "onRequest",
                handlerDocumentation: [
                    "Receives every request of this object, from the display's event loop.",
                    "A destructor request destroys the resource after this returns.",
                ],
                afterDestructor: "destroy()")
        }
    }
}

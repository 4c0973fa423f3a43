import DioramaTestSupport
import HeadlessCompositors

/// What one client saw of one compositor during a scripted session, in a form
/// two compositors can be compared in: the events it dispatched, phase by
/// phase, with everything that differs between any two runs taken out.
///
/// Normalisation (the why of each rule):
/// - object ids become `interface#n`, n counting that interface's objects in
///   order of first appearance (requests included), because ids depend on
///   allocation order and reuse, not on behaviour;
/// - timestamps are gone (the log reader drops them) and serials become `_`,
///   since both are clocks, but the order of events stays;
/// - the surface of the n-th `xdg_surface` is `wl_surface#windown`, since
///   a client may make other surfaces (a cursor) first where a seat has a pointer;
/// - only received events count: requests are the client's answer and follow
///   from the events (and its own timers);
/// - frame callbacks, buffer releases and `delete_id` go: they pace drawing,
///   which depends on machine load, not on the compositor's behaviour.
struct FidelityTranscript: Equatable, CustomStringConvertible {
    /// One step of the session and the normalised events received during it.
    struct Phase: Equatable {
        var name: String
        var events: [String]
    }

    var phases: [Phase]

    /// Events whose arguments at these positions are serials (compared by order only).
    static let serialArguments: [String: [Int]] = [
        "xdg_surface.configure": [0], "xdg_wm_base.ping": [0], "wl_keyboard.enter": [0], "wl_keyboard.leave": [0],
        "wl_keyboard.modifiers": [0], "wl_keyboard.key": [0, 1], "wl_pointer.enter": [0], "wl_pointer.leave": [0],
        "wl_data_device.enter": [0], "zwp_text_input_v3.done": [0],
    ]
    /// Interfaces whose events only pace drawing or recycle ids.
    static let pacingInterfaces: Set<String> = ["wl_callback", "wl_buffer", "wl_display"]

    /// Splits `messages` into phases at the given message indices (the log's
    /// length when each step started) and normalises each.
    init(messages: [WaylandDebugMessage], phaseStarts: [(name: String, index: Int)]) {
        var names = ObjectNames()
        var windows = 0
        let normalised = messages.map { message -> String? in
            if message.direction == .sent, message.message == "get_xdg_surface", message.arguments.count == 2,
                let at = message.arguments[1].lastIndex(of: "@"),
                let id = UInt32(message.arguments[1][message.arguments[1].index(after: at)...])
            {
                windows += 1
                names.assign(id, "wl_surface#window\(windows)")
            }
            let object = names.name(message.interface, message.objectID)
            let arguments = message.arguments.enumerated().map { position, argument in
                Self.serialArguments["\(message.interface).\(message.message)"]?.contains(position) == true
                    ? "_" : names.rename(argument)
            }
            guard message.direction == .received, !message.discarded,
                !Self.pacingInterfaces.contains(message.interface)
            else { return nil }
            return "\(object).\(message.message)(\(arguments.joined(separator: ", ")))"
        }
        var phases: [Phase] = []
        for (position, start) in phaseStarts.enumerated() {
            let end = position + 1 < phaseStarts.count ? phaseStarts[position + 1].index : normalised.count
            let range = min(start.index, normalised.count)..<min(max(end, start.index), normalised.count)
            phases.append(Phase(name: start.name, events: normalised[range].compactMap { $0 }))
        }
        self.phases = phases
    }

    init(phases: [Phase]) { self.phases = phases }

    var description: String {
        phases.map { "== \($0.name)\n" + $0.events.map { "  \($0)" }.joined(separator: "\n") }.joined(separator: "\n")
    }
}

/// Stable names for object ids: `wl_output@18` → `wl_output#1`.
private struct ObjectNames {
    private var names: [UInt32: String] = [:]
    private var counts: [String: Int] = [:]

    /// The name of object `id` of `interface`; a new name when the id now
    /// belongs to another interface (ids are reused after destruction).
    /// Names object `id` from now on (a surface once it becomes a window).
    mutating func assign(_ id: UInt32, _ name: String) { names[id] = name }

    mutating func name(_ interface: String, _ id: UInt32) -> String {
        if let known = names[id], known.hasPrefix(interface + "#") { return known }
        let count = (counts[interface] ?? 0) + 1
        counts[interface] = count
        let name = "\(interface)#\(count)"
        names[id] = name
        return name
    }

    /// An argument as printed (`wl_output@18`, `new id xdg_surface@5`,
    /// `new id [unknown]@10`, `nil`, `"text"`, `12`) with object ids renamed.
    mutating func rename(_ argument: String) -> String {
        var text = Substring(argument)
        var prefix = ""
        if text.hasPrefix("new id ") {
            prefix = "new id "
            text = text.dropFirst(prefix.count)
        }
        guard !text.hasPrefix("\""), let at = text.lastIndex(of: "@"), let id = UInt32(text[text.index(after: at)...])
        else { return argument }
        let interface = String(text[..<at])
        if interface == "[unknown]" { return prefix + "[unknown]" }
        return prefix + name(interface, id)
    }
}

import DioramaModel
import Foundation

/// The JSON-lines form of trace records: one object per line with `seq`,
/// `t_ns` and `type` first, then the fields of that type (schema:
/// `Docs/trace-format.md`). Encoding and decoding live together so they
/// cannot drift apart; the round-trip test holds them to it.
public enum TraceJSON {
    /// Why a line could not be read back.
    public struct DecodingError: Error, Hashable, Sendable, CustomStringConvertible {
        /// 1-based line number within the decoded text.
        public var line: Int
        public var problem: String
        public var description: String { "trace line \(line): \(problem)" }
    }

    public static func encode(_ record: TraceRecord) -> String {
        var writer = JSONLineWriter()
        writer.field("seq", record.sequence)
        writer.field("t_ns", record.nanoseconds)
        writer.field("type", typeName(record.event))
        writeFields(record.event, into: &writer)
        return writer.finished
    }

    static func truncationLine(dropped: UInt64, firstSequence: UInt64) -> String {
        var writer = JSONLineWriter()
        writer.field("type", "trace_truncated")
        writer.field("dropped", dropped)
        writer.field("first_seq", firstSequence)
        return writer.finished
    }

    /// The `type` string of each event.
    public static func typeName(_ event: TraceEvent) -> String {
        switch event {
        case .clientConnected: "client_connected"
        case .clientDisconnected: "client_disconnected"
        case .protocolError: "protocol_error"
        case .limitExceeded: "limit_exceeded"
        case .displayAdded: "display_added"
        case .displayChanged: "display_changed"
        case .displayRemoved: "display_removed"
        case .windowCreated: "window_created"
        case .windowMapped: "window_mapped"
        case .windowUnmapped: "window_unmapped"
        case .windowMoved: "window_moved"
        case .windowDestroyed: "window_destroyed"
        case .title: "title"
        case .appID: "app_id"
        case .sizeHints: "size_hints"
        case .focus: "focus"
        case .closeSent: "close_sent"
        case .configureSent: "configure_sent"
        case .configureAcked: "configure_acked"
        case .commit: "commit"
        case .enter: "enter"
        case .leave: "leave"
        case .preferredScale: "preferred_scale"
        case .preferredBufferScale: "preferred_buffer_scale"
        case .frameDone: "frame_done"
        case .presented: "presented"
        case .presentationDiscarded: "presentation_discarded"
        case .keyboardInput: "keyboard_input"
        case .pointerInput: "pointer_input"
        case .touchInput: "touch_input"
        case .interactiveGrab: "interactive_grab"
        case .interactiveGrabIgnored: "interactive_grab_ignored"
        case .cursorSet: "cursor_set"
        }
    }

    private static func writeRect(_ rect: Rect, into writer: inout JSONLineWriter) {
        writer.field("x", rect.minX)
        writer.field("y", rect.minY)
        writer.field("width", rect.width)
        writer.field("height", rect.height)
    }

    private static func writeDisplay(_ fact: DisplayFact, into writer: inout JSONLineWriter) {
        writer.field("display", fact.display)
        writeRect(fact.logicalRect, into: &writer)
        writer.field("scale120", fact.scale120)
        writer.field("output_scale", fact.outputScale)
        writer.field("transform", fact.transform.name)
    }

    private static func writeFields(_ event: TraceEvent, into writer: inout JSONLineWriter) {
        switch event {
        case .clientConnected(let client, let pid), .clientDisconnected(let client, let pid):
            writer.field("client", client)
            writer.field("pid", pid)
        case .protocolError(let fact):
            writer.field("client", fact.client)
            writer.field("interface", fact.interface)
            writer.field("object_id", fact.objectID)
            writer.field("code", fact.code)
            writer.field("error", fact.error)
            writer.field("message", fact.message)
        case .limitExceeded(let client, let limit, let message):
            writer.field("client", client)
            writer.field("limit", limit)
            writer.field("message", message)
        case .displayAdded(let fact):
            writeDisplay(fact, into: &writer)
        case .displayChanged(let fact, let change):
            writeDisplay(fact, into: &writer)
            writer.field("change", change)
        case .displayRemoved(let display):
            writer.field("display", display)
        case .windowCreated(let window, let client, let surface):
            writer.field("window", window)
            writer.field("client", client)
            writer.field("surface", surface)
        case .windowMapped(let window, let frame), .windowMoved(let window, let frame):
            writer.field("window", window)
            writeRect(frame, into: &writer)
        case .windowUnmapped(let window), .windowDestroyed(let window), .closeSent(let window):
            writer.field("window", window)
        case .title(let window, let title):
            writer.field("window", window)
            writer.field("title", title)
        case .appID(let window, let appID):
            writer.field("window", window)
            writer.field("app_id", appID)
        case .sizeHints(let window, let minimum, let maximum):
            writer.field("window", window)
            writer.field("min_width", minimum.width)
            writer.field("min_height", minimum.height)
            writer.field("max_width", maximum.width)
            writer.field("max_height", maximum.height)
        case .focus(let window):
            writer.field("window", window)
        case .configureSent(let fact):
            writer.field("window", fact.window)
            writer.field("serial", fact.serial)
            writer.field("width", fact.size.width)
            writer.field("height", fact.size.height)
            writer.field("states", strings: fact.states.names)
            writer.field("bounds_width", fact.bounds?.width)
            writer.field("bounds_height", fact.bounds?.height)
        case .configureAcked(let window, let serial):
            writer.field("window", window)
            writer.field("serial", serial)
        case .commit(let fact):
            writer.field("surface", fact.surface)
            writer.field("window", fact.window)
            writer.field("buffer_width", fact.bufferSize?.width)
            writer.field("buffer_height", fact.bufferSize?.height)
            writer.field("buffer_scale", fact.bufferScale)
            writer.field("buffer_transform", fact.bufferTransform.name)
            writer.object("viewport_source", fact.viewportSource.map { source in
                { (nested: inout JSONLineWriter) in
                    nested.field("x", source.x)
                    nested.field("y", source.y)
                    nested.field("width", source.width)
                    nested.field("height", source.height)
                }
            })
            writer.object("viewport_destination", fact.viewportDestination.map { size in
                { (nested: inout JSONLineWriter) in
                    nested.field("width", size.width)
                    nested.field("height", size.height)
                }
            })
            writer.field("surface_width", fact.surfaceSize.width)
            writer.field("surface_height", fact.surfaceSize.height)
            writer.field("damage_rects", fact.damageRects)
            writer.field("null_attach", fact.nullAttach)
            writer.field("preferred_scale120", fact.preferredScale120)
            writer.field("stale_scale", fact.staleScale)
        case .enter(let surface, let window, let display), .leave(let surface, let window, let display):
            writer.field("surface", surface)
            writer.field("window", window)
            writer.field("display", display)
        case .preferredScale(let surface, let window, let scale120):
            writer.field("surface", surface)
            writer.field("window", window)
            writer.field("scale120", scale120)
        case .preferredBufferScale(let surface, let window, let scale):
            writer.field("surface", surface)
            writer.field("window", window)
            writer.field("scale", scale)
        case .frameDone(let surface, let window, let time):
            writer.field("surface", surface)
            writer.field("window", window)
            writer.field("time_ms", time)
        case .presented(let surface, let window, let display, let nanoseconds):
            writer.field("surface", surface)
            writer.field("window", window)
            writer.field("display", display)
            writer.field("presented_ns", nanoseconds)
        case .presentationDiscarded(let surface, let window):
            writer.field("surface", surface)
            writer.field("window", window)
        case .keyboardInput(let window, let keys):
            writer.field("window", window)
            writer.field("keys", keys)
        case .pointerInput(let window, let action, let x, let y):
            writer.field("window", window)
            writer.field("action", action)
            writer.field("x", x)
            writer.field("y", y)
        case .touchInput(let window, let action, let id, let x, let y):
            writer.field("window", window)
            writer.field("action", action)
            writer.field("id", id)
            writer.field("x", x)
            writer.field("y", y)
        case .interactiveGrab(let window, let kind, let ended):
            writer.field("window", window)
            writer.field("kind", kind)
            writer.field("ended", ended)
        case .interactiveGrabIgnored(let window, let serial):
            writer.field("window", window)
            writer.field("serial", serial)
        case .cursorSet(let client, let window, let surface, let hotspotX, let hotspotY):
            writer.field("client", client)
            writer.field("window", window)
            writer.field("surface", surface)
            writer.field("hotspot_x", hotspotX)
            writer.field("hotspot_y", hotspotY)
        }
    }

    // MARK: Decoding

    /// Reads JSON lines back into records; blank lines are skipped and a
    /// leading `trace_truncated` line is accepted and ignored.
    public static func decode(_ text: String) throws(DecodingError) -> [TraceRecord] {
        var records: [TraceRecord] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            if let record = try decodeLine(String(trimmed), lineNumber: index + 1) { records.append(record) }
        }
        return records
    }

    /// One line; nil for a `trace_truncated` marker.
    static func decodeLine(_ line: String, lineNumber: Int) throws(DecodingError) -> TraceRecord? {
        let json: LocatedJSON
        do {
            json = try LocatedJSON.parse(line, file: "trace")
        } catch {
            throw DecodingError(line: lineNumber, problem: "malformed JSON at column \(error.location.column): \(error.message)")
        }
        guard case .object(let members) = json.value else {
            throw DecodingError(line: lineNumber, problem: "expected a JSON object")
        }
        let fields = Fields(members: members, line: lineNumber)
        let type = try fields.string("type")
        if type == "trace_truncated" { return nil }
        let event = try decodeEvent(type: type, fields)
        return TraceRecord(sequence: try fields.unsigned("seq"), nanoseconds: try fields.unsigned("t_ns"), event: event)
    }

    private static func decodeRect(_ fields: Fields) throws(DecodingError) -> Rect {
        Rect(x: try fields.integer("x"), y: try fields.integer("y"),
             width: try fields.integer("width"), height: try fields.integer("height"))
    }

    private static func decodeDisplay(_ fields: Fields) throws(DecodingError) -> DisplayFact {
        let transformName = try fields.string("transform")
        guard let transform = OutputTransform(name: transformName) else {
            throw fields.error("unknown transform \"\(transformName)\"")
        }
        return DisplayFact(display: try fields.string("display"), logicalRect: try decodeRect(fields),
                           scale120: try fields.integer("scale120"), outputScale: try fields.integer("output_scale"),
                           transform: transform)
    }

    private static func decodeEvent(type: String, _ f: Fields) throws(DecodingError) -> TraceEvent {
        switch type {
        case "client_connected":
            return .clientConnected(client: try f.u32("client"), pid: Int32(try f.integer("pid")))
        case "client_disconnected":
            return .clientDisconnected(client: try f.u32("client"), pid: Int32(try f.integer("pid")))
        case "protocol_error":
            return .protocolError(ProtocolErrorFact(client: try f.u32("client"), interface: try f.string("interface"),
                                                    objectID: try f.u32("object_id"), code: try f.u32("code"),
                                                    error: try f.string("error"), message: try f.string("message")))
        case "limit_exceeded":
            return .limitExceeded(client: try f.u32("client"), limit: try f.string("limit"), message: try f.string("message"))
        case "display_added":
            return .displayAdded(try decodeDisplay(f))
        case "display_changed":
            return .displayChanged(try decodeDisplay(f), change: try f.string("change"))
        case "display_removed":
            return .displayRemoved(display: try f.string("display"))
        case "window_created":
            return .windowCreated(window: try f.u32("window"), client: try f.u32("client"), surface: try f.u32("surface"))
        case "window_mapped":
            return .windowMapped(window: try f.u32("window"), frame: try decodeRect(f))
        case "window_moved":
            return .windowMoved(window: try f.u32("window"), frame: try decodeRect(f))
        case "window_unmapped":
            return .windowUnmapped(window: try f.u32("window"))
        case "window_destroyed":
            return .windowDestroyed(window: try f.u32("window"))
        case "close_sent":
            return .closeSent(window: try f.u32("window"))
        case "title":
            return .title(window: try f.u32("window"), title: try f.string("title"))
        case "app_id":
            return .appID(window: try f.u32("window"), appID: try f.string("app_id"))
        case "size_hints":
            return .sizeHints(window: try f.u32("window"),
                              minimum: Size(width: try f.integer("min_width"), height: try f.integer("min_height")),
                              maximum: Size(width: try f.integer("max_width"), height: try f.integer("max_height")))
        case "focus":
            return .focus(window: try f.optionalU32("window"))
        case "configure_sent":
            let names = try f.strings("states")
            guard let states = ToplevelStates(names: names) else { throw f.error("unknown state in \(names)") }
            let boundsWidth = try f.optionalInteger("bounds_width"), boundsHeight = try f.optionalInteger("bounds_height")
            let bounds = boundsWidth.flatMap { width in boundsHeight.map { Size(width: width, height: $0) } }
            return .configureSent(ConfigureFact(window: try f.u32("window"), serial: try f.u32("serial"),
                                                size: Size(width: try f.integer("width"), height: try f.integer("height")),
                                                states: states, bounds: bounds))
        case "configure_acked":
            return .configureAcked(window: try f.u32("window"), serial: try f.u32("serial"))
        case "commit":
            let bufferWidth = try f.optionalInteger("buffer_width"), bufferHeight = try f.optionalInteger("buffer_height")
            let transformName = try f.string("buffer_transform")
            guard let transform = OutputTransform(name: transformName) else {
                throw f.error("unknown buffer_transform \"\(transformName)\"")
            }
            var source: ViewportSource?
            if let nested = try f.optionalObject("viewport_source") {
                source = ViewportSource(x: try nested.double("x"), y: try nested.double("y"),
                                        width: try nested.double("width"), height: try nested.double("height"))
            }
            var destination: Size?
            if let nested = try f.optionalObject("viewport_destination") {
                destination = Size(width: try nested.integer("width"), height: try nested.integer("height"))
            }
            return .commit(CommitFact(
                surface: try f.u32("surface"), window: try f.optionalU32("window"),
                bufferSize: bufferWidth.flatMap { width in bufferHeight.map { Size(width: width, height: $0) } },
                bufferScale: try f.integer("buffer_scale"), bufferTransform: transform,
                viewportSource: source, viewportDestination: destination,
                surfaceSize: Size(width: try f.integer("surface_width"), height: try f.integer("surface_height")),
                damageRects: try f.integer("damage_rects"), nullAttach: try f.bool("null_attach"),
                preferredScale120: try f.optionalInteger("preferred_scale120"), staleScale: try f.bool("stale_scale")))
        case "enter":
            return .enter(surface: try f.u32("surface"), window: try f.optionalU32("window"), display: try f.string("display"))
        case "leave":
            return .leave(surface: try f.u32("surface"), window: try f.optionalU32("window"), display: try f.string("display"))
        case "preferred_scale":
            return .preferredScale(surface: try f.u32("surface"), window: try f.optionalU32("window"), scale120: try f.integer("scale120"))
        case "preferred_buffer_scale":
            return .preferredBufferScale(surface: try f.u32("surface"), window: try f.optionalU32("window"), scale: try f.integer("scale"))
        case "frame_done":
            return .frameDone(surface: try f.u32("surface"), window: try f.optionalU32("window"), timeMilliseconds: try f.u32("time_ms"))
        case "presented":
            return .presented(surface: try f.u32("surface"), window: try f.optionalU32("window"),
                              display: try f.optionalString("display"), nanoseconds: try f.unsigned("presented_ns"))
        case "presentation_discarded":
            return .presentationDiscarded(surface: try f.u32("surface"), window: try f.optionalU32("window"))
        case "keyboard_input":
            return .keyboardInput(window: try f.u32("window"), keys: try f.string("keys"))
        case "pointer_input":
            return .pointerInput(window: try f.u32("window"), action: try f.string("action"), x: try f.integer("x"), y: try f.integer("y"))
        case "touch_input":
            return .touchInput(window: try f.u32("window"), action: try f.string("action"), id: try f.integer("id"),
                               x: try f.integer("x"), y: try f.integer("y"))
        case "interactive_grab":
            return .interactiveGrab(window: try f.u32("window"), kind: try f.string("kind"), ended: try f.bool("ended"))
        case "interactive_grab_ignored":
            return .interactiveGrabIgnored(window: try f.u32("window"), serial: try f.u32("serial"))
        case "cursor_set":
            return .cursorSet(client: try f.u32("client"), window: try f.optionalU32("window"), surface: try f.optionalU32("surface"),
                              hotspotX: try f.integer("hotspot_x"), hotspotY: try f.integer("hotspot_y"))
        default:
            throw f.error("unknown event type \"\(type)\"")
        }
    }

    /// Typed access to the members of one line's object.
    private struct Fields {
        let members: [LocatedJSON.Member]
        let line: Int

        func error(_ problem: String) -> DecodingError { DecodingError(line: line, problem: problem) }

        func value(_ name: String) throws(DecodingError) -> LocatedJSON.Value {
            guard let member = members.first(where: { $0.key == name }) else { throw error("missing field \"\(name)\"") }
            return member.value.value
        }

        func isNull(_ name: String) throws(DecodingError) -> Bool {
            if case .null = try value(name) { return true }
            return false
        }

        func string(_ name: String) throws(DecodingError) -> String {
            guard case .string(let text) = try value(name) else { throw error("field \"\(name)\" must be a string") }
            return text
        }

        func optionalString(_ name: String) throws(DecodingError) -> String? {
            try isNull(name) ? nil : try string(name)
        }

        func numberText(_ name: String) throws(DecodingError) -> String {
            guard case .number(let text, _) = try value(name) else { throw error("field \"\(name)\" must be a number") }
            return text
        }

        func integer(_ name: String) throws(DecodingError) -> Int {
            guard let value = Int(try numberText(name)) else { throw error("field \"\(name)\" must be a whole number") }
            return value
        }

        func optionalInteger(_ name: String) throws(DecodingError) -> Int? {
            try isNull(name) ? nil : try integer(name)
        }

        func unsigned(_ name: String) throws(DecodingError) -> UInt64 {
            guard let value = UInt64(try numberText(name)) else { throw error("field \"\(name)\" must be a non-negative whole number") }
            return value
        }

        func u32(_ name: String) throws(DecodingError) -> UInt32 {
            guard let value = UInt32(try numberText(name)) else { throw error("field \"\(name)\" must be a 32-bit unsigned number") }
            return value
        }

        func optionalU32(_ name: String) throws(DecodingError) -> UInt32? {
            try isNull(name) ? nil : try u32(name)
        }

        func double(_ name: String) throws(DecodingError) -> Double {
            guard case .number(_, let value) = try value(name) else { throw error("field \"\(name)\" must be a number") }
            return value
        }

        func bool(_ name: String) throws(DecodingError) -> Bool {
            guard case .bool(let value) = try value(name) else { throw error("field \"\(name)\" must be true or false") }
            return value
        }

        func strings(_ name: String) throws(DecodingError) -> [String] {
            guard case .array(let elements) = try value(name) else { throw error("field \"\(name)\" must be an array") }
            var result: [String] = []
            for element in elements {
                guard case .string(let text) = element.value else { throw error("field \"\(name)\" must hold strings") }
                result.append(text)
            }
            return result
        }

        func optionalObject(_ name: String) throws(DecodingError) -> Fields? {
            switch try value(name) {
            case .null: return nil
            case .object(let nested): return Fields(members: nested, line: line)
            default: throw error("field \"\(name)\" must be an object or null")
            }
        }
    }
}

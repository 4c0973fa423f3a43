import DioramaModel
import Foundation

/// The JSON-lines form of the simulator's trace (`Docs/trace-format.md`):
/// one object per line, `v`, `seq`, `t_ns` and `type` first, then the fields
/// of that type. The schema is ``TraceRecord``'s `Codable` conformance, the one
/// definition the simulator writes with (through the streaming
/// ``JSONLineEncoder``, cheap enough for a line per event) and every reader
/// decodes with.
package enum TraceJSON {
    /// `record` as one line of JSON, without the newline.
    package static func encode(_ record: TraceRecord) -> String {
        String(decoding: line(record).dropLast(), as: UTF8.self)
    }

    /// `record` as one line of JSON, newline included, ready to write.
    package static func line(_ record: TraceRecord) -> [UInt8] {
        // Every field is an integer, a string from the simulator or a finite
        // viewport coordinate (wl_fixed), so encoding cannot fail.
        try! JSONLineEncoder().line(record)
    }

    /// The line that starts a dump when the ring dropped its oldest records.
    static func truncationLine(dropped: UInt64, firstSequence: UInt64) -> [UInt8] {
        try! JSONLineEncoder().line(TraceTruncation(dropped: dropped, firstSequence: firstSequence))
    }

    /// Reads JSON lines back into records; blank lines are skipped and a
    /// `trace_truncated` line is accepted and ignored.
    ///
    /// - Parameter file: what to call the text in errors (its path).
    /// - Throws: ``TraceFormatError`` naming `file` and the 1-based line of
    ///   the first line that is not JSON, was written by another major format
    ///   version, or is not as documented.
    package static func decode(_ text: String, file: String = "trace") throws(TraceFormatError) -> [TraceRecord] {
        var records: [TraceRecord] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            let bytes = Data(trimmed.utf8)
            let type = try TraceFormat.type(of: bytes, file: file, line: index + 1)
            if type == TraceTruncation.type { continue }
            records.append(try TraceFormat.decode(TraceRecord.self, from: bytes, kind: type, file: file, line: index + 1))
        }
        return records
    }

    /// The `type` string of each event.
    package static func typeName(_ event: TraceEvent) -> String {
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
        case .firstFrameStale: "first_frame_stale"
        case .popupDone: "popup_done"
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
}

/// `{"v":2,"type":"trace_truncated","dropped":N,"first_seq":S}`: the first
/// line of a dump whose ring overflowed.
struct TraceTruncation: Codable {
    static let type = "trace_truncated"
    var dropped: UInt64
    var firstSequence: UInt64

    enum CodingKeys: String, CodingKey {
        case version = "v", type, dropped
        case firstSequence = "first_seq"
    }

    init(dropped: UInt64, firstSequence: UInt64) {
        self.dropped = dropped
        self.firstSequence = firstSequence
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        dropped = try container.decode(UInt64.self, forKey: .dropped)
        firstSequence = try container.decode(UInt64.self, forKey: .firstSequence)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(TraceFormat.version, forKey: .version)
        try container.encode(Self.type, forKey: .type)
        try container.encode(dropped, forKey: .dropped)
        try container.encode(firstSequence, forKey: .firstSequence)
    }
}

/// The schema of a simulator trace line, written and read by this one
/// conformance. Optional values go through `encodeIfPresent`, which
/// ``JSONLineEncoder`` writes as `null`, so every line of a type has the same
/// fields; `decodeIfPresent` reads them back whether null or absent.
extension TraceRecord: Codable {
    enum CodingKeys: String, CodingKey {
        case version = "v", sequence = "seq", nanoseconds = "t_ns", type
        case client, pid, interface, objectID = "object_id", code, error, message, limit
        case display, x, y, width, height, scale120, outputScale = "output_scale", transform, change
        case window, surface, title, appID = "app_id"
        case minWidth = "min_width", minHeight = "min_height", maxWidth = "max_width", maxHeight = "max_height"
        case serial, states, boundsWidth = "bounds_width", boundsHeight = "bounds_height"
        case bufferWidth = "buffer_width", bufferHeight = "buffer_height", bufferScale = "buffer_scale"
        case bufferTransform = "buffer_transform", viewportSource = "viewport_source"
        case viewportDestination = "viewport_destination", surfaceWidth = "surface_width", surfaceHeight = "surface_height"
        case damageRects = "damage_rects", nullAttach = "null_attach", preferredScale120 = "preferred_scale120"
        case staleScale = "stale_scale", bufferNotMultipleOfScale = "buffer_not_multiple_of_scale", scale, timeMilliseconds = "time_ms", presentedNanoseconds =
            "presented_ns"
        case keys, action, id, kind, ended, reason
        case hotspotX = "hotspot_x", hotspotY = "hotspot_y"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(TraceFormat.version, forKey: .version)
        try c.encode(sequence, forKey: .sequence)
        try c.encode(nanoseconds, forKey: .nanoseconds)
        try c.encode(TraceJSON.typeName(event), forKey: .type)
        switch event {
        case .clientConnected(let client, let pid), .clientDisconnected(let client, let pid):
            try c.encode(client, forKey: .client)
            try c.encode(pid, forKey: .pid)
        case .protocolError(let fact):
            try c.encode(fact.client, forKey: .client)
            try c.encode(fact.interface, forKey: .interface)
            try c.encode(fact.objectID, forKey: .objectID)
            try c.encode(fact.code, forKey: .code)
            try c.encode(fact.error, forKey: .error)
            try c.encode(fact.message, forKey: .message)
        case .limitExceeded(let client, let limit, let message):
            try c.encode(client, forKey: .client)
            try c.encode(limit, forKey: .limit)
            try c.encode(message, forKey: .message)
        case .displayAdded(let fact):
            try Self.encodeDisplay(fact, into: &c)
        case .displayChanged(let fact, let change):
            try Self.encodeDisplay(fact, into: &c)
            try c.encode(change, forKey: .change)
        case .displayRemoved(let display):
            try c.encode(display, forKey: .display)
        case .windowCreated(let window, let client, let surface):
            try c.encode(window, forKey: .window)
            try c.encode(client, forKey: .client)
            try c.encode(surface, forKey: .surface)
        case .windowMapped(let window, let frame), .windowMoved(let window, let frame):
            try c.encode(window, forKey: .window)
            try Self.encodeRect(frame, into: &c)
        case .windowUnmapped(let window), .windowDestroyed(let window), .closeSent(let window):
            try c.encode(window, forKey: .window)
        case .title(let window, let title):
            try c.encode(window, forKey: .window)
            try c.encode(title, forKey: .title)
        case .appID(let window, let appID):
            try c.encode(window, forKey: .window)
            try c.encode(appID, forKey: .appID)
        case .sizeHints(let window, let minimum, let maximum):
            try c.encode(window, forKey: .window)
            try c.encode(minimum.width, forKey: .minWidth)
            try c.encode(minimum.height, forKey: .minHeight)
            try c.encode(maximum.width, forKey: .maxWidth)
            try c.encode(maximum.height, forKey: .maxHeight)
        case .focus(let window):
            try c.encodeIfPresent(window, forKey: .window)
        case .configureSent(let fact):
            try c.encode(fact.window, forKey: .window)
            try c.encode(fact.serial, forKey: .serial)
            try c.encode(fact.size.width, forKey: .width)
            try c.encode(fact.size.height, forKey: .height)
            try c.encode(fact.states.names, forKey: .states)
            try c.encodeIfPresent(fact.bounds?.width, forKey: .boundsWidth)
            try c.encodeIfPresent(fact.bounds?.height, forKey: .boundsHeight)
        case .configureAcked(let window, let serial):
            try c.encode(window, forKey: .window)
            try c.encode(serial, forKey: .serial)
        case .commit(let fact):
            try c.encode(fact.surface, forKey: .surface)
            try c.encodeIfPresent(fact.window, forKey: .window)
            try c.encodeIfPresent(fact.bufferSize?.width, forKey: .bufferWidth)
            try c.encodeIfPresent(fact.bufferSize?.height, forKey: .bufferHeight)
            try c.encode(fact.bufferScale, forKey: .bufferScale)
            try c.encode(fact.bufferTransform.name, forKey: .bufferTransform)
            try c.encodeIfPresent(fact.viewportSource, forKey: .viewportSource)
            try c.encodeIfPresent(fact.viewportDestination, forKey: .viewportDestination)
            try c.encode(fact.surfaceSize.width, forKey: .surfaceWidth)
            try c.encode(fact.surfaceSize.height, forKey: .surfaceHeight)
            try c.encode(fact.damageRects, forKey: .damageRects)
            try c.encode(fact.nullAttach, forKey: .nullAttach)
            try c.encodeIfPresent(fact.preferredScale120, forKey: .preferredScale120)
            try c.encode(fact.staleScale, forKey: .staleScale)
            if fact.bufferNotMultipleOfScale { try c.encode(true, forKey: .bufferNotMultipleOfScale) }
        case .firstFrameStale(let window, let surface, let scale120):
            try c.encode(window, forKey: .window)
            try c.encode(surface, forKey: .surface)
            try c.encode(scale120, forKey: .scale120)
        case .popupDone(let surface, let window, let reason):
            try c.encodeIfPresent(surface, forKey: .surface)
            try c.encode(window, forKey: .window)
            try c.encode(reason.rawValue, forKey: .reason)
        case .enter(let surface, let window, let display), .leave(let surface, let window, let display):
            try Self.encodeSurface(surface, window, into: &c)
            try c.encode(display, forKey: .display)
        case .preferredScale(let surface, let window, let scale120):
            try Self.encodeSurface(surface, window, into: &c)
            try c.encode(scale120, forKey: .scale120)
        case .preferredBufferScale(let surface, let window, let scale):
            try Self.encodeSurface(surface, window, into: &c)
            try c.encode(scale, forKey: .scale)
        case .frameDone(let surface, let window, let time):
            try Self.encodeSurface(surface, window, into: &c)
            try c.encode(time, forKey: .timeMilliseconds)
        case .presented(let surface, let window, let display, let nanoseconds):
            try Self.encodeSurface(surface, window, into: &c)
            try c.encodeIfPresent(display, forKey: .display)
            try c.encode(nanoseconds, forKey: .presentedNanoseconds)
        case .presentationDiscarded(let surface, let window):
            try Self.encodeSurface(surface, window, into: &c)
        case .keyboardInput(let window, let keys):
            try c.encode(window, forKey: .window)
            try c.encode(keys, forKey: .keys)
        case .pointerInput(let window, let action, let x, let y):
            try c.encode(window, forKey: .window)
            try c.encode(action, forKey: .action)
            try c.encode(x, forKey: .x)
            try c.encode(y, forKey: .y)
        case .touchInput(let window, let action, let id, let x, let y):
            try c.encode(window, forKey: .window)
            try c.encode(action, forKey: .action)
            try c.encode(id, forKey: .id)
            try c.encode(x, forKey: .x)
            try c.encode(y, forKey: .y)
        case .interactiveGrab(let window, let kind, let ended):
            try c.encode(window, forKey: .window)
            try c.encode(kind, forKey: .kind)
            try c.encode(ended, forKey: .ended)
        case .interactiveGrabIgnored(let window, let serial):
            try c.encode(window, forKey: .window)
            try c.encode(serial, forKey: .serial)
        case .cursorSet(let client, let window, let surface, let hotspotX, let hotspotY):
            try c.encode(client, forKey: .client)
            try c.encodeIfPresent(window, forKey: .window)
            try c.encodeIfPresent(surface, forKey: .surface)
            try c.encode(hotspotX, forKey: .hotspotX)
            try c.encode(hotspotY, forKey: .hotspotY)
        }
    }

    private static func encodeRect(_ rect: Rect, into c: inout KeyedEncodingContainer<CodingKeys>) throws {
        try c.encode(rect.minX, forKey: .x)
        try c.encode(rect.minY, forKey: .y)
        try c.encode(rect.width, forKey: .width)
        try c.encode(rect.height, forKey: .height)
    }

    private static func encodeDisplay(_ fact: DisplayFact, into c: inout KeyedEncodingContainer<CodingKeys>) throws {
        try c.encode(fact.display, forKey: .display)
        try encodeRect(fact.logicalRect, into: &c)
        try c.encode(fact.scale120, forKey: .scale120)
        try c.encode(fact.outputScale, forKey: .outputScale)
        try c.encode(fact.transform.name, forKey: .transform)
    }

    private static func encodeSurface(
        _ surface: UInt32, _ window: UInt32?,
        into c: inout KeyedEncodingContainer<CodingKeys>
    ) throws {
        try c.encode(surface, forKey: .surface)
        try c.encodeIfPresent(window, forKey: .window)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sequence = try c.decode(UInt64.self, forKey: .sequence)
        nanoseconds = try c.decode(UInt64.self, forKey: .nanoseconds)
        let type = try c.decode(String.self, forKey: .type)
        func u32(_ key: CodingKeys) throws -> UInt32 { try c.decode(UInt32.self, forKey: key) }
        func optionalU32(_ key: CodingKeys) throws -> UInt32? { try c.decodeIfPresent(UInt32.self, forKey: key) }
        func int(_ key: CodingKeys) throws -> Int { try c.decode(Int.self, forKey: key) }
        func string(_ key: CodingKeys) throws -> String { try c.decode(String.self, forKey: key) }
        func size(_ width: CodingKeys, _ height: CodingKeys) throws -> Size { Size(width: try int(width), height: try int(height)) }
        func optionalSize(_ width: CodingKeys, _ height: CodingKeys) throws -> Size? {
            guard let w = try c.decodeIfPresent(Int.self, forKey: width),
                let h = try c.decodeIfPresent(Int.self, forKey: height)
            else { return nil }
            return Size(width: w, height: h)
        }
        func rect() throws -> Rect { Rect(x: try int(.x), y: try int(.y), width: try int(.width), height: try int(.height)) }
        func transform(_ key: CodingKeys) throws -> OutputTransform {
            let name = try string(key)
            guard let transform = OutputTransform(name: name) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "unknown transform \"\(name)\"")
            }
            return transform
        }
        func display() throws -> DisplayFact {
            DisplayFact(
                display: try string(.display), logicalRect: try rect(), scale120: try int(.scale120),
                outputScale: try int(.outputScale), transform: try transform(.transform))
        }

        switch type {
        case "client_connected": event = .clientConnected(client: try u32(.client), pid: try c.decode(Int32.self, forKey: .pid))
        case "client_disconnected": event = .clientDisconnected(client: try u32(.client), pid: try c.decode(Int32.self, forKey: .pid))
        case "protocol_error":
            event = .protocolError(
                ProtocolErrorFact(
                    client: try u32(.client), interface: try string(.interface),
                    objectID: try u32(.objectID), code: try u32(.code),
                    error: try string(.error), message: try string(.message)))
        case "limit_exceeded":
            event = .limitExceeded(client: try u32(.client), limit: try string(.limit), message: try string(.message))
        case "display_added": event = .displayAdded(try display())
        case "display_changed": event = .displayChanged(try display(), change: try string(.change))
        case "display_removed": event = .displayRemoved(display: try string(.display))
        case "window_created":
            event = .windowCreated(window: try u32(.window), client: try u32(.client), surface: try u32(.surface))
        case "window_mapped": event = .windowMapped(window: try u32(.window), frame: try rect())
        case "window_moved": event = .windowMoved(window: try u32(.window), frame: try rect())
        case "window_unmapped": event = .windowUnmapped(window: try u32(.window))
        case "window_destroyed": event = .windowDestroyed(window: try u32(.window))
        case "close_sent": event = .closeSent(window: try u32(.window))
        case "title": event = .title(window: try u32(.window), title: try string(.title))
        case "app_id": event = .appID(window: try u32(.window), appID: try string(.appID))
        case "size_hints":
            event = .sizeHints(
                window: try u32(.window), minimum: try size(.minWidth, .minHeight),
                maximum: try size(.maxWidth, .maxHeight))
        case "focus": event = .focus(window: try optionalU32(.window))
        case "configure_sent":
            let names = try c.decode([String].self, forKey: .states)
            guard let states = ToplevelStates(names: names) else {
                throw DecodingError.dataCorruptedError(forKey: .states, in: c, debugDescription: "unknown state in \(names)")
            }
            event = .configureSent(
                ConfigureFact(
                    window: try u32(.window), serial: try u32(.serial),
                    size: try size(.width, .height), states: states,
                    bounds: try optionalSize(.boundsWidth, .boundsHeight)))
        case "configure_acked": event = .configureAcked(window: try u32(.window), serial: try u32(.serial))
        case "commit":
            event = .commit(
                CommitFact(
                    surface: try u32(.surface), window: try optionalU32(.window),
                    bufferSize: try optionalSize(.bufferWidth, .bufferHeight), bufferScale: try int(.bufferScale),
                    bufferTransform: try transform(.bufferTransform),
                    viewportSource: try c.decodeIfPresent(ViewportSource.self, forKey: .viewportSource),
                    viewportDestination: try c.decodeIfPresent(Size.self, forKey: .viewportDestination),
                    surfaceSize: try size(.surfaceWidth, .surfaceHeight), damageRects: try int(.damageRects),
                    nullAttach: try c.decode(Bool.self, forKey: .nullAttach),
                    preferredScale120: try c.decodeIfPresent(Int.self, forKey: .preferredScale120),
                    staleScale: try c.decode(Bool.self, forKey: .staleScale),
                    bufferNotMultipleOfScale: try c.decodeIfPresent(Bool.self, forKey: .bufferNotMultipleOfScale) ?? false))
        case "first_frame_stale":
            event = .firstFrameStale(window: try u32(.window), surface: try u32(.surface), scale120: try int(.scale120))
        case "popup_done":
            let reason = try string(.reason)
            guard let dismissal = PopupDismissal(rawValue: reason) else {
                throw DecodingError.dataCorruptedError(forKey: .reason, in: c, debugDescription: "unknown popup_done reason \"\(reason)\"")
            }
            event = .popupDone(surface: try optionalU32(.surface), window: try u32(.window), reason: dismissal)
        case "enter": event = .enter(surface: try u32(.surface), window: try optionalU32(.window), display: try string(.display))
        case "leave": event = .leave(surface: try u32(.surface), window: try optionalU32(.window), display: try string(.display))
        case "preferred_scale":
            event = .preferredScale(surface: try u32(.surface), window: try optionalU32(.window), scale120: try int(.scale120))
        case "preferred_buffer_scale":
            event = .preferredBufferScale(surface: try u32(.surface), window: try optionalU32(.window), scale: try int(.scale))
        case "frame_done":
            event = .frameDone(
                surface: try u32(.surface), window: try optionalU32(.window),
                timeMilliseconds: try u32(.timeMilliseconds))
        case "presented":
            event = .presented(
                surface: try u32(.surface), window: try optionalU32(.window),
                display: try c.decodeIfPresent(String.self, forKey: .display),
                nanoseconds: try c.decode(UInt64.self, forKey: .presentedNanoseconds))
        case "presentation_discarded":
            event = .presentationDiscarded(surface: try u32(.surface), window: try optionalU32(.window))
        case "keyboard_input": event = .keyboardInput(window: try u32(.window), keys: try string(.keys))
        case "pointer_input":
            event = .pointerInput(window: try u32(.window), action: try string(.action), x: try int(.x), y: try int(.y))
        case "touch_input":
            event = .touchInput(
                window: try u32(.window), action: try string(.action), id: try int(.id),
                x: try int(.x), y: try int(.y))
        case "interactive_grab":
            event = .interactiveGrab(window: try u32(.window), kind: try string(.kind), ended: try c.decode(Bool.self, forKey: .ended))
        case "interactive_grab_ignored": event = .interactiveGrabIgnored(window: try u32(.window), serial: try u32(.serial))
        case "cursor_set":
            event = .cursorSet(
                client: try u32(.client), window: try optionalU32(.window), surface: try optionalU32(.surface),
                hotspotX: try int(.hotspotX), hotspotY: try int(.hotspotY))
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: c, debugDescription: "unknown event type \"\(type)\"")
        }
    }
}

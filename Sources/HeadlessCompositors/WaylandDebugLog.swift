import Foundation

/// One message as libwayland prints it under `WAYLAND_DEBUG=client`.
///
/// libwayland 1.21 writes, for every request a client sends and every event it
/// dispatches, one line to stderr:
///
///     [1234567.890]  -> wl_surface@3.commit()
///     [1234567.912] wl_surface@3.enter(wl_output@12)
///     [1234567.950] discarded wl_callback@31.done(1234)
///
/// The stamp is CLOCK_REALTIME in microseconds, truncated to 32 bits (it wraps
/// every 71.6 minutes) and printed as milliseconds with three decimals. So two
/// stamps of one run are comparable only as a difference modulo 2³², which is
/// what ``WaylandDebugLog/microseconds(from:to:)`` computes. The stamp is taken
/// when the request is marshalled (sent) or just before the event's handler
/// runs (received), in the client's own process.
package struct WaylandDebugMessage: Sendable, Hashable {
    package enum Direction: Sendable, Hashable {
        /// A request the client sent (` -> `).
        case sent
        /// An event the client dispatched.
        case received
    }

    /// The stamp: CLOCK_REALTIME µs modulo 2³².
    package var microseconds: UInt32
    package var direction: Direction
    /// True for an event libwayland dropped (its object was already destroyed).
    package var discarded: Bool
    package var interface: String
    package var objectID: UInt32
    package var message: String
    /// The arguments as printed: `wl_output@12`, `new id xdg_surface@5`, `2`,
    /// `"HEADLESS-1"`, `nil`, `fd 7`, `array[16]`.
    package var arguments: [String]

    /// `interface@id`, as the arguments name objects.
    package var object: String { "\(interface)@\(objectID)" }
}

/// Reads `WAYLAND_DEBUG=client` output, which shares stderr with whatever
/// else the program prints: lines that are not libwayland messages are
/// skipped, never an error (a toolkit's warnings must not break a benchmark).
package enum WaylandDebugLog {
    /// The messages of `text`, in order.
    package static func parse(_ text: some StringProtocol) -> [WaylandDebugMessage] {
        text.split(separator: "\n", omittingEmptySubsequences: true).compactMap { parseLine($0) }
    }

    /// One line, or nil when it is not a libwayland message.
    package static func parseLine(_ line: some StringProtocol) -> WaylandDebugMessage? {
        var rest = Substring(line)
        // "[%7u.%03u] ": the width pads with spaces, so skip them after the bracket.
        guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
        let stamp = rest[rest.index(after: rest.startIndex)..<close].trimmingCharacters(in: .whitespaces)
        let parts = stamp.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 3, let milliseconds = UInt64(parts[0]), let fraction = UInt64(parts[1])
        else { return nil }
        rest = rest[rest.index(after: close)...]
        rest = rest.drop { $0 == " " }
        var discarded = false
        if rest.hasPrefix("discarded ") {
            discarded = true
            rest = rest.dropFirst("discarded ".count).drop { $0 == " " }
        }
        var direction = WaylandDebugMessage.Direction.received
        if rest.hasPrefix("->") {
            direction = .sent
            rest = rest.dropFirst(2).drop { $0 == " " }
        }
        // interface@id.message(arguments)
        guard let at = rest.firstIndex(of: "@"), let dot = rest[at...].firstIndex(of: "."),
            let open = rest[dot...].firstIndex(of: "("), rest.last == ")"
        else { return nil }
        let interface = rest[..<at]
        guard !interface.isEmpty, interface.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
            let objectID = UInt32(rest[rest.index(after: at)..<dot])
        else { return nil }
        let message = rest[rest.index(after: dot)..<open]
        guard !message.isEmpty else { return nil }
        let argumentText = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
        return WaylandDebugMessage(
            microseconds: UInt32(truncatingIfNeeded: milliseconds * 1000 + fraction), direction: direction,
            discarded: discarded, interface: String(interface), objectID: objectID, message: String(message),
            arguments: splitArguments(argumentText))
    }

    /// Splits `a, "b, c", d` at the commas outside string quotes.
    static func splitArguments(_ text: Substring) -> [String] {
        guard !text.isEmpty else { return [] }
        var arguments: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in text {
            if escaped { escaped = false; current.append(character); continue }
            switch character {
            case "\\" where quoted: escaped = true; current.append(character)
            case "\"": quoted.toggle(); current.append(character)
            case "," where !quoted:
                arguments.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            default: current.append(character)
            }
        }
        arguments.append(current.trimmingCharacters(in: .whitespaces))
        return arguments
    }

    /// `later − earlier` in µs, for stamps less than 35 minutes apart (either
    /// way): the difference modulo 2³² read as a signed number, so a wrap of
    /// the 32-bit stamp between them does not matter.
    package static func microseconds(from earlier: UInt32, to later: UInt32) -> Int64 {
        Int64(Int32(bitPattern: later &- earlier))
    }

    /// Now, on the clock and in the units libwayland stamps its lines with,
    /// to place the bench's own actions (an IPC command) among them.
    package static func now() -> UInt32 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return UInt32(truncatingIfNeeded: Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1000)
    }
}

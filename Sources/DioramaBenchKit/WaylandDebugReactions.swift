import HeadlessCompositors

/// A client's reaction to scale-changing moves, timed from its own
/// `WAYLAND_DEBUG=client` log: what any libwayland client shows from outside,
/// with no help from the compositor (sway keeps no trace) or the toolkit.
///
/// The window is the `wl_surface` the client first made an `xdg_toplevel` of
/// (`xdg_wm_base.get_xdg_surface(new id xdg_surface@X, wl_surface@N)`, then
/// `xdg_surface@X.get_toplevel`); other surfaces (subsurfaces, popups) are
/// ignored.
///
/// Per move, among the lines stamped from the move's command up to the next
/// move's command:
/// - **start**: the first `wl_surface.enter` or `wl_surface.leave` of the
///   window dispatched. A compositor sends both for a move between outputs
///   (sway: enter of the new, then leave of the old); going to a lower scale
///   only takes effect at the leave, but the two arrive in one batch, so the
///   first of them is when the client could first know;
/// - **reaction**: the first `wl_surface.commit` of the window sent after the
///   start with a buffer attached since the start and the latest
///   `set_buffer_scale` sent (at any time: a client need not repeat it) equal
///   to the move's target scale.
///
/// Both stamps come from the client's process and clock, so their difference
/// includes the client's event handling, drawing and libwayland's own printing
/// of the log (the same cost for every client measured this way).
package enum WaylandDebugReactions {
    /// One move: when its command was sent (``WaylandDebugLog/now()``) and the
    /// integer scale of the output it goes to.
    package struct Move: Sendable, Hashable {
        package var sentAt: UInt32
        package var targetScale: Int
        package init(sentAt: UInt32, targetScale: Int) {
            self.sentAt = sentAt
            self.targetScale = targetScale
        }
    }

    /// What one move showed.
    package struct Reaction: Sendable, Hashable {
        /// The window's first enter/leave after the command, µs after it.
        package var startMicroseconds: Int64?
        /// Start → first commit at the target scale, µs; nil when none came.
        package var enterToCommitMicroseconds: Int64?

        package init(startMicroseconds: Int64? = nil, enterToCommitMicroseconds: Int64? = nil) {
            self.startMicroseconds = startMicroseconds
            self.enterToCommitMicroseconds = enterToCommitMicroseconds
        }
    }

    /// The toplevel's surface object (`wl_surface@N`), if the log shows one.
    package static func toplevelSurface(in messages: [WaylandDebugMessage]) -> String? {
        var surfaceOfXDGSurface: [String: String] = [:]
        for message in messages where message.direction == .sent {
            if message.interface == "xdg_wm_base", message.message == "get_xdg_surface", message.arguments.count == 2 {
                surfaceOfXDGSurface[objectName(message.arguments[0])] = objectName(message.arguments[1])
            } else if message.interface == "xdg_surface", message.message == "get_toplevel",
                let surface = surfaceOfXDGSurface[message.object]
            {
                return surface
            }
        }
        return nil
    }

    /// One ``Reaction`` per move, in order. `moves` must be in the order sent.
    package static func measure(_ messages: [WaylandDebugMessage], moves: [Move]) -> [Reaction] {
        var reactions = Array(repeating: Reaction(), count: moves.count)
        guard let surface = toplevelSurface(in: messages), !moves.isEmpty else { return reactions }
        var bufferScale = 1  // wl_surface's default
        var move: Int? = nil
        var start: UInt32? = nil
        var attachedSinceStart = false
        for message in messages {
            // The move this line belongs to: the last one sent at or before its stamp.
            var index = move ?? -1
            while index + 1 < moves.count,
                WaylandDebugLog.microseconds(from: moves[index + 1].sentAt, to: message.microseconds) >= 0
            {
                index += 1
            }
            if index != (move ?? -1) {
                move = index
                start = nil
                attachedSinceStart = false
            }
            guard message.object == surface else { continue }
            switch (message.direction, message.message) {
            case (.sent, "set_buffer_scale"):
                if let value = message.arguments.first.flatMap({ Int($0) }) { bufferScale = value }
            case (.sent, "attach"):
                attachedSinceStart = start != nil
            case (.received, "enter"), (.received, "leave"):
                guard let move, start == nil else { break }
                start = message.microseconds
                reactions[move].startMicroseconds = WaylandDebugLog.microseconds(
                    from: moves[move].sentAt,
                    to: message.microseconds)
            case (.sent, "commit"):
                guard let move, let start, attachedSinceStart, bufferScale == moves[move].targetScale,
                    reactions[move].enterToCommitMicroseconds == nil
                else { break }
                reactions[move].enterToCommitMicroseconds = WaylandDebugLog.microseconds(
                    from: start,
                    to: message.microseconds)
            default:
                break
            }
        }
        return reactions
    }

    /// `wl_surface@7` from `wl_surface@7` or `new id xdg_surface@5`.
    private static func objectName(_ argument: String) -> String {
        argument.hasPrefix("new id ") ? String(argument.dropFirst("new id ".count)) : argument
    }
}

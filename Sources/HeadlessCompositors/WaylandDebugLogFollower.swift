/// A client's `WAYLAND_DEBUG=client` log (its stderr file) as it grows:
/// each look parses only the lines completed since the last one and keeps
/// every message parsed, so following a chatty client for a minute costs
/// its log once, not once per look.
package struct WaylandDebugLogFollower {
    private var file: GrowingTextFile
    /// Every message of the complete lines read so far, in order.
    package private(set) var messages: [WaylandDebugMessage] = []

    package init(path: String) { file = GrowingTextFile(path: path) }

    /// Reads the lines completed since the last call and returns their messages
    /// (also appended to ``messages``).
    @discardableResult
    package mutating func catchUp() -> ArraySlice<WaylandDebugMessage> {
        let first = messages.count
        messages += WaylandDebugLog.parse(file.readNewLines())
        return messages[first...]
    }
}

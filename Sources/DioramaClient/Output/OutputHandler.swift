import WaylandClient

/// Told when outputs appear, change and disappear. Every callback comes after
/// a complete update (`wl_output.done`), with `output.info` already replaced.
package protocol OutputHandler: AnyObject {
    /// A new output is fully described: at start-up for each output present,
    /// later when a display is plugged in or the compositor creates one.
    func outputAdded(_ output: Output)
    /// Something about the output changed — its mode, scale, transform,
    /// logical position or size, name — in one atomic update. `previous` is
    /// the description before the update.
    func outputChanged(_ output: Output, previous: OutputInfo)
    /// The output is gone (unplugged, or disabled by the compositor). Surfaces
    /// that were on it have already been told they left it.
    func outputRemoved(_ output: Output)
}

extension OutputHandler {
    package func outputAdded(_ output: Output) {}
    package func outputChanged(_ output: Output, previous: OutputInfo) {}
    package func outputRemoved(_ output: Output) {}
}

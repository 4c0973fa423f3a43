import DioramaModel

/// Gathers the `xdg_toplevel` events of one configure sequence and closes it
/// with the `xdg_surface.configure` serial. Pure bookkeeping, so the rules are
/// unit-tested without a compositor.
///
/// Per the protocol, `configure` (size and states) comes in every sequence.
/// `configure_bounds` and `wm_capabilities` are sent when they change, so
/// their last values carry over into later sequences.
package struct ToplevelConfigureCollector: Sendable {
    private var size: Size = .zero
    private var states: ToplevelStates = []
    private var bounds: Size?
    private var capabilities: WindowManagerCapabilities = .all

    package init() {}

    /// `xdg_toplevel.configure`.
    package mutating func configure(width: Int32, height: Int32, states: [UInt32]) {
        size = Size(width: Int(max(0, width)), height: Int(max(0, height)))
        self.states = ToplevelStates(wireArray: states)
    }

    /// `xdg_toplevel.configure_bounds`; 0×0 means unknown.
    package mutating func configureBounds(width: Int32, height: Int32) {
        bounds = width > 0 && height > 0 ? Size(width: Int(width), height: Int(height)) : nil
    }

    /// `xdg_toplevel.wm_capabilities`.
    package mutating func wmCapabilities(_ values: [UInt32]) {
        capabilities = WindowManagerCapabilities(wireArray: values)
    }

    /// `xdg_surface.configure`: the sequence is complete.
    package func close(serial: UInt32) -> ToplevelConfigure {
        ToplevelConfigure(serial: serial, size: size, states: states, bounds: bounds, capabilities: capabilities)
    }
}

import WaylandClient

/// The direction of a scroll (`wl_pointer.axis`), in the client core's own type,
/// so that a ``PointerHandler`` above the client core needs no generated bindings.
package enum ScrollAxis: Hashable, Sendable {
    case vertical
    case horizontal

    /// The axis a `wl_pointer.axis` event named; nil for one a newer protocol adds.
    init?(_ axis: WlPointer.Axis) {
        switch axis {
        case .verticalScroll: self = .vertical
        case .horizontalScroll: self = .horizontal
        default: return nil
        }
    }
}

import WaylandClient

/// The devices a seat has now (`wl_seat.capabilities`), in the client core's own
/// type, so that code above the client core (the scene runtime) reads them
/// without importing the generated bindings.
package struct SeatCapabilities: OptionSet, Hashable, Sendable {
    package let rawValue: UInt32

    package init(rawValue: UInt32) { self.rawValue = rawValue }

    // The bits wl_seat defines, so the raw values are the protocol's.
    package static let pointer = SeatCapabilities(rawValue: WlSeat.Capability.pointer.rawValue)
    package static let keyboard = SeatCapabilities(rawValue: WlSeat.Capability.keyboard.rawValue)
    package static let touch = SeatCapabilities(rawValue: WlSeat.Capability.touch.rawValue)

    /// The capabilities a `wl_seat.capabilities` event announced.
    init(_ announced: WlSeat.Capability) { self.init(rawValue: announced.rawValue) }
}

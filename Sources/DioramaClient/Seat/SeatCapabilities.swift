import WaylandClient

/// The devices a seat has now (`wl_seat.capabilities`), in the client core's own
/// type, so that code above the client core (the scene runtime) reads them
/// without importing the generated bindings.
public struct SeatCapabilities: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    // The bits wl_seat defines, so the raw values are the protocol's.
    public static let pointer = SeatCapabilities(rawValue: WlSeat.Capability.pointer.rawValue)
    public static let keyboard = SeatCapabilities(rawValue: WlSeat.Capability.keyboard.rawValue)
    public static let touch = SeatCapabilities(rawValue: WlSeat.Capability.touch.rawValue)

    /// The capabilities a `wl_seat.capabilities` event announced.
    init(_ announced: WlSeat.Capability) { self.init(rawValue: announced.rawValue) }
}

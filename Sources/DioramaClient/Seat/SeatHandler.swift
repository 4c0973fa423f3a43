/// Told about seats (a group of input devices: usually one per user).
package protocol SeatHandler: AnyObject {
    /// A seat appeared (at start-up, or hot-plugged). Its capabilities follow.
    func seatAdded(_ seat: Seat)
    /// The seat gained or lost a keyboard, pointer or touch. When it lost one,
    /// the `Keyboard`/`Pointer` Diorama made for it is already released.
    func seatCapabilitiesChanged(_ seat: Seat, previous: SeatCapabilities)
    /// The seat is gone.
    func seatRemoved(_ seat: Seat)
}

extension SeatHandler {
    package func seatAdded(_ seat: Seat) {}
    package func seatCapabilitiesChanged(_ seat: Seat, previous: SeatCapabilities) {}
    package func seatRemoved(_ seat: Seat) {}
}

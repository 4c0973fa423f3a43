import WaylandClient

/// Binds every `wl_seat` and follows seats coming and going.
package final class SeatState {
    package let registry: Registry
    /// Maps the surfaces named in keyboard and pointer events.
    package let compositor: CompositorState
    package weak var handler: SeatHandler?
    /// Given to each seat's pointer for its default arrow cursor.
    private let cursorShm: ShmState?

    private var seatsByName: [UInt32: Seat] = [:]

    /// The highest wl_seat version Diorama handles (8: high-resolution scroll).
    static let maxVersion: UInt32 = min(8, Registry.bindingsVersion(of: WlSeat.self))

    /// Binds the seats present now; `handler` hears about them at once
    /// (`seatAdded`), so pass it here rather than setting it afterwards.
    /// With `shm`, pointers show the cursor theme's arrow over our surfaces;
    /// without it they leave the cursor to the compositor.
    package init(registry: Registry, compositor: CompositorState, shm: ShmState? = nil, handler: SeatHandler? = nil) {
        self.registry = registry
        self.cursorShm = shm
        self.compositor = compositor
        self.handler = handler
        registry.follow(
            interface: Registry.interfaceName(of: WlSeat.self),
            added: { [weak self] global in self?.seatGlobalAdded(global) },
            removed: { [weak self] global in self?.seatGlobalRemoved(global) })
    }

    deinit {
        for seat in seatsByName.values { seat.destroy() }
    }

    /// Whether the compositor has any seat now; one without (a headless
    /// compositor with no input) needs no `SeatState`.
    package static func isOffered(by registry: Registry) -> Bool {
        registry.offers(WlSeat.self)
    }

    /// The seats, in announcement order.
    package var seats: [Seat] {
        seatsByName.values.sorted { $0.globalName < $1.globalName }
    }

    /// Fires for each seat global at start and on hot-plug.
    private func seatGlobalAdded(_ global: Global) {
        guard seatsByName[global.name] == nil,
            let wlSeat = try? registry.bind(WlSeat.self, global: global, min: 1, max: Self.maxVersion)
        else { return }
        let seat = Seat(wlSeat: wlSeat, globalName: global.name, compositor: compositor, cursorShm: cursorShm)
        seat.capabilitiesChanged = { [weak self] seat, previous in
            self?.handler?.seatCapabilitiesChanged(seat, previous: previous)
        }
        seatsByName[global.name] = seat
        handler?.seatAdded(seat)
    }

    /// Fires when the compositor withdraws a seat.
    private func seatGlobalRemoved(_ global: Global) {
        guard let seat = seatsByName.removeValue(forKey: global.name) else { return }
        handler?.seatRemoved(seat)
        seat.destroy()
    }
}

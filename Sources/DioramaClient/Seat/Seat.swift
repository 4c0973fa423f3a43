import WaylandClient

/// One `wl_seat`: its name, its capabilities, and the keyboard, pointer and
/// touchscreen made for it.
package final class Seat {
    package let wlSeat: WlSeat
    package let globalName: UInt32
    /// The seat's name (`seat0`), from wl_seat v2.
    package private(set) var name: String?
    /// What the seat has now: keyboard, pointer, touch.
    package private(set) var capabilities: SeatCapabilities = []
    /// The keyboard made by `makeKeyboard`, while the seat has one.
    package private(set) var keyboard: Keyboard?
    /// The pointer made by `makePointer`, while the seat has one.
    package private(set) var pointer: Pointer?
    /// The touchscreen made by `makeTouch`, while the seat has one.
    package private(set) var touch: Touch?

    /// Maps surfaces in keyboard and pointer events (and keeps the connection alive).
    let compositor: CompositorState
    /// The shared memory the pointer draws its default arrow with (nil: no arrow is set).
    let cursorShm: ShmState?
    /// Run after capabilities changed (the state tells its handler).
    var capabilitiesChanged: ((Seat, SeatCapabilities) -> Void)?

    init(wlSeat: WlSeat, globalName: UInt32, compositor: CompositorState, cursorShm: ShmState?) {
        self.wlSeat = wlSeat
        self.cursorShm = cursorShm
        self.globalName = globalName
        self.compositor = compositor
        wlSeat.onEvent = { [weak self] event in self?.seatEventArrived(event) }
    }

    /// Starts receiving keyboard events (keymap, focus, keys). Call it when
    /// `capabilities` contains `.keyboard`; returns the existing keyboard
    /// when there is one.
    /// - Precondition: the seat has the keyboard capability.
    @discardableResult
    package func makeKeyboard(handler: KeyboardHandler?) -> Keyboard {
        device(\.keyboard, capability: .keyboard, named: "keyboard", handler: handler) { Keyboard(seat: self, handler: $0) }
    }

    /// Starts receiving pointer events. When the seat state was given shared
    /// memory, each enter sets the default arrow (see `PointerCursor`).
    /// - Precondition: the seat has the pointer capability.
    @discardableResult
    package func makePointer(handler: PointerHandler?) -> Pointer {
        device(\.pointer, capability: .pointer, named: "pointer", handler: handler) { Pointer(seat: self, handler: $0) }
    }

    /// Starts receiving touch events.
    /// - Precondition: the seat has the touch capability.
    @discardableResult
    package func makeTouch(handler: TouchHandler?) -> Touch {
        device(\.touch, capability: .touch, named: "touchscreen", handler: handler) { Touch(seat: self, handler: $0) }
    }

    /// The one `make…` path: the device already made gets the new handler,
    /// or a new one is made and kept in `slot`.
    /// - Precondition: the seat has `capability` (asking for a device the
    ///   seat lacks is a programmer error).
    private func device<Device: SeatDevice>(
        _ slot: ReferenceWritableKeyPath<Seat, Device?>,
        capability: SeatCapabilities, named word: String, handler: Device.Handler?,
        make: (Device.Handler?) -> Device
    ) -> Device {
        precondition(
            capabilities.contains(capability),
            "Seat: seat \(name ?? "?") has no \(word) (capabilities \(capabilities.rawValue))")
        if let existing = self[keyPath: slot] {
            existing.handler = handler
            return existing
        }
        let made = make(handler)
        self[keyPath: slot] = made
        return made
    }

    func destroy() {
        capabilitiesChanged = nil
        keyboard?.release()
        keyboard = nil
        pointer?.release()
        pointer = nil
        touch?.release()
        touch = nil
        wlSeat.onEvent = nil
        if wlSeat.version >= 5 { wlSeat.release() } else { wlSeat.destroyLocally() }
    }

    /// Fires after binding (name, capabilities) and whenever devices come and go.
    private func seatEventArrived(_ event: WlSeat.Event) {
        switch event {
        case let .capabilities(announced):
            let new = SeatCapabilities(announced)
            let previous = capabilities
            capabilities = new
            // A device that went away leaves its object inert: release it.
            if !new.contains(.keyboard), let keyboard {
                keyboard.release()
                self.keyboard = nil
            }
            if !new.contains(.pointer), let pointer {
                pointer.release()
                self.pointer = nil
            }
            if !new.contains(.touch), let touch {
                touch.release()
                self.touch = nil
            }
            if new != previous { capabilitiesChanged?(self, previous) }
        case let .name(name):
            self.name = name
        }
    }
}

extension Seat: Hashable {
    package static func == (lhs: Seat, rhs: Seat) -> Bool { lhs === rhs }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A keyboard, pointer or touch device of a seat: made once, its handler
/// replaced when the app asks again (``Seat/makeKeyboard(handler:)`` and its
/// siblings share one path through it).
protocol SeatDevice: AnyObject {
    associatedtype Handler
    var handler: Handler? { get set }
}

extension Keyboard: SeatDevice {}
extension Pointer: SeatDevice {}
extension Touch: SeatDevice {}

import WaylandClient

/// One `wl_seat`: its name, its capabilities, and the keyboard, pointer and
/// touchscreen made for it.
public final class Seat {
    public let wlSeat: WlSeat
    public let globalName: UInt32
    /// The seat's name (`seat0`), from wl_seat v2.
    public private(set) var name: String?
    /// What the seat has now: keyboard, pointer, touch.
    public private(set) var capabilities: WlSeat.Capability = []
    /// The keyboard made by `makeKeyboard`, while the seat has one.
    public private(set) var keyboard: Keyboard?
    /// The pointer made by `makePointer`, while the seat has one.
    public private(set) var pointer: Pointer?
    /// The touchscreen made by `makeTouch`, while the seat has one.
    public private(set) var touch: Touch?

    /// Maps surfaces in keyboard and pointer events (and keeps the connection alive).
    let compositor: CompositorState
    /// The shared memory the pointer draws its default arrow with (nil: no arrow is set).
    let cursorShm: ShmState?
    /// Run after capabilities changed (the state tells its handler).
    var capabilitiesChanged: ((Seat, WlSeat.Capability) -> Void)?

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
    public func makeKeyboard(handler: KeyboardHandler?) -> Keyboard {
        precondition(capabilities.contains(.keyboard),
                     "Seat.makeKeyboard: seat \(name ?? "?") has no keyboard (capabilities \(capabilities.rawValue))")
        if let keyboard {
            keyboard.handler = handler
            return keyboard
        }
        let made = Keyboard(seat: self, handler: handler)
        keyboard = made
        return made
    }

    /// Starts receiving pointer events. When the seat state was given shared
    /// memory, each enter sets the default arrow (see `PointerCursor`).
    /// - Precondition: the seat has the pointer capability.
    @discardableResult
    public func makePointer(handler: PointerHandler?) -> Pointer {
        precondition(capabilities.contains(.pointer),
                     "Seat.makePointer: seat \(name ?? "?") has no pointer (capabilities \(capabilities.rawValue))")
        if let pointer {
            pointer.handler = handler
            return pointer
        }
        let made = Pointer(seat: self, handler: handler)
        pointer = made
        return made
    }

    /// Starts receiving touch events.
    /// - Precondition: the seat has the touch capability.
    @discardableResult
    public func makeTouch(handler: TouchHandler?) -> Touch {
        precondition(capabilities.contains(.touch),
                     "Seat.makeTouch: seat \(name ?? "?") has no touchscreen (capabilities \(capabilities.rawValue))")
        if let touch {
            touch.handler = handler
            return touch
        }
        let made = Touch(seat: self, handler: handler)
        touch = made
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
        case let .capabilities(new):
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
    public static func == (lhs: Seat, rhs: Seat) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

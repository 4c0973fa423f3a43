import WaylandClient
import WaylandCommon

#if canImport(Glibc)
    import Glibc
#endif

/// A seat's `wl_keyboard`, with the compositor's keymap compiled by
/// xkbcommon so key events carry keysyms and text.
package final class Keyboard {
    package let wlKeyboard: WlKeyboard
    /// The seat this keyboard belongs to (nil once the seat is gone).
    package private(set) weak var seat: Seat?
    private let compositor: CompositorState
    package weak var handler: KeyboardHandler?
    /// The compiled keymap; nil until the compositor sent one (or when it failed).
    package private(set) var keymap: Keymap?
    /// Our surface that has keyboard focus, if any.
    package private(set) var focusedSurface: Surface?
    /// Characters per second (0: the compositor does not want repeat).
    package private(set) var repeatRate = 25
    package private(set) var repeatDelayMillis = 600
    /// How many keymaps arrived (each `wl_keyboard.keymap` event).
    package private(set) var keymapsReceived = 0

    init(seat: Seat, handler: KeyboardHandler?) {
        self.seat = seat
        self.compositor = seat.compositor
        self.handler = handler
        wlKeyboard = seat.wlSeat.getKeyboard()
        wlKeyboard.onEvent = { [weak self] event in self?.keyboardEventArrived(event) }
    }

    func release() {
        wlKeyboard.onEvent = nil
        if wlKeyboard.version >= 3 { wlKeyboard.release() } else { wlKeyboard.destroyLocally() }
    }

    /// Fires with the keymap after creation, focus changes, keys, modifiers
    /// and repeat settings.
    private func keyboardEventArrived(_ event: WlKeyboard.Event) {
        switch event {
        case let .keymap(format, fd, size):
            // The keymap is copied out of the mapping; `fd` closes itself.
            keymapsReceived += 1
            guard format == .xkbV1 else {
                keymap = nil
                handler?.keymapFailed(self, error: .unsupportedFormat(format.rawValue))
                return
            }
            do {
                let compiled = try fd.withDescriptor { descriptor throws(KeymapError) in try Keymap(fd: descriptor, size: Int(size)) }
                keymap = compiled
                handler?.keymapChanged(self, keymap: compiled)
            } catch {
                keymap = nil
                handler?.keymapFailed(self, error: error)
            }
        case let .enter(_, wlSurface, keys):
            focusedSurface = wlSurface.flatMap { compositor.surface(for: $0) }
            handler?.keyboardEntered(self, surface: focusedSurface, pressedKeycodes: WireArray.unpack(keys))
        case let .leave(_, wlSurface):
            let surface = wlSurface.flatMap { compositor.surface(for: $0) } ?? focusedSurface
            focusedSurface = nil
            handler?.keyboardLeft(self, surface: surface)
        case let .key(serial, time, key, state):
            let pressed = state == .pressed
            let event = KeyEvent(
                serial: serial, timeMillis: time, keycode: key,
                keysym: keymap?.keysym(forKeycode: key) ?? 0,
                text: pressed ? keymap?.text(forKeycode: key) : nil,
                isPressed: pressed)
            if pressed { handler?.keyPressed(self, event: event) } else { handler?.keyReleased(self, event: event) }
        case let .modifiers(_, depressed, latched, locked, group):
            guard let keymap else { return }
            keymap.updateModifiers(depressed: depressed, latched: latched, locked: locked, group: group)
            handler?.modifiersChanged(self, modifiers: keymap.activeModifiers)
        case let .repeatInfo(rate, delay):
            repeatRate = Int(rate)
            repeatDelayMillis = Int(delay)
            handler?.repeatInfoChanged(self, rate: Int(rate), delayMillis: Int(delay))
        }
    }
}

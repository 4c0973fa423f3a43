import DioramaModel
import Foundation
import WaylandClient

/// A seat's `wl_pointer`, with the focused surface and position tracked.
package final class Pointer {
    package let wlPointer: WlPointer
    /// The seat this pointer belongs to (nil once the seat is gone).
    package private(set) weak var seat: Seat?
    package weak var handler: PointerHandler?
    /// Our surface under the pointer, if any.
    package private(set) var focusedSurface: Surface?
    /// The last position on `focusedSurface`, surface-local.
    package private(set) var position: CGPoint = .zero
    /// The serial of the last enter, needed to set a cursor image.
    package private(set) var enterSerial: UInt32?
    /// Whether the compositor ends each group of events with `pointerFrameEnded`
    /// (wl_pointer v5 and newer); an older pointer sends each event alone.
    package var groupsEventsInFrames: Bool { wlPointer.version >= 5 }

    private let compositor: CompositorState
    /// Sets the handler's cursor on each enter; nil when the seat has no shm to draw it with.
    private let cursor: PointerCursor?
    /// Wheel clicks announced (axis_discrete / axis_value120) for the current frame.
    private var pendingDiscrete: [UInt32: Int] = [:]

    init(seat: Seat, handler: PointerHandler?) {
        self.seat = seat
        self.handler = handler
        compositor = seat.compositor
        cursor = seat.cursorShm.map { PointerCursor(shm: $0, compositor: seat.compositor) }
        wlPointer = seat.wlSeat.getPointer()
        wlPointer.onEvent = { [weak self] event in self?.pointerEventArrived(event) }
    }

    func release() {
        wlPointer.onEvent = nil
        if wlPointer.version >= 3 { wlPointer.release() } else { wlPointer.destroyLocally() }
    }

    /// Fires as the pointer enters, moves over, clicks on and leaves our surfaces.
    private func pointerEventArrived(_ event: WlPointer.Event) {
        switch event {
        case let .enter(serial, wlSurface, x, y):
            focusedSurface = wlSurface.flatMap { compositor.surface(for: $0) }
            position = CGPoint(x: x, y: y)
            enterSerial = serial
            // The image first, so a handler that calls setCursor has the last word.
            cursor?.show(
                handler?.cursor(over: focusedSurface) ?? .arrow, on: wlPointer, serial: serial,
                scale: Self.cursorScale(over: focusedSurface))
            handler?.pointerEntered(self, surface: focusedSurface, position: position, serial: serial)
        case let .leave(serial, wlSurface):
            let surface = wlSurface.flatMap { compositor.surface(for: $0) } ?? focusedSurface
            focusedSurface = nil
            handler?.pointerLeft(self, surface: surface, serial: serial)
        case let .motion(time, x, y):
            position = CGPoint(x: x, y: y)
            handler?.pointerMoved(self, position: position, timeMillis: time)
        case let .button(serial, time, button, state):
            handler?.pointerButtonChanged(self, button: button, isPressed: state == .pressed, serial: serial, timeMillis: time)
        case let .axisDiscrete(axis, discrete):
            pendingDiscrete[axis.rawValue] = Int(discrete)
        case let .axisValue120(axis, value120):
            pendingDiscrete[axis.rawValue] = Int(value120) / 120
        case let .axis(time, axis, value):
            // axis_discrete/value120 come before the axis event they qualify.
            let steps = pendingDiscrete.removeValue(forKey: axis.rawValue)
            guard let direction = ScrollAxis(axis) else { break }
            handler?.pointerScrolled(self, axis: direction, value: value, discreteSteps: steps, timeMillis: time)
        case .frame:
            pendingDiscrete.removeAll()
            handler?.pointerFrameEnded(self)
        case .axisSource, .axisStop:
            break
        }
    }

    /// The scale of the output under the pointer, seen from the entered
    /// surface: the compositor's preferred buffer scale (wl_surface v6), else
    /// the largest scale of the outputs the surface is on.
    static func cursorScale(over surface: Surface?) -> Int {
        guard let surface else { return 1 }
        return surface.preferredBufferScale ?? surface.maxOutputScale
    }

    /// Shows `choice` while the pointer stays on the surface it entered: for
    /// a scene that changes its cursor with the pointer inside. Does nothing
    /// while the pointer is on no surface of ours (the next enter asks the
    /// handler) or when the seat has no shm for cursor images.
    package func showCursor(_ choice: SceneCursor) {
        guard let enterSerial, focusedSurface != nil, let cursor else { return }
        cursor.show(choice, on: wlPointer, serial: enterSerial, scale: Self.cursorScale(over: focusedSurface))
    }

    /// Hides the cursor over our surface (or shows `surface` as the cursor
    /// image, with its hotspot). Needs the serial of the current enter.
    package func setCursor(_ surface: Surface?, hotspotX: Int = 0, hotspotY: Int = 0) {
        guard let enterSerial else { return }
        wlPointer.setCursor(
            serial: enterSerial, surface: surface?.wlSurface,
            hotspotX: Int32(clamping: hotspotX), hotspotY: Int32(clamping: hotspotY))
    }
}

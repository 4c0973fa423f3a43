import DioramaModel
import Foundation

/// Told what happens on a seat's pointer. Positions are surface-local, in
/// surface units, with sub-unit precision (Wayland's 24.8 fixed point).
/// The compositor groups events that belong together (a diagonal scroll, a
/// motion and a button) and ends each group with `pointerFrameEnded`.
package protocol PointerHandler: AnyObject {
    /// The pointer moved onto one of our surfaces, at `position`.
    func pointerEntered(_ pointer: Pointer, surface: Surface?, position: CGPoint, serial: UInt32)
    /// The pointer left our surface.
    func pointerLeft(_ pointer: Pointer, surface: Surface?, serial: UInt32)
    /// The pointer moved within the focused surface.
    func pointerMoved(_ pointer: Pointer, position: CGPoint, timeMillis: UInt32)
    /// A button (Linux BTN_* code: 0x110 left, 0x111 right, 0x112 middle) went down or up.
    func pointerButtonChanged(_ pointer: Pointer, button: UInt32, isPressed: Bool, serial: UInt32, timeMillis: UInt32)
    /// Scrolling along `axis` by `value` surface units; `discreteSteps` are
    /// wheel clicks when the compositor reports them.
    func pointerScrolled(_ pointer: Pointer, axis: ScrollAxis, value: Double, discreteSteps: Int?, timeMillis: UInt32)
    /// The end of a group of events (wl_pointer v5+).
    func pointerFrameEnded(_ pointer: Pointer)
    /// Asked on each enter, before `pointerEntered`: the image the pointer
    /// shows over `surface` (the arrow unless the handler says otherwise).
    func cursor(over surface: Surface?) -> SceneCursor
}

extension PointerHandler {
    package func cursor(over surface: Surface?) -> SceneCursor { .arrow }
    package func pointerEntered(_ pointer: Pointer, surface: Surface?, position: CGPoint, serial: UInt32) {}
    package func pointerLeft(_ pointer: Pointer, surface: Surface?, serial: UInt32) {}
    package func pointerMoved(_ pointer: Pointer, position: CGPoint, timeMillis: UInt32) {}
    package func pointerButtonChanged(_ pointer: Pointer, button: UInt32, isPressed: Bool, serial: UInt32, timeMillis: UInt32) {}
    package func pointerScrolled(_ pointer: Pointer, axis: ScrollAxis, value: Double, discreteSteps: Int?, timeMillis: UInt32) {}
    package func pointerFrameEnded(_ pointer: Pointer) {}
}

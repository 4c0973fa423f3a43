import DioramaControlProtocol
import DioramaModel

/// Pointer and touch commands for tests, `diorama ctl pointer|touch` and
/// scenarios, on top of the seat: each resolves where it acts (a global
/// point, or a point in a window the window manager finds), checks the
/// command makes sense (a touch point down once), and has the
/// ``SeatServer`` send the protocol events at once (Seat/SeatServer+Pointer.swift,
/// Seat/SeatServer+Touch.swift say which) and record them in the trace.
/// ``Simulator`` forwards its public input methods here.
struct InputCommands {
    let seat: SeatServer
    let windowOperations: any WindowOperations

    private var pointerDevice: PointerDevice { seat.pointerDevice }

    /// The pointer's position in global logical points.
    var pointerPosition: Point { pointerDevice.position }

    /// The window a client's `xdg_toplevel.move` is carrying with the pointer, if any.
    var windowBeingMoved: Window? {
        if case .move(let window, _) = pointerDevice.grab { return window }
        return nil
    }

    /// The window a client's `xdg_toplevel.resize` is resizing with the pointer, if any.
    var windowBeingResized: Window? {
        if case .resize(let window, _, _, _) = pointerDevice.grab { return window }
        return nil
    }

    /// A location in global logical points.
    func globalPoint(_ location: InputLocation) throws(SimulatorControlError) -> Point {
        switch location {
        case .global(let point): return point
        case .window(let selector, let offset):
            let window = try windowOperations.window(selector)
            guard window.isMapped else { throw .windowNotMapped(window.id) }
            return Point(x: window.position.x + offset.x, y: window.position.y + offset.y)
        }
    }

    /// Moves the pointer; the window under it gets enter/motion, the one it
    /// left gets leave, and a window a client is moving follows.
    func movePointer(to location: InputLocation) throws(SimulatorControlError) {
        seat.pointerMoved(to: try globalPoint(location))
    }

    func pressPointerButton(_ button: PointerButton) {
        seat.pointerButtonChanged(button, pressed: true)
    }

    func releasePointerButton(_ button: PointerButton) {
        seat.pointerButtonChanged(button, pressed: false)
    }

    /// Presses and releases `button` where the pointer is.
    func clickPointer(_ button: PointerButton) {
        seat.pointerButtonChanged(button, pressed: true)
        seat.pointerButtonChanged(button, pressed: false)
    }

    /// Scrolls the window under the pointer by `dx`, `dy` logical points
    /// (positive: right, down).
    func scrollPointer(dx: Int, dy: Int) {
        seat.pointerScrolled(dx: dx, dy: dy)
    }

    /// Puts touch point `id` down on the window under `location`.
    func touchDown(id: Int, at location: InputLocation) throws(SimulatorControlError) {
        let point = try globalPoint(location)
        guard seat.touchDevice.points[Int32(id)] == nil else { throw .touchAlreadyDown(id) }
        guard seat.touchWentDown(id: Int32(id), at: point) else { throw .noWindowAt(point) }
    }

    /// Moves touch point `id`, which stays with the window it went down on.
    func touchMove(id: Int, to location: InputLocation) throws(SimulatorControlError) {
        let point = try globalPoint(location)
        guard seat.touchMoved(id: Int32(id), to: point) else { throw .touchNotDown(id) }
    }

    func touchUp(id: Int) throws(SimulatorControlError) {
        guard seat.touchWentUp(id: Int32(id)) else { throw .touchNotDown(id) }
    }

    /// Cancels every touch that is down (`wl_touch.cancel`).
    func cancelTouches() {
        seat.touchesCancelled()
    }
}

import DioramaControlProtocol
import DioramaModel

// Pointer and touch commands for tests, `diorama ctl pointer|touch` and
// scenarios. Each sends the protocol events at once (Seat/Simulator+Pointer.swift,
// Seat/Simulator+Touch.swift say which) and records them in the trace.

extension Simulator {
    /// The pointer's position in global logical points.
    public var pointerPosition: Point { pointerDevice.position }

    /// The window a client's `xdg_toplevel.move` is carrying with the pointer, if any.
    public var windowBeingMoved: Window? {
        if case .move(let window, _) = pointerDevice.grab { return window }
        return nil
    }

    /// The window a client's `xdg_toplevel.resize` is resizing with the pointer, if any.
    public var windowBeingResized: Window? {
        if case .resize(let window, _, _, _) = pointerDevice.grab { return window }
        return nil
    }

    /// A location in global logical points.
    public func globalPoint(_ location: InputLocation) throws(SimulatorControlError) -> Point {
        switch location {
        case .global(let point): return point
        case .window(let selector, let offset):
            let window = try window(selector)
            guard window.isMapped else { throw .windowNotMapped(window.id) }
            return Point(x: window.position.x + offset.x, y: window.position.y + offset.y)
        }
    }

    /// Moves the pointer; the window under it gets enter/motion, the one it
    /// left gets leave, and a window a client is moving follows.
    public func movePointer(to location: InputLocation) throws(SimulatorControlError) {
        pointerMoved(to: try globalPoint(location))
    }

    public func pressPointerButton(_ button: PointerButton = .left) {
        pointerButtonChanged(button, pressed: true)
    }

    public func releasePointerButton(_ button: PointerButton = .left) {
        pointerButtonChanged(button, pressed: false)
    }

    /// Presses and releases `button` where the pointer is.
    public func clickPointer(_ button: PointerButton = .left) {
        pointerButtonChanged(button, pressed: true)
        pointerButtonChanged(button, pressed: false)
    }

    /// Scrolls the window under the pointer by `dx`, `dy` logical points
    /// (positive: right, down).
    public func scrollPointer(dx: Int, dy: Int) {
        pointerScrolled(dx: dx, dy: dy)
    }

    /// Puts touch point `id` down on the window under `location`.
    public func touchDown(id: Int, at location: InputLocation) throws(SimulatorControlError) {
        let point = try globalPoint(location)
        guard touchDevice.points[Int32(id)] == nil else { throw .touchAlreadyDown(id) }
        guard touchWentDown(id: Int32(id), at: point) != nil else { throw .noWindowAt(point) }
    }

    /// Moves touch point `id`, which stays with the window it went down on.
    public func touchMove(id: Int, to location: InputLocation) throws(SimulatorControlError) {
        let point = try globalPoint(location)
        guard touchMoved(id: Int32(id), to: point) != nil else { throw .touchNotDown(id) }
    }

    public func touchUp(id: Int) throws(SimulatorControlError) {
        guard touchWentUp(id: Int32(id)) != nil else { throw .touchNotDown(id) }
    }

    /// Cancels every touch that is down (`wl_touch.cancel`).
    public func cancelTouches() {
        touchesCancelled()
    }
}

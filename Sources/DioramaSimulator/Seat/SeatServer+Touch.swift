import DioramaModel
import WaylandServer

// The seat's touchscreen: down/motion/up for each touch point, each batch
// closed by `frame`, and `cancel` when the window a touch belongs to goes
// away. Coordinates are surface-local logical points, as for the pointer.

extension SeatServer {
    /// The live wl_touch objects of the client that owns `window`.
    private func touches(of window: Window) -> [WlTouch] {
        guard let surface = window.surface, let record = clients.record(surface.resource.client) else { return [] }
        return record.touches.filter(\.isAlive)
    }

    /// A finger went down at `point` (global logical) on the topmost window
    /// there. Outside the client whose popups hold a grab it breaks the grab
    /// instead (``breaksPopupGrab(pressingOn:)``): the touch point is down
    /// but reaches no client, nor do its motion and up. False when no window
    /// is under it (and no grab to break) or `id` is already down.
    @discardableResult
    func touchWentDown(id: Int32, at point: Point) -> Bool {
        guard touchDevice.points[id] == nil else { return false }
        let target = shell.inputTarget(at: point)
        if breaksPopupGrab(pressingOn: target?.window) != nil {
            touchDevice.points[id] = TouchDevice.TouchPoint(window: nil, surface: nil, position: point)
            return true
        }
        guard let target else { return false }
        let window = target.window, surface = target.surface
        touchDevice.points[id] = TouchDevice.TouchPoint(window: window, surface: surface, position: point)
        let local = surfaceLocal(point, on: surface, of: window)
        let touches = touches(of: window)
        let serial = nextSerial()
        for touch in touches {
            touch.sendDown(serial: serial, time: inputTime, surface: surface.resource, id: id, x: local.x, y: local.y)
            touch.sendFrame()
        }
        trace.record(.touchInput(window: window.id, action: "down", id: Int(id), x: Int(local.x), y: Int(local.y)))
        return true
    }

    /// A finger that is down moved to `point`; false when `id` is not down.
    @discardableResult
    func touchMoved(id: Int32, to point: Point) -> Bool {
        guard var touchPoint = touchDevice.points[id] else { return false }
        touchPoint.position = point
        touchDevice.points[id] = touchPoint
        // A touch that broke a popup grab reaches no client.
        guard let window = touchPoint.window else { return true }
        let local = surfaceLocal(point, on: touchPoint.surface, of: window)
        for touch in touches(of: window) {
            touch.sendMotion(time: inputTime, id: id, x: local.x, y: local.y)
            touch.sendFrame()
        }
        trace.record(.touchInput(window: window.id, action: "motion", id: Int(id), x: Int(local.x), y: Int(local.y)))
        return true
    }

    /// A finger that is down lifted; false when `id` is not down.
    @discardableResult
    func touchWentUp(id: Int32) -> Bool {
        guard let touchPoint = touchDevice.points.removeValue(forKey: id) else { return false }
        guard let window = touchPoint.window else { return true }
        let serial = nextSerial()
        for touch in touches(of: window) {
            touch.sendUp(serial: serial, time: inputTime, id: id)
            touch.sendFrame()
        }
        let local = surfaceLocal(touchPoint.position, on: touchPoint.surface, of: window)
        trace.record(.touchInput(window: window.id, action: "up", id: Int(id), x: Int(local.x), y: Int(local.y)))
        return true
    }

    /// The compositor takes the touches back (a gesture of its own, or the
    /// window going away): `cancel` to each window that had one, and every
    /// touch point is forgotten.
    func touchesCancelled(of window: Window? = nil) {
        var cancelled: [Window] = []
        for (id, touchPoint) in touchDevice.points where window == nil || touchPoint.window === window {
            touchDevice.points.removeValue(forKey: id)
            if let owner = touchPoint.window, !cancelled.contains(where: { $0 === owner }) { cancelled.append(owner) }
        }
        for owner in cancelled {
            for touch in touches(of: owner) { touch.sendCancel() }
            trace.record(.touchInput(window: owner.id, action: "cancel", id: 0, x: 0, y: 0))
        }
    }

    /// A window unmapped or went away: its touches are cancelled.
    func touchWindowGone(_ window: Window) {
        touchesCancelled(of: window)
    }
}

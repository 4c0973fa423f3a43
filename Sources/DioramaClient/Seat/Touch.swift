import Foundation
import WaylandClient

/// A seat's `wl_touch`, with each touch point's surface tracked: `motion`
/// and `up` name only the id, and a point belongs to the surface it went
/// down on until it lifts.
package final class Touch {
    package let wlTouch: WlTouch
    package private(set) weak var seat: Seat?
    package weak var handler: TouchHandler?
    /// The touch points now down, by id, with their surface.
    package private(set) var surfaces: [Int32: Surface] = [:]
    /// The serial of the last `down`, which `xdg_toplevel.move` may quote.
    package private(set) var lastDownSerial: UInt32?

    private let compositor: CompositorState

    init(seat: Seat, handler: TouchHandler?) {
        self.seat = seat
        self.handler = handler
        compositor = seat.compositor
        wlTouch = seat.wlSeat.getTouch()
        wlTouch.onEvent = { [weak self] event in self?.touchEventArrived(event) }
    }

    func release() {
        wlTouch.onEvent = nil
        if wlTouch.version >= 3 { wlTouch.release() } else { wlTouch.destroyLocally() }
    }

    /// Fires for each finger going down, moving and lifting, and for the
    /// frame that closes each group.
    private func touchEventArrived(_ event: WlTouch.Event) {
        switch event {
        case let .down(serial, time, wlSurface, id, x, y):
            guard let surface = wlSurface.flatMap({ compositor.surface(for: $0) }) else { return }
            surfaces[id] = surface
            lastDownSerial = serial
            handler?.touchWentDown(self, id: Int(id), surface: surface, position: CGPoint(x: x, y: y), serial: serial, timeMillis: time)
        case let .motion(time, id, x, y):
            guard let surface = surfaces[id] else { return }
            handler?.touchMoved(self, id: Int(id), surface: surface, position: CGPoint(x: x, y: y), timeMillis: time)
        case let .up(_, time, id):
            guard let surface = surfaces.removeValue(forKey: id) else { return }
            handler?.touchWentUp(self, id: Int(id), surface: surface, timeMillis: time)
        case .frame:
            handler?.touchFrameEnded(self)
        case .cancel:
            let cancelled = surfaces
            surfaces.removeAll()
            handler?.touchesCancelled(self, ids: cancelled)
        case .shape, .orientation:
            break
        }
    }
}

/// Told what happens on a seat's touchscreen. Positions are surface-local
/// logical points (what wl_touch sends), with sub-point precision. Each group
/// of events that happened together ends with `touchFrameEnded`. Times are
/// the compositor's milliseconds (arbitrary base).
package protocol TouchHandler: AnyObject {
    /// A finger went down on one of our surfaces.
    func touchWentDown(_ touch: Touch, id: Int, surface: Surface, position: CGPoint, serial: UInt32, timeMillis: UInt32)
    /// A finger that went down on `surface` moved (possibly outside it).
    func touchMoved(_ touch: Touch, id: Int, surface: Surface, position: CGPoint, timeMillis: UInt32)
    /// A finger lifted.
    func touchWentUp(_ touch: Touch, id: Int, surface: Surface, timeMillis: UInt32)
    /// The end of a group of touch events.
    func touchFrameEnded(_ touch: Touch)
    /// The compositor took these touches over (a gesture of its own): they
    /// will not come up; forget them.
    func touchesCancelled(_ touch: Touch, ids: [Int32: Surface])
}

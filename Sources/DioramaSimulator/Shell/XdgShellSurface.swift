import DioramaModel
import WaylandServer

/// One `xdg_surface`: the configure/ack bookkeeping and window geometry that
/// toplevels and popups share, and the role rules checked at commit.
///
/// ## Configure and ack
///
/// The simulator sends a configure *sequence* (role events such as
/// `xdg_toplevel.configure`, then `xdg_surface.configure(serial)`); the client
/// answers `ack_configure(serial)` and then commits a buffer drawn for it.
/// Serials sent and not yet acknowledged are kept in order. Acking one
/// consumes it and every older one; acking a serial that was never sent, was
/// already consumed, or is older than the last ack is `invalid_serial`.
/// Before the first ack no buffer may be committed (`unconfigured_buffer`).
final class XdgShellSurface {
    let resource: XdgSurface
    /// The xdg_wm_base it was made from: errors about roles and positioners
    /// are that interface's.
    weak var wmBase: XdgWmBase?
    weak var surface: Surface?
    /// The server whose object it is: protocol errors and commits go there.
    unowned let server: XdgShellServer
    /// The toplevel or popup, once the client assigned a role.
    var window: Window?
    var popup: Popup?
    /// Serials sent and not yet acknowledged, oldest first.
    var pendingSerials: [UInt32] = []
    var lastAckedSerial: UInt32?
    /// Whether any configure has been acked since the surface was (re)set:
    /// only then may it carry a buffer.
    var hasAckedConfigure = false
    /// Whether the initial configure (reply to the first commit) went out.
    var initialConfigureSent = false
    /// `set_window_geometry` not yet committed.
    var pendingGeometry: Rect?
    /// The window geometry the client set, once committed.
    var requestedGeometry: Rect?
    /// The effective window geometry, worked out at each commit of the
    /// surface (``effectiveGeometry(bounds:)``); nil when it is the whole
    /// surface.
    var geometry: Rect?

    init(resource: XdgSurface, wmBase: XdgWmBase, surface: Surface, server: XdgShellServer) {
        self.resource = resource
        self.wmBase = wmBase
        self.surface = surface
        self.server = server
    }

    var hasRole: Bool { window != nil || popup != nil }

    /// The surfaces above this one when it is a popup: its parent, the
    /// parent's parent, … up to the toplevel's surface. Empty for a toplevel.
    var popupAncestors: [XdgShellSurface] {
        parentChain(above: self) { $0.popup?.parent }
    }

    /// The window geometry's top-left in global logical coordinates: a
    /// toplevel's position, or a popup's placement added to its parent's
    /// origin. Nil for a popup whose parent chain was cut.
    var geometryOrigin: Point? {
        // Up the popup chain (a loop, not recursion, like every walk over a
        // tree a client shapes), adding up popup offsets until the toplevel.
        var offset = Point.zero
        for shellSurface in [self] + popupAncestors {
            if let window = shellSurface.window {
                return Point(x: window.position.x + offset.x, y: window.position.y + offset.y)
            }
            guard let popup = shellSurface.popup else { return nil }
            offset = Point(x: offset.x + popup.rect.minX, y: offset.y + popup.rect.minY)
        }
        return nil
    }

    /// The object to send an xdg_wm_base error on: the wm_base, or this
    /// xdg_surface if the client already destroyed the wm_base.
    var wmBaseErrorTarget: Resource { wmBase.map { $0 as Resource } ?? resource }

    /// Records a sent configure's serial.
    func configureSent(serial: UInt32) {
        pendingSerials.append(serial)
    }

    /// `xdg_surface.ack_configure`: true when the serial was pending.
    func acknowledge(_ serial: UInt32) -> Bool {
        guard let index = pendingSerials.firstIndex(of: serial) else { return false }
        pendingSerials.removeFirst(index + 1)
        lastAckedSerial = serial
        hasAckedConfigure = true
        return true
    }

    /// After an unmap the surface starts over: the next commit without a
    /// buffer gets a new initial configure.
    func resetForRemap() {
        initialConfigureSent = false
        hasAckedConfigure = false
        pendingSerials.removeAll()
    }
}

extension XdgShellSurface: SurfaceRoleHandler {
    /// The xdg-shell rules a commit must meet: a role must exist, and a buffer
    /// needs an acknowledged configure first. Toplevel size hints are checked
    /// here too, because they are double-buffered and only meet at commit.
    func surfaceWillCommit(_ surface: Surface, newBuffer: ShmBuffer?) -> Bool {
        guard hasRole else {
            server.errors.post(
                resource, code: XdgSurface.Error.notConstructed.rawValue, name: "not_constructed",
                "xdg_surface@\(resource.id): committed before get_toplevel or get_popup gave it a role")
            return false
        }
        if newBuffer != nil && !hasAckedConfigure {
            server.errors.post(
                resource, code: XdgSurface.Error.unconfiguredBuffer.rawValue, name: "unconfigured_buffer",
                "xdg_surface@\(resource.id): a buffer was committed before any configure was acknowledged; commit once without a buffer, wait for xdg_surface.configure, ack_configure it, then attach"
            )
            return false
        }
        if let window {
            let minimum = window.pendingMinimumSize ?? window.minimumSize
            let maximum = window.pendingMaximumSize ?? window.maximumSize
            if (maximum.width > 0 && minimum.width > maximum.width) || (maximum.height > 0 && minimum.height > maximum.height) {
                server.errors.post(
                    window.toplevel, code: XdgToplevel.Error.invalidSize.rawValue, name: "invalid_size",
                    "xdg_toplevel@\(window.toplevel.id): the minimum size \(minimum) is larger than the maximum size \(maximum); lower the minimum or raise the maximum (0 = no limit)"
                )
                return false
            }
        }
        return true
    }

    func surfaceDidCommit(_ surface: Surface, nullAttach: Bool) {
        if let pendingGeometry {
            requestedGeometry = pendingGeometry
            self.pendingGeometry = nil
        }
        geometry = effectiveGeometry(bounds: surface.treeBounds)
        if let window {
            server.toplevelCommitted(window, nullAttach: nullAttach)
        } else if let popup {
            server.popupCommitted(popup, nullAttach: nullAttach)
        }
    }

    /// The window geometry in effect, given `bounds`, the surface's with its
    /// subsurfaces (``Surface/treeBounds``), as xdg-shell defines it: the
    /// geometry the client set, clamped to `bounds` (unless the profile's
    /// compositor does not clamp, ``CompositorProfile/clampsWindowGeometry``);
    /// `bounds` when the client set none. Nil when that is the surface
    /// itself. A geometry set before the surface has content, or wholly
    /// outside it, stays as set: there is nothing to clamp it to.
    func effectiveGeometry(bounds: Rect) -> Rect? {
        guard let requestedGeometry else {
            return bounds.origin == .zero && bounds.size == surface?.current.size ? nil : bounds
        }
        guard server.windowManager.profile.clampsWindowGeometry, !bounds.isEmpty else { return requestedGeometry }
        return requestedGeometry.intersection(bounds) ?? requestedGeometry
    }
}

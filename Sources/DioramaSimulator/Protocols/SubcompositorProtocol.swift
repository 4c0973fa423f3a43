import DioramaModel
import WaylandServer

extension Simulator {
    /// A client bound wl_subcompositor: it may nest surfaces.
    func subcompositorBound(_ subcompositor: WlSubcompositor) {
        subcompositor.onRequest = { [unowned self, unowned subcompositor] request in
            guard case .getSubsurface(let resource, let surfaceResource, let parentResource) = request else { return }
            guard let surface = self.surfaceRegistry.surface(for: surfaceResource), let parent = self.surfaceRegistry.surface(for: parentResource) else {
                return
            }
            // A surface cannot be its own parent or ancestor, and cannot take
            // a second role: both are bad_surface.
            if surface === parent || parent.isDescendant(of: surface) {
                self.postProtocolError(
                    subcompositor, code: WlSubcompositor.Error.badSurface.rawValue, name: "bad_surface",
                    "wl_subcompositor.get_subsurface: wl_surface@\(surfaceResource.id) cannot be a subsurface of itself or of its own descendant")
                return
            }
            guard surface.role == .none || (surface.role == .subsurface && surface.subsurface == nil) else {
                self.postProtocolError(
                    subcompositor, code: WlSubcompositor.Error.badSurface.rawValue, name: "bad_surface",
                    "wl_subcompositor.get_subsurface: wl_surface@\(surfaceResource.id) already has the role \(surface.role.name)")
                return
            }
            let subsurface = Subsurface(resource: resource, surface: surface, parent: parent)
            surface.role = .subsurface
            surface.subsurface = subsurface
            surface.roleHandler = subsurface
            surface.window = parent.window
            parent.children.append(subsurface)
            resource.onRequest = { [unowned subsurface] request in
                switch request {
                case .setPosition(let x, let y):
                    subsurface.pendingPosition = Point(x: Int(x), y: Int(y))
                case .destroy, .placeAbove, .placeBelow, .setSync, .setDesync:
                    break
                }
            }
            resource.onDestroy = { [unowned self, weak subsurface] in
                guard let subsurface else { return }
                subsurface.parent?.children.removeAll { $0 === subsurface }
                guard let surface = subsurface.surface else { return }
                surface.subsurface = nil
                surface.window = nil
                // Unmapped: tell the client the surface left every output.
                self.sendLeaveAll(surface)
            }
            // A new subsurface of a window on screen is on the window's displays.
            if let window = parent.window { self.updateOutputs(of: window) }
        }
    }
}

extension Surface {
    /// Whether this surface is nested, at any depth, below `ancestor`.
    func isDescendant(of ancestor: Surface) -> Bool {
        var current = subsurface?.parent
        while let surface = current {
            if surface === ancestor { return true }
            current = surface.subsurface?.parent
        }
        return false
    }
}

/// Subsurfaces are treated as desynchronized: their state applies on their
/// own commit (the synchronized mode's caching until the parent commits is
/// not modelled; a headless simulator that does not composite cannot show
/// the difference, and the trace records each commit as it arrives).
extension Subsurface: SurfaceRoleHandler {
    func surfaceWillCommit(_ surface: Surface, newBuffer: ShmBuffer?) -> Bool { true }

    func surfaceDidCommit(_ surface: Surface, nullAttach: Bool) {
        if let pendingPosition {
            position = pendingPosition
            self.pendingPosition = nil
        }
    }
}

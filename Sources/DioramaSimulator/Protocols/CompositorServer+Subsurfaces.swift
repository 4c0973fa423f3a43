import DioramaModel
import WaylandServer

extension CompositorServer {
    /// A client bound wl_subcompositor: it may nest surfaces.
    func subcompositorBound(_ subcompositor: WlSubcompositor) {
        subcompositor.onRequest = { [unowned self, unowned subcompositor] request in
            guard case .getSubsurface(let resource, let surfaceResource, let parentResource) = request else { return }
            guard let surface = self.surfaces.surface(for: surfaceResource), let parent = self.surfaces.surface(for: parentResource) else {
                return
            }
            // A surface cannot be its own parent or ancestor, and cannot take
            // a second role: both are bad_surface.
            if surface === parent || parent.isDescendant(of: surface) {
                self.errors.post(
                    subcompositor, code: WlSubcompositor.Error.badSurface.rawValue, name: "bad_surface",
                    "wl_subcompositor.get_subsurface: wl_surface@\(surfaceResource.id) cannot be a subsurface of itself or of its own descendant")
                return
            }
            guard surface.role == .none || (surface.role == .subsurface && surface.subsurface == nil) else {
                self.errors.post(
                    subcompositor, code: WlSubcompositor.Error.badSurface.rawValue, name: "bad_surface",
                    "wl_subcompositor.get_subsurface: wl_surface@\(surfaceResource.id) already has the role \(surface.role.name)")
                return
            }
            // The whole tree may nest no deeper than the limit: the levels
            // above the parent, the new one, and those the surface brings.
            let limit = self.limits.maximumNestingDepth
            let depth = parent.subsurfaceAncestors.count + 1 + surface.subtreeHeight
            guard depth <= limit else {
                self.errors.postLimitExceeded(
                    subcompositor, code: WlSubcompositor.Error.badSurface.rawValue, name: "bad_surface", limit: "maximumNestingDepth",
                    "wl_subcompositor.get_subsurface: wl_surface@\(surfaceResource.id) under wl_surface@\(parentResource.id) would be nested \(depth) subsurface levels deep; the simulator allows \(limit) (SimulatorLimits.maximumNestingDepth): make the tree flatter"
                )
                return
            }
            let subsurface = Subsurface(resource: resource, surface: surface, parent: parent)
            surface.role = .subsurface
            surface.subsurface = subsurface
            surface.roleHandler = subsurface
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
                // Unmapped with everything below it: each surface leaves every output.
                for member in surface.tree {
                    member.window = nil
                    self.outputs.sendLeaveAll(member)
                }
            }
            // The surface, with the subsurfaces it already has, is where its parent is.
            self.outputs.surfaceTreeJoined(surface, window: parent.window, displays: parent.enteredDisplays)
        }
    }
}

extension Surface {
    /// Whether this surface is nested, at any depth, below `ancestor`.
    func isDescendant(of ancestor: Surface) -> Bool {
        subsurfaceAncestors.contains { $0 === ancestor }
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

import DioramaModel
import WaylandServer

/// A `wl_subsurface`: its surface, its parent and its position relative to the parent.
final class Subsurface {
    let resource: WlSubsurface
    weak var surface: Surface?
    weak var parent: Surface?
    var position = Point.zero
    var pendingPosition: Point?

    init(resource: WlSubsurface, surface: Surface, parent: Surface) {
        self.resource = resource
        self.surface = surface
        self.parent = parent
    }
}

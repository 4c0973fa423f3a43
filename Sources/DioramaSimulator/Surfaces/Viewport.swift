import DioramaModel
import WaylandServer

/// A `wp_viewport`: the source rectangle and destination size it will apply
/// to its surface at the next commit.
final class Viewport {
    let resource: WpViewport
    weak var surface: Surface?
    var source: ViewportSource?
    var destination: Size?

    init(resource: WpViewport, surface: Surface) {
        self.resource = resource
        self.surface = surface
    }
}

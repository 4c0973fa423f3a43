import DioramaModel
import WaylandClient

/// Binds `wp_fractional_scale_manager_v1`: compositors with fractional
/// scaling tell each surface the scale it should render at, in 120ths
/// (1.25 is 150), instead of only an integer output scale.
package final class FractionalScaleManager {
    package let registry: Registry
    package let manager: WpFractionalScaleManagerV1

    /// - Throws: `RegistryError` when the compositor has no fractional-scale
    ///   support (sway 1.7 and weston 10 have none).
    package init(registry: Registry) throws(RegistryError) {
        self.registry = registry
        manager = try registry.bind(WpFractionalScaleManagerV1.self, min: 1, max: 1)
    }

    deinit {
        manager.destroy()
    }

    /// Follows the preferred scale of `surface` (one object per surface).
    package func fractionalScale(for surface: Surface, handler: FractionalScaleHandler? = nil) -> FractionalScale {
        FractionalScale(manager: self, surface: surface, handler: handler)
    }
}

/// Told when the compositor recommends a new scale for a surface.
package protocol FractionalScaleHandler: AnyObject {
    /// The surface moved to an output of another scale, or the output's scale
    /// changed: render at `scale` from the next frame (through a viewport).
    func preferredScaleChanged(_ fractionalScale: FractionalScale, scale: Scale)
}

/// A surface's `wp_fractional_scale_v1`.
package final class FractionalScale {
    package let object: WpFractionalScaleV1
    package let surface: Surface
    package weak var handler: FractionalScaleHandler?
    /// The last scale the compositor recommended; nil before the first.
    package private(set) var preferredScale: Scale?
    private let manager: FractionalScaleManager

    init(manager: FractionalScaleManager, surface: Surface, handler: FractionalScaleHandler?) {
        self.manager = manager
        self.surface = surface
        self.handler = handler
        object = manager.manager.getFractionalScale(surface: surface.wlSurface)
        object.onEvent = { [weak self] event in
            // Fires once the surface is on an output, and on every change.
            guard case let .preferredScale(wireValue) = event, let self,
                let scale = Scale(wireValue: wireValue), scale != preferredScale
            else { return }
            preferredScale = scale
            // `self.handler`, not the initializer's argument: the scene runtime
            // sets the handler after creating the object.
            self.handler?.preferredScaleChanged(self, scale: scale)
        }
    }

    deinit {
        object.onEvent = nil
        object.destroy()
    }
}

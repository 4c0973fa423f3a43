import WaylandClient

/// Binds `wp_viewporter`, which lets a surface show a buffer scaled and
/// cropped: the base of fractional scaling (draw at 1.5× pixels, display at
/// the logical size).
package final class Viewporter {
    package let registry: Registry
    package let wpViewporter: WpViewporter

    /// - Throws: `RegistryError` when the compositor has no viewporter.
    package init(registry: Registry) throws(RegistryError) {
        self.registry = registry
        wpViewporter = try registry.bind(WpViewporter.self, min: 1, max: 1)
    }

    deinit {
        wpViewporter.destroy()
    }

    /// The viewport of `surface` (a surface may have only one).
    package func viewport(for surface: Surface) -> Viewport {
        Viewport(viewporter: self, surface: surface)
    }
}

import WaylandClient

/// Binds `wp_viewporter`, which lets a surface show a buffer scaled and
/// cropped: the base of fractional scaling (draw at 1.5× pixels, display at
/// the logical size).
public final class Viewporter {
    public let registry: Registry
    public let wpViewporter: WpViewporter

    /// - Throws: `RegistryError` when the compositor has no viewporter.
    public init(registry: Registry) throws(RegistryError) {
        self.registry = registry
        wpViewporter = try registry.bind(WpViewporter.self, min: 1, max: 1)
    }

    deinit {
        wpViewporter.destroy()
    }

    /// The viewport of `surface` (a surface may have only one).
    public func viewport(for surface: Surface) -> Viewport {
        Viewport(viewporter: self, surface: surface)
    }
}

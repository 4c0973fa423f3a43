import DioramaModel
import WaylandClient

/// A surface's `wp_viewport`: which part of the buffer to show (source) and
/// at what size in surface units (destination). Both are double-buffered and
/// apply at the surface's next commit; nil unsets them (the protocol's -1).
package final class Viewport {
    package let wpViewport: WpViewport
    package let surface: Surface
    private let viewporter: Viewporter

    /// The rectangle of the buffer (in surface-local units after buffer scale
    /// and transform) that is shown, or nil for all of it.
    package private(set) var source: (x: Double, y: Double, width: Double, height: Double)?
    /// The size the source is scaled to, or nil for the source's own size.
    package private(set) var destination: Size?

    init(viewporter: Viewporter, surface: Surface) {
        self.viewporter = viewporter
        self.surface = surface
        wpViewport = viewporter.wpViewporter.getViewport(surface: surface.wlSurface)
    }

    deinit {
        wpViewport.destroy()
    }

    /// Crops the buffer; nil shows the whole buffer.
    /// - Precondition: a non-nil source has positive width and height, non-negative origin.
    package func setSource(x: Double, y: Double, width: Double, height: Double) {
        precondition(
            x >= 0 && y >= 0 && width > 0 && height > 0,
            "Viewport.setSource: origin must be >= 0 and size > 0, got \(x),\(y) \(width)x\(height)")
        source = (x, y, width, height)
        wpViewport.setSource(x: x, y: y, width: width, height: height)
    }

    /// Shows the whole buffer again.
    package func unsetSource() {
        source = nil
        wpViewport.setSource(x: -1, y: -1, width: -1, height: -1)
    }

    /// Scales the (cropped) buffer to `size` surface units; nil unsets it.
    /// - Precondition: a non-nil size is positive in both dimensions.
    package func setDestination(_ size: Size?) {
        if let size {
            precondition(size.width > 0 && size.height > 0, "Viewport.setDestination: size must be positive, got \(size)")
            wpViewport.setDestination(width: Int32(clamping: size.width), height: Int32(clamping: size.height))
        } else {
            wpViewport.setDestination(width: -1, height: -1)
        }
        destination = size
    }
}

import DioramaModel
import WaylandServer

/// Surface scaling: `wp_viewporter` (crop and scale a surface's buffer) and
/// `wp_fractional_scale_manager_v1` (tell a surface its preferred fractional
/// scale), with their protocol errors. The viewport is read at commit
/// (``Surface/commit()``); the preferred scale is sent by the ``OutputServer``,
/// which follows the displays a surface is on.
final class ScaleServer {
    let surfaces: SurfaceRegistry
    let outputs: OutputServer
    let errors: ProtocolErrorReporter

    init(surfaces: SurfaceRegistry, outputs: OutputServer, errors: ProtocolErrorReporter) {
        self.surfaces = surfaces
        self.outputs = outputs
        self.errors = errors
    }

    /// A client bound wp_viewporter: it may crop and scale surfaces.
    func viewporterBound(_ viewporter: WpViewporter) {
        viewporter.onRequest = { [unowned self, unowned viewporter] request in
            guard case .getViewport(let resource, let surfaceResource) = request,
                let surface = self.surfaces.surface(for: surfaceResource)
            else { return }
            guard surface.viewport == nil else {
                return self.errors.post(
                    viewporter, code: WpViewporter.Error.viewportExists.rawValue, name: "viewport_exists",
                    "wp_viewporter.get_viewport: wl_surface@\(surfaceResource.id) already has a viewport")
            }
            let viewport = Viewport(resource: resource, surface: surface)
            surface.viewport = viewport
            // Destroying the viewport removes source and destination from the
            // next commit on (the surface reads `viewport` at commit).
            // The viewport outlives its surface when the surface is destroyed
            // first (its requests then fail with no_surface), so its resource
            // holds it until destroyed.
            resource.onRequest = { [unowned self] request in
                self.viewportRequest(viewport, request)
            }
            resource.onDestroy = { [weak surface, unowned resource] in
                if surface?.viewport === viewport { surface?.viewport = nil }
                resource.onRequest = nil
            }
        }
    }

    /// set_source and set_destination: -1 in every argument unsets; any
    /// other zero or negative size (or negative source origin) is bad_value.
    private func viewportRequest(_ viewport: Viewport, _ request: WpViewport.Request) {
        guard viewport.surface != nil else {
            if case .destroy = request { return }
            return errors.post(
                viewport.resource, code: WpViewport.Error.noSurface.rawValue, name: "no_surface",
                "wp_viewport@\(viewport.resource.id): its wl_surface was destroyed")
        }
        switch request {
        case .destroy:
            break
        case .setSource(let x, let y, let width, let height):
            if x == -1 && y == -1 && width == -1 && height == -1 {
                viewport.source = nil
            } else if x < 0 || y < 0 || width <= 0 || height <= 0 {
                errors.post(
                    viewport.resource, code: WpViewport.Error.badValue.rawValue, name: "bad_value",
                    "wp_viewport.set_source: \(x),\(y) \(width)x\(height) needs a non-negative origin and a positive size (all -1 unsets)")
            } else {
                viewport.source = ViewportSource(x: x, y: y, width: width, height: height)
            }
        case .setDestination(let width, let height):
            if width == -1 && height == -1 {
                viewport.destination = nil
            } else if width <= 0 || height <= 0 {
                errors.post(
                    viewport.resource, code: WpViewport.Error.badValue.rawValue, name: "bad_value",
                    "wp_viewport.set_destination: \(width)x\(height) must be positive (-1x-1 unsets)")
            } else {
                viewport.destination = Size(width: Int(width), height: Int(height))
            }
        }
    }

    /// A client bound wp_fractional_scale_manager_v1: surfaces will ask for
    /// their preferred fractional scale.
    func fractionalScaleManagerBound(_ manager: WpFractionalScaleManagerV1) {
        manager.onRequest = { [unowned self, unowned manager] request in
            guard case .getFractionalScale(let resource, let surfaceResource) = request,
                let surface = self.surfaces.surface(for: surfaceResource)
            else { return }
            guard surface.fractionalScale == nil else {
                return self.errors.post(
                    manager, code: WpFractionalScaleManagerV1.Error.fractionalScaleExists.rawValue,
                    name: "fractional_scale_exists",
                    "wp_fractional_scale_manager_v1.get_fractional_scale: wl_surface@\(surfaceResource.id) already has one")
            }
            surface.fractionalScale = resource
            surface.lastPreferredScaleSent = nil
            resource.onRequest = { _ in }
            resource.onDestroy = { [weak surface, unowned resource] in
                if surface?.fractionalScale === resource {
                    surface?.fractionalScale = nil
                    surface?.lastPreferredScaleSent = nil
                }
            }
            // Tell the new object at once, so the first buffer can be right
            // (with no display plugged there is no scale to prefer yet).
            if let scale = surface.window?.preferredScale ?? self.outputs.arrangement.defaultDisplay?.scale {
                self.outputs.sendPreferredScale(scale, to: surface)
            }
        }
    }
}

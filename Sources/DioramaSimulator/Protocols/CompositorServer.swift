import DioramaModel
import WaylandServer

/// The compositor: `wl_compositor`, `wl_surface`, `wl_region` and
/// `wl_subcompositor` (Protocols/CompositorServer+Subsurfaces.swift): the
/// surfaces, their commits and their subsurface trees, with the limits and
/// protocol errors of each request. Surfaces are kept in the
/// ``SurfaceRegistry`` it fills; which displays a surface is on is the
/// ``OutputServer``'s, when a frame is shown the ``FrameScheduler``'s.
final class CompositorServer {
    let surfaces: SurfaceRegistry
    let clients: ClientRegistry
    let limits: SimulatorLimits
    let profile: CompositorProfile
    let errors: ProtocolErrorReporter
    let trace: Trace
    let frameScheduler: FrameScheduler
    let outputs: OutputServer
    /// Set by the simulator once it is wired.
    weak var windowOperations: (any WindowOperations)?

    init(
        surfaces: SurfaceRegistry, clients: ClientRegistry, configuration: SimulatorConfiguration,
        errors: ProtocolErrorReporter, trace: Trace, frameScheduler: FrameScheduler, outputs: OutputServer
    ) {
        self.surfaces = surfaces
        self.clients = clients
        self.limits = configuration.limits
        self.profile = configuration.profile
        self.errors = errors
        self.trace = trace
        self.frameScheduler = frameScheduler
        self.outputs = outputs
    }

    /// A client bound wl_compositor: it will create surfaces and regions.
    func compositorBound(_ compositor: WlCompositor) {
        compositor.onRequest = { [unowned self] request in
            switch request {
            case .createSurface(let resource):
                self.surfaceCreated(resource)
            case .createRegion(let region):
                // Regions only matter for input and opaque hints, which a
                // headless simulator does not use; the object just has to work.
                region.onRequest = { _ in }
            }
        }
    }

    /// wl_compositor.create_surface. The surface counts against the client's
    /// limit until it is destroyed.
    private func surfaceCreated(_ resource: WlSurface) {
        guard let client = clients.record(resource.client) else { return }
        guard client.surfaceCount < limits.maximumSurfacesPerClient else {
            errors.postLimitExceeded(
                client: resource.client, limit: "maximumSurfacesPerClient",
                "wl_compositor.create_surface: the client already has \(client.surfaceCount) surfaces, the simulator's limit (SimulatorLimits.maximumSurfacesPerClient); destroy surfaces or raise the limit"
            )
            return
        }
        client.surfaceCount += 1
        let surface = Surface(id: surfaces.makeSurfaceID(), resource: resource, compositor: self, clientID: client.id)
        surfaces.add(surface)
        trace.noteSurface(surface.id, client: client.id)
        resource.onRequest = { [unowned self, unowned surface] request in
            self.surfaceRequest(surface, request)
        }
        resource.onDestroy = { [unowned self] in
            self.surfaceDestroyed(surface)
        }
    }

    private func surfaceRequest(_ surface: Surface, _ request: WlSurface.Request) {
        switch request {
        case .destroy:
            break  // onDestroy does the work
        case .attach(let buffer, let x, let y):
            // Since wl_surface v5 a non-zero offset must go through
            // wl_surface.offset; the spec names invalid_offset for it.
            if surface.resource.version >= 5 && (x != 0 || y != 0) {
                errors.post(
                    surface.resource, code: WlSurface.Error.invalidOffset.rawValue, name: "invalid_offset",
                    "wl_surface@\(surface.resource.id).attach: x and y must be 0 since version 5; use wl_surface.offset")
                return
            }
            if let buffer {
                guard let model = surfaces.buffer(for: buffer) else { return }
                surface.pending.attach = .buffer(model)
            } else {
                surface.pending.attach = .null
            }
        case .damage, .damageBuffer:
            surface.pending.damageRects += 1
        case .frame(let callback):
            surface.pendingFrameCallbacks.append(callback)
        case .setOpaqueRegion, .setInputRegion, .offset:
            break
        case .commit:
            surface.commit()
        case .setBufferTransform(let transform):
            guard let value = OutputTransform(rawValue: Int(transform.rawValue)) else {
                errors.post(
                    surface.resource, code: WlSurface.Error.invalidTransform.rawValue, name: "invalid_transform",
                    "wl_surface@\(surface.resource.id).set_buffer_transform: \(transform.rawValue) is not a wl_output.transform value (0…7)")
                return
            }
            surface.pending.bufferTransform = value
        case .setBufferScale(let scale):
            guard scale > 0 else {
                errors.post(
                    surface.resource, code: WlSurface.Error.invalidScale.rawValue, name: "invalid_scale",
                    "wl_surface@\(surface.resource.id).set_buffer_scale: the scale is \(scale); it must be 1 or more")
                return
            }
            surface.pending.bufferScale = Int(scale)
        }
    }

    /// The surface is gone (destroy request or disconnect): its window (if it
    /// was a toplevel's surface) is gone too, its frame callbacks are
    /// dropped, and it no longer counts against the client's limit.
    private func surfaceDestroyed(_ surface: Surface) {
        surfaces.remove(surface)
        clients.record(surface.resource.client)?.surfaceCount -= 1
        frameScheduler.surfaceDestroyed(surface)
        for child in surface.children { child.parent = nil }
        if let subsurface = surface.subsurface, let parent = subsurface.parent {
            parent.children.removeAll { $0 === subsurface }
        }
        if let window = (surface.roleHandler as? XdgShellSurface)?.window { windowOperations?.windowSurfaceDestroyed(window) }
        surface.roleHandler = nil
    }
}

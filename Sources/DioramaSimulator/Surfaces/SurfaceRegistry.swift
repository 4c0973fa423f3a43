import WaylandServer

/// Every live `wl_surface` and `wl_buffer` of every client, looked up by
/// their protocol objects, and the numbers the trace gives surfaces.
///
/// wl_compositor's handlers add a surface when a client creates one and
/// remove it when the object is destroyed; wl_shm's handlers do the same for
/// buffers. Requests that name a surface or a buffer by its object
/// (attach, get_xdg_surface, get_subsurface, set_cursor, …) look it up here.
final class SurfaceRegistry {
    private var surfaces: [ObjectIdentifier: Surface] = [:]
    private var buffers: [ObjectIdentifier: ShmBuffer] = [:]
    private var nextSurfaceID: UInt32 = 1
    /// Surfaces visited by walks over subsurface trees since the simulator
    /// started (``Surface/forEachInTree(_:)``): the work requests on
    /// surface trees cost, which tests check stays proportional to what a
    /// request changes rather than to the whole tree.
    var surfacesWalked = 0

    /// The number the next surface is traced by (1, 2, …, never reused).
    func makeSurfaceID() -> UInt32 {
        defer { nextSurfaceID += 1 }
        return nextSurfaceID
    }

    func add(_ surface: Surface) {
        surfaces[ObjectIdentifier(surface.resource)] = surface
    }

    func remove(_ surface: Surface) {
        surfaces[ObjectIdentifier(surface.resource)] = nil
    }

    /// The Surface behind a wl_surface resource, if it is one of ours and alive.
    func surface(for resource: WlSurface) -> Surface? {
        surfaces[ObjectIdentifier(resource)]
    }

    /// Every live surface, in no particular order.
    var all: Dictionary<ObjectIdentifier, Surface>.Values { surfaces.values }

    func add(_ buffer: ShmBuffer) {
        buffers[ObjectIdentifier(buffer.resource)] = buffer
    }

    /// Forgets the buffer of a destroyed wl_buffer (looked up by the
    /// resource's identity, which stays valid while its destroy handler runs).
    func removeBuffer(_ key: ObjectIdentifier) {
        buffers[key] = nil
    }

    /// The buffer behind a wl_buffer resource, if it is one of ours and alive.
    func buffer(for resource: WlBuffer) -> ShmBuffer? {
        buffers[ObjectIdentifier(resource)]
    }
}

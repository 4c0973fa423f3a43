import WaylandClient

/// Binds `wl_shm` and collects the pixel formats the compositor accepts.
///
/// The formats arrive as events right after the bind, so they are complete
/// after the next roundtrip. Every compositor supports ARGB8888 and XRGB8888.
package final class ShmState {
    package let registry: Registry
    package let wlShm: WlShm
    /// The formats announced so far.
    package private(set) var formats: Set<WlShm.Format> = []

    /// - Throws: `RegistryError` when the compositor has no `wl_shm`.
    package init(registry: Registry) throws(RegistryError) {
        self.registry = registry
        wlShm = try registry.bind(WlShm.self, min: 1, max: 1)
        wlShm.onEvent = { [weak self] event in
            // Fires once per supported format, after the bind.
            guard case let .format(format) = event else { return }
            self?.formats.insert(format)
        }
    }

    deinit {
        wlShm.onEvent = nil
        // wl_shm has a release request only from version 2; v1 is forgotten locally.
        wlShm.destroyLocally()
    }

    package var connection: Connection { registry.connection }
}

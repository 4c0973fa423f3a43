import WaylandClient

/// Binds `wl_compositor` and makes `Surface`s.
///
/// It also keeps the surfaces' output sets honest: when an output is
/// removed, every surface on it is told it left (the compositor does not send
/// `wl_surface.leave` for an output whose global is gone).
package final class CompositorState {
    package let registry: Registry
    /// The bound `wl_compositor`; its version is the version of every surface made here.
    package let wlCompositor: WlCompositor
    /// Maps `wl_output`s in enter/leave events to `Output`s; nil when the
    /// client does not track outputs (surfaces then have no output set).
    package let outputState: OutputState?

    private var surfaces: [ObjectIdentifier: WeakSurface] = [:]

    /// The highest wl_compositor version Diorama handles (6 adds the
    /// preferred buffer scale and transform), capped at what the bindings were
    /// generated for (bookworm's XML has v5, trixie's v6).
    static let maxVersion: UInt32 = min(6, GeneratedProtocolVersions.wl_compositor)

    /// - Throws: `RegistryError` when the compositor has no `wl_compositor`.
    package init(registry: Registry, outputState: OutputState?) throws(RegistryError) {
        self.registry = registry
        self.outputState = outputState
        wlCompositor = try registry.bind(WlCompositor.self, min: 1, max: Self.maxVersion)
        outputState?.observeRemoval { [weak self] output in self?.outputRemoved(output) }
    }

    package var connection: Connection { registry.connection }

    /// A new, role-less surface. Give it a role (`XdgShell.makeToplevel`) to show it.
    package func createSurface() -> Surface {
        let surface = Surface(wlSurface: wlCompositor.createSurface(), compositor: self)
        surfaces[ObjectIdentifier(surface.wlSurface)] = WeakSurface(surface)
        return surface
    }

    /// The `Surface` for a `wl_surface` named in an event (pointer/keyboard enter).
    package func surface(for wlSurface: WlSurface) -> Surface? {
        surfaces[ObjectIdentifier(wlSurface)]?.surface
    }

    func surfaceDestroyed(_ wlSurface: WlSurface) {
        surfaces.removeValue(forKey: ObjectIdentifier(wlSurface))
    }

    func output(for wlOutput: WlOutput) -> Output? {
        outputState?.output(for: wlOutput)
    }

    /// Fires when an output global is withdrawn, before `outputRemoved`
    /// reaches the output handler.
    private func outputRemoved(_ output: Output) {
        for entry in surfaces.values {
            entry.surface?.outputWasRemoved(output)
        }
    }
}

/// A weak reference, for tables that must not keep surfaces alive.
struct WeakSurface {
    weak var surface: Surface?
    init(_ surface: Surface) { self.surface = surface }
}

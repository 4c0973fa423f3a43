import DioramaModel
import WaylandClient

/// Binds `diorama_window_placement_manager_v1` (Protocols/), Diorama's own
/// protocol for saying where a new toplevel would like to open: an output
/// and a size. Only compositors that honour such wishes offer it (the
/// Diorama simulator); elsewhere the compositor alone places windows.
package final class WindowPlacementManager {
    package let manager: DioramaWindowPlacementManagerV1

    /// - Throws: `RegistryError` when the compositor does not offer it.
    package init(registry: Registry) throws(RegistryError) {
        manager = try registry.bind(DioramaWindowPlacementManagerV1.self, min: 1, max: 1)
    }

    deinit {
        manager.destroy()
    }

    /// Asks that `toplevel` open on `output` at `size` (logical points; nil
    /// leaves it to the compositor). Call before the toplevel's initial
    /// commit: the compositor reads it when it first configures the window.
    package func place(_ toplevel: Toplevel, on output: Output?, size: Size?) {
        manager.placeToplevel(
            toplevel: toplevel.xdgToplevel, output: output?.wlOutput,
            width: Int32(clamping: size?.width ?? 0), height: Int32(clamping: size?.height ?? 0))
    }
}

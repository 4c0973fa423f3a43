import DioramaModel
import WaylandServer

// diorama_window_placement_v1 (Protocols/), Diorama's own protocol: a client
// says which output a new toplevel would like to open on, before the
// toplevel's initial commit. The server checks the request; the window
// manager honours it (`WindowManager.placementRequested(_:on:)`), the way a
// window manager that restores windows would.

extension XdgShellServer {
    /// A client bound diorama_window_placement_manager_v1.
    func windowPlacementManagerBound(_ manager: DioramaWindowPlacementManagerV1) {
        manager.onRequest = { [unowned self, unowned manager] request in
            guard case .placeToplevel(let toplevel, let output, _, _) = request else { return }
            self.placementRequested(for: toplevel, on: output, by: manager)
        }
    }

    /// place_toplevel: before the window has a buffer, it moves to the wished
    /// output (one that is plugged; otherwise it stays where it was put).
    private func placementRequested(
        for toplevel: XdgToplevel, on output: WlOutput?, by manager: DioramaWindowPlacementManagerV1
    ) {
        guard let window = registry.window(for: toplevel) else { return }
        if window.isMapped || window.surface?.hasContent == true {
            return errors.post(
                manager, code: DioramaWindowPlacementManagerV1.Error.alreadyMapped.rawValue, name: "already_mapped",
                "diorama_window_placement_manager_v1.place_toplevel: xdg_toplevel@\(toplevel.id) already has a buffer; ask before its first commit with one")
        }
        guard let target = output.flatMap({ displays.display(for: $0) }) else { return }
        windowManager.placementRequested(window, on: target)
    }
}

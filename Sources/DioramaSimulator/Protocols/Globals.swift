import WaylandServer

extension Simulator {
    /// Creates every global of the profile except the outputs (one per
    /// display, made by the output server's `addDisplay`), each bound by the
    /// server of its protocol area. Clients see them in this order.
    func createGlobals() {
        let profile = profile
        addGlobal(WlCompositor.self, version: profile.compositorVersion) { [compositor] in compositor.compositorBound($0) }
        addGlobal(WlSubcompositor.self, version: 1) { [compositor] in compositor.subcompositorBound($0) }
        addGlobal(WlShm.self, version: 1) { [shm] in shm.shmBound($0) }
        addGlobal(XdgWmBase.self, version: profile.xdgWmBaseVersion) { [xdgShell] in xdgShell.wmBaseBound($0) }
        addGlobal(ZxdgOutputManagerV1.self, version: profile.xdgOutputManagerVersion) { [outputs] in outputs.xdgOutputManagerBound($0) }
        if profile.offersViewporter {
            addGlobal(WpViewporter.self, version: 1) { [scale] in scale.viewporterBound($0) }
        }
        if profile.offersFractionalScale {
            addGlobal(WpFractionalScaleManagerV1.self, version: 1) { [scale] in scale.fractionalScaleManagerBound($0) }
        }
        if profile.offersPresentation {
            addGlobal(WpPresentation.self, version: 1) { [presentation] in presentation.presentationBound($0) }
        }
        if profile.offersXdgDecoration {
            addGlobal(ZxdgDecorationManagerV1.self, version: 1) { [xdgShell] in xdgShell.decorationManagerBound($0) }
        }
        if profile.offersWindowPlacement {
            addGlobal(DioramaWindowPlacementManagerV1.self, version: 1) { [xdgShell] in xdgShell.windowPlacementManagerBound($0) }
        }
        addGlobal(WlSeat.self, version: profile.seatVersion) { [seat] in seat.seatBound($0) }
        addGlobal(WlDataDeviceManager.self, version: 3) { [seat] in seat.dataDeviceManagerBound($0) }
    }

    /// Creates a global that lives as long as the simulator.
    private func addGlobal<Object: Resource>(_ type: Object.Type, version: UInt32, onBind: @escaping (Object) -> Void) {
        // A bind may be what a waiter waits for (a client ready for a protocol).
        let global = Global<Object>(display: wlDisplay, version: version) { [unowned self] object in
            onBind(object)
            self.waiters.noteEvent()
        }
        globalRemovers.append { global.remove() }
    }
}

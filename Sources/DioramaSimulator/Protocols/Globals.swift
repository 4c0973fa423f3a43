import WaylandServer

/// The simulator's globals: which the profile offers, at which versions,
/// bound by which server, in which order.
enum SimulatorGlobals {
    /// Creates every global of the profile, each bound by the server of its
    /// protocol area, and the starting layout's outputs (`addOutputs`), in
    /// the profile's ``CompositorProfile/globalOrder`` (else this list's,
    /// outputs last): clients see them in that order.
    static func create(for simulator: Simulator, addOutputs: @escaping () -> Void) {
        let profile = simulator.profile
        let (compositor, shm, xdgShell, outputs) = (simulator.compositor, simulator.shm, simulator.xdgShell, simulator.outputs)
        let (scale, presentation, seat) = (simulator.scale, simulator.presentation, simulator.seat)
        var globals: [(interface: String, create: () -> Void)] = []
        func offer<Object: Resource>(_ type: Object.Type, version: UInt32, onBind: @escaping (Object) -> Void) {
            globals.append((String(cString: type.interface.pointee.name), { addGlobal(type, version: version, to: simulator, onBind: onBind) }))
        }
        offer(WlCompositor.self, version: profile.compositorVersion) { [compositor] in compositor.compositorBound($0) }
        offer(WlSubcompositor.self, version: 1) { [compositor] in compositor.subcompositorBound($0) }
        offer(WlShm.self, version: 1) { [shm] in shm.shmBound($0) }
        offer(XdgWmBase.self, version: profile.xdgWmBaseVersion) { [xdgShell] in xdgShell.wmBaseBound($0) }
        offer(ZxdgOutputManagerV1.self, version: profile.xdgOutputManagerVersion) { [outputs] in outputs.xdgOutputManagerBound($0) }
        if profile.offersViewporter { offer(WpViewporter.self, version: 1) { [scale] in scale.viewporterBound($0) } }
        if profile.offersFractionalScale {
            offer(WpFractionalScaleManagerV1.self, version: 1) { [scale] in scale.fractionalScaleManagerBound($0) }
        }
        if profile.offersPresentation { offer(WpPresentation.self, version: 1) { [presentation] in presentation.presentationBound($0) } }
        if profile.offersXdgDecoration {
            offer(ZxdgDecorationManagerV1.self, version: 1) { [xdgShell] in xdgShell.decorationManagerBound($0) }
        }
        if profile.offersWindowPlacement {
            offer(DioramaWindowPlacementManagerV1.self, version: 1) { [xdgShell] in xdgShell.windowPlacementManagerBound($0) }
        }
        offer(WlSeat.self, version: profile.seatVersion) { [seat] in seat.seatBound($0) }
        offer(WlDataDeviceManager.self, version: 3) { [seat] in seat.dataDeviceManagerBound($0) }
        globals.append((WlOutput.interfaceName, addOutputs))
        for global in profile.orderingGlobals(globals, by: \.interface) { global.create() }
    }

    /// Creates a global that lives as long as `simulator`.
    private static func addGlobal<Object: Resource>(
        _ type: Object.Type, version: UInt32, to simulator: Simulator, onBind: @escaping (Object) -> Void
    ) {
        // A bind may be what a waiter waits for (a client ready for a protocol).
        let global = Global<Object>(display: simulator.wlDisplay, version: version) { [unowned simulator] object in
            onBind(object)
            simulator.waiters.noteEvent()
        }
        simulator.globalRemovers.append { global.remove() }
    }
}

import CWaylandServer
import DioramaControlProtocol
import WaylandServer

/// The outputs: one `wl_output` global per plugged display, the
/// `zxdg_output_manager_v1` objects, and which displays each surface is on
/// with the scale it should prefer (enter/leave, preferred scale: see
/// Scale/OutputServer+Membership.swift). It owns the ``DisplayArrangement``.
///
/// It sends the events of output membership; the display commands
/// (``DisplayCommands``) change the arrangement and ask it to send them.
final class OutputServer {
    /// The displays, plugged and unplugged, and the output objects bound to them.
    let arrangement: DisplayArrangement
    let profile: CompositorProfile
    /// How a fractional scale becomes `wl_output.scale` and the preferred buffer scale.
    let outputScaleRounding: OutputScaleRounding
    let surfaces: SurfaceRegistry
    let trace: Trace
    let waiters: SimulatorWaiters
    private let wlDisplay: OpaquePointer
    /// Globals of unplugged displays: removed from the registry, destroyed
    /// only at shutdown (see ``DisplayCommands/unplugDisplay(_:)``).
    private var retiredGlobals: [Global<WlOutput>] = []
    /// Set by the simulator once it is wired.
    weak var windowOperations: (any WindowOperations)?
    /// The events of a display change the variations hold back (see ``DisplayCommands``).
    let heldChange: HeldDisplayChange

    init(
        configuration: SimulatorConfiguration, defaultDisplayName: String, wlDisplay: OpaquePointer,
        surfaces: SurfaceRegistry, trace: Trace, waiters: SimulatorWaiters
    ) {
        arrangement = DisplayArrangement(
            defaultDisplayName: defaultDisplayName,
            preferredScalePolicy: configuration.preferredScalePolicy,
            profile: configuration.profile)
        profile = configuration.profile
        outputScaleRounding = configuration.effectiveOutputScaleRounding
        self.wlDisplay = wlDisplay
        heldChange = HeldDisplayChange(eventLoop: wl_display_get_event_loop(wlDisplay))
        self.surfaces = surfaces
        self.trace = trace
        self.waiters = waiters
    }

    /// The plugged displays, in layout order.
    var displays: [Display] { arrangement.plugged }

    /// Creates the display and its wl_output global. Used at start and by
    /// `plugDisplay`; the caller has validated the layout.
    @discardableResult
    func addDisplay(_ configuration: DisplayConfiguration) -> Display {
        let display = Display(
            configuration: profile.laidOut(configuration), outputScaleRounding: outputScaleRounding,
            eventStyle: profile.outputEvents, identity: profile.outputIdentity,
            ordinal: arrangement.displaysAdded, factVariation: profile.outputFactVariation)
        display.global = Global<WlOutput>(display: wlDisplay, version: profile.outputVersion) { [unowned self, unowned display] output in
            self.outputBound(output, display: display)
        }
        arrangement.add(display)
        trace.record(.displayAdded(display.fact))
        return display
    }

    /// Takes an unplugged display's global out of the registry: clients get
    /// `global_remove`. It is destroyed at ``removeGlobals()``, so a client
    /// that binds it meanwhile gets an inert output, not an error.
    func retireGlobal(of display: Display) {
        guard let global = display.global, let pointer = global.pointer else { return }
        wl_global_remove(pointer)
        retiredGlobals.append(global)
    }

    /// Sends every client's queued events now, in the middle of a change
    /// (the `split-dispatch` variation); the dispatch's own flush sends the rest.
    func flushClients() { flushAllClients() }

    /// The simulator's flush, which also dates each client's last events
    /// (``Simulator/flushClients()``); set when the simulator is wired.
    var flushAllClients: () -> Void = {}

    /// Destroys every output global and drops a held change; run before `wl_display_destroy`.
    func removeGlobals() {
        heldChange.tearDown()
        for display in displays { display.global?.remove() }
        for global in retiredGlobals { global.remove() }
        retiredGlobals.removeAll()
    }

    /// A client bound a display's wl_output: it gets the output's state, and
    /// `enter` for each of its surfaces already on the display (the client
    /// could not be told before it had the output object) — after the
    /// state's `done`, or before it under the `enter-before-output-done`
    /// variation.
    ///
    /// A bind can race an unplug (the client saw the global before
    /// global_remove arrived); the output then gets its last state and no
    /// surfaces.
    private func outputBound(_ output: WlOutput, display: Display) {
        arrangement.outputBound(output, to: display)
        waiters.noteEvent()
        let key = ObjectIdentifier(output)
        output.onRequest = { _ in }  // release: a destructor, handled by onDestroy
        output.onDestroy = { [unowned self, unowned display] in
            self.arrangement.outputDestroyed(key, of: display)
        }
        let sendEnters = { [unowned self] in
            guard display.isPlugged else { return }
            for surface in surfaces.all
            where surface.resource.client == output.client && surface.enteredDisplays.contains(where: { $0 === display }) {
                surface.resource.sendEnter(output: output)
            }
        }
        if profile.enterBeforeOutputDone {
            display.sendInitialState(to: output, beforeDone: sendEnters)
        } else {
            display.sendInitialState(to: output)
            sendEnters()
        }
    }

    /// A client bound zxdg_output_manager_v1: it asks for the logical
    /// geometry and names of outputs.
    func xdgOutputManagerBound(_ manager: ZxdgOutputManagerV1) {
        manager.onRequest = { [unowned self] request in
            guard case .getXdgOutput(let xdgOutput, let output) = request else { return }
            xdgOutput.onRequest = { _ in }
            guard let display = self.arrangement.display(for: output) else {
                // An output object of a display long gone: nothing to describe.
                return
            }
            display.xdgOutputs.append((xdgOutput, output))
            let key = ObjectIdentifier(xdgOutput)
            xdgOutput.onDestroy = { [unowned display] in
                display.xdgOutputs.removeAll { ObjectIdentifier($0.xdgOutput) == key }
            }
            display.sendState(to: xdgOutput, of: output, isCreation: true, sendDone: true)
        }
    }
}

import DioramaControlProtocol
import WaylandServer

extension Simulator {
    /// Creates the display and its wl_output global. Used at start and by
    /// `plugDisplay`; the caller has validated the layout.
    @discardableResult
    func addDisplay(_ configuration: DisplayConfiguration) -> Display {
        let display = Display(
            configuration: profile.laidOut(configuration), outputScaleRounding: self.configuration.effectiveOutputScaleRounding,
            eventStyle: profile.outputEvents, identity: profile.outputIdentity,
            ordinal: displayArrangement.displaysAdded, factVariation: profile.outputFactVariation)
        display.global = Global<WlOutput>(display: wlDisplay, version: profile.outputVersion) { [unowned self, unowned display] output in
            self.outputBound(output, display: display)
        }
        displayArrangement.add(display)
        trace.record(.displayAdded(display.fact))
        return display
    }

    /// A client bound a display's wl_output: it gets the output's state, and
    /// `enter` for each of its surfaces already on the display (the client
    /// could not be told before it had the output object).
    ///
    /// A bind can race an unplug (the client saw the global before
    /// global_remove arrived); the output then gets its last state and no
    /// surfaces.
    private func outputBound(_ output: WlOutput, display: Display) {
        displayArrangement.outputBound(output, to: display)
        waiters.noteEvent()
        let key = ObjectIdentifier(output)
        output.onRequest = { _ in }  // release: a destructor, handled by onDestroy
        output.onDestroy = { [unowned self, unowned display] in
            self.displayArrangement.outputDestroyed(key, of: display)
        }
        display.sendInitialState(to: output)
        guard display.isPlugged else { return }
        for surface in surfaceRegistry.all where surface.resource.client == output.client && surface.enteredDisplays.contains(where: { $0 === display }) {
            surface.resource.sendEnter(output: output)
        }
    }

    /// A client bound zxdg_output_manager_v1: it asks for the logical
    /// geometry and names of outputs.
    func xdgOutputManagerBound(_ manager: ZxdgOutputManagerV1) {
        manager.onRequest = { [unowned self] request in
            guard case .getXdgOutput(let xdgOutput, let output) = request else { return }
            xdgOutput.onRequest = { _ in }
            guard let display = self.displayArrangement.display(for: output) else {
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

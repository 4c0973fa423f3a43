import WaylandClient

/// Binds every `wl_output` (and `zxdg_output_manager_v1` when offered) and
/// keeps an `Output` per global, following hot-plug through the registry.
///
/// Right after `init` the outputs are bound but not yet described; call
/// `waitUntilDescribed()` (or dispatch the connection) before reading them.
package final class OutputState {
    package let registry: Registry
    /// Told when outputs are added, changed and removed.
    package weak var handler: OutputHandler?
    /// The xdg-output manager, nil when the compositor has none.
    package private(set) var xdgOutputManager: ZxdgOutputManagerV1?

    /// Every bound output, described or not, by global name.
    private var bound: [UInt32: Output] = [:]
    private var removalObservers: [(Output) -> Void] = []

    /// The highest versions Diorama handles.
    static let outputVersion: UInt32 = min(4, Registry.bindingsVersion(of: WlOutput.self))
    static let xdgOutputManagerVersion: UInt32 = min(3, Registry.bindingsVersion(of: ZxdgOutputManagerV1.self))

    /// Binds the outputs present now. Their descriptions arrive as the
    /// connection is dispatched; `handler` hears `outputAdded` for each.
    package init(registry: Registry, handler: OutputHandler? = nil) {
        self.registry = registry
        self.handler = handler
        xdgOutputManager = try? registry.bind(ZxdgOutputManagerV1.self, min: 1, max: Self.xdgOutputManagerVersion)
        registry.follow(
            interface: Registry.interfaceName(of: WlOutput.self),
            added: { [weak self] global in self?.outputGlobalAdded(global) },
            removed: { [weak self] global in self?.outputGlobalRemoved(global) })
    }

    deinit {
        for output in bound.values { output.destroy() }
        if let xdgOutputManager { xdgOutputManager.destroy() }
    }

    /// The described outputs, in the order the compositor announced them.
    package var outputs: [Output] {
        bound.values.filter(\.isReady).sorted { $0.globalName < $1.globalName }
    }

    /// The `Output` for a `wl_output` proxy from an event (`wl_surface.enter`).
    package func output(for wlOutput: WlOutput) -> Output? {
        bound.values.first { $0.wlOutput === wlOutput }
    }

    /// The described output with this name (`HEADLESS-2`).
    package func output(named name: String) -> Output? {
        outputs.first { $0.info.name == name }
    }

    /// Dispatches until every bound output has its first complete description.
    package func waitUntilDescribed(timeout: Duration? = nil) throws(ConnectionError) {
        let connection = registry.connection
        try connection.run(
            until: { self.bound.values.allSatisfy(\.isReady) },
            timeout: timeout ?? connection.defaultTimeout,
            waitingFor: "every output's first wl_output.done")
    }

    /// Runs `observer` just before an output is removed (after it left every
    /// surface's list): the compositor state uses it to update surfaces.
    func observeRemoval(_ observer: @escaping (Output) -> Void) {
        removalObservers.append(observer)
    }

    // MARK: Globals

    /// Fires for each `wl_output` global at start and on hot-plug.
    private func outputGlobalAdded(_ global: Global) {
        guard bound[global.name] == nil,
            let wlOutput = try? registry.bind(WlOutput.self, global: global, min: 1, max: Self.outputVersion)
        else { return }
        let output = Output(wlOutput: wlOutput, globalName: global.name)
        output.published = { [weak self] output, previous in
            guard let self else { return }
            if let previous {
                handler?.outputChanged(output, previous: previous)
            } else {
                handler?.outputAdded(output)
            }
        }
        if let xdgOutputManager { output.attachXdgOutput(manager: xdgOutputManager) }
        bound[global.name] = output
    }

    /// Fires when the compositor withdraws an output (unplug, disable).
    private func outputGlobalRemoved(_ global: Global) {
        guard let output = bound.removeValue(forKey: global.name) else { return }
        for observer in removalObservers { observer(output) }
        if output.isReady { handler?.outputRemoved(output) }
        output.destroy()
    }
}

import DioramaScenarios

/// A real-compositor backend that finds a window only through its Diorama
/// app's runtime trace (weston, KWin, Mutter): a name is bound to the scene
/// whose toplevel matches the declaration, and every app-level and
/// buffer fact comes from that trace. A command's windows (foot, a GTK demo)
/// write no trace, so declaring one is skipped with ``windowFindingLimit``.
///
/// Settling: the scene's runtime-trace records other than `commit` and key repeats stayed the
/// same for ``HeadlessCompositorBackend/quietPeriod``, plus whatever
/// ``compositorLook()`` returns (KWin adds its window geometry), once every
/// window's scene has committed its first frame.
package class TraceBoundWindowsBackend: HeadlessCompositorBackend {
    /// Names bound to scenes: no compositor id is needed.
    let windows = ScenarioWindows<Never>(pollInterval: .milliseconds(25))
    /// Why only a Diorama app's windows can be found here.
    let windowFindingLimit: String

    init(configuration: BackendConfiguration, compositorName: String, windowFindingLimit: String) {
        self.windowFindingLimit = windowFindingLimit
        super.init(configuration: configuration, compositorName: compositorName)
    }

    /// `window NAME = CLIENT …`: waits for the client's trace to show a matching toplevel.
    func declare(_ declaration: WindowDeclaration) async throws -> StepOutcome {
        guard let client = clients?.client(declaration.client.name), client.launch.isDioramaApp else {
            return .skipped("\(windowFindingLimit): only a Diorama app's windows can be found (from its runtime trace)")
        }
        return try await windows.declare(declaration, client: client, timeout: timeout, skips: skips, traces: traces, rebind: rebind) {
            "no toplevel of `\(declaration.client.name)` in its runtime trace matched within \(timeout)"
        }
    }

    /// The steps every trace-bound backend performs alike: `window`, `quit`
    /// (no compositor here says which windows show, so a relaunch waits for
    /// any declared one), `relaunch`, `wait`, and the runner's own steps.
    ///
    /// - Returns: nil for a step the compositor's backend performs itself.
    func performClientStep(_ action: StepAction) async throws -> StepOutcome? {
        switch action {
        case .declareWindow(let declaration):
            return try await declare(declaration)
        case .quit(let client):
            guard let clients else { return .failed("no clients") }
            return .done(detail: await clients.quit(client.name))
        case .relaunch(let client):
            return try await relaunch(client.name, windows: windows, returning: .anyDeclared, rebind: rebind)
        case .wait(let duration):
            await pause(for: duration)
            return .done
        case .launch, .waitUntil, .expect:
            return .failed("the runner decides `\(action.keyword)` steps; the backend was asked to perform one")
        default:
            return nil
        }
    }

    /// Binds `name` to the scene whose toplevel matches its declaration in the
    /// client's current trace.
    ///
    /// - Returns: a description for the timeline, nil when nothing matched yet.
    @discardableResult
    func rebind(_ name: String) -> String? {
        guard var binding = windows[name], let process = clients?.client(binding.declaration.client.name)?.current,
            let log = traces.log(process.traceFile.path)
        else { return nil }
        let taken = windows.scenes(boundToOtherThan: name)
        guard
            let scene = RuntimeTraces.scene(
                in: log, appID: nil, title: nil, declaration: binding.declaration,
                excluding: taken)
        else { return nil }
        binding.scene = scene
        binding.traceFile = process.traceFile.path
        windows[name] = binding
        return "scene \(scene)"
    }

    /// The process of the client that shows `name`, while it runs.
    func processID(ofWindow name: String) -> Int32? {
        guard let binding = windows[name], let process = clients?.client(binding.declaration.client.name)?.current,
            process.isRunning
        else { return nil }
        return process.processID
    }

    /// What, besides the traces, must stay the same for windows to count as
    /// settled; nothing by default.
    func compositorLook() -> String { "" }

    package func settle(windows names: [String], timeout: ScenarioDuration) async -> SettleOutcome {
        await windows.settle(timeout: timeout, quietPeriod: quietPeriod, stillChanging: "the app's trace kept changing") {
            var look: [String: Int] = [:]
            var pending: [String] = []
            for name in names {
                if windows[name]?.scene == nil { rebind(name) }
                if let binding = windows[name], let path = binding.traceFile, let scene = binding.scene {
                    let settle = traces.settleLook(path, scene: scene, window: name)
                    look[name] = settle.records
                    if let reason = settle.pending { pending.append(reason) }
                }
            }
            return ("\(look.sorted { $0.key < $1.key })|\(compositorLook())", pending)
        }.outcome
    }

    /// The app-level and buffer facts of a bound window from its trace, with
    /// the screen's name as the scenario says it (`displayName`).
    func traceObservation(
        of name: String, noPreferredScale: String, unavailableBecause reason: String,
        displayName: (String) -> String
    ) -> WindowObservation {
        guard let binding = windows[name], let path = binding.traceFile, let scene = binding.scene else {
            return WindowObservation(unavailableBecause: "the window `\(name)` is not bound")
        }
        var observation = WindowObservation(unavailableBecause: reason)
        traces.fill(&observation, traceFile: path, scene: scene, noPreferredScale: noPreferredScale)
        observation.screen = observation.screen.mapValue { $0.map(displayName) }
        return observation
    }
}

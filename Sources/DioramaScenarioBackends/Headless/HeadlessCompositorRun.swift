import DioramaScenarios
import HeadlessCompositors

/// A real headless compositor (sway, weston) with a scenario's clients on it:
/// what the two real-compositor backends hold from `start` to `stop`. Every
/// app-level fact they observe comes from the clients' runtime traces, which
/// are followed from each run's first line.
final class HeadlessCompositorRun {
    let compositor: RunningCompositor
    let clients: ScenarioClients

    /// Prepares the scenario's working folder, then starts the compositor.
    ///
    /// - Throws: ``ScenarioBackendError/unavailable(_:)`` with the reason the
    ///   compositor could not start (a missing binary, with its install hint).
    init(configuration: BackendConfiguration, setup: ScenarioSetup, start: () throws -> RunningCompositor) throws {
        clients = try ScenarioClients(configuration: configuration, scenarioName: setup.scenarioName)
        do {
            compositor = try start()
        } catch {
            throw ScenarioBackendError.unavailable("\(error)")
        }
    }

    func launch(_ client: ClientLaunch, followedBy traces: RuntimeTraces) throws -> ClientHandle {
        try clients.launch(client, compositorEnvironment: compositor.environment, followedBy: traces)
    }

    /// Relaunches a client; its windows lose their scenes until found again
    /// (a restored scene keeps its identifier, so another name must not hold it).
    func relaunch<WindowID>(_ alias: String, windows: ScenarioWindows<WindowID>, traces: RuntimeTraces,
                            timeout: Duration, returning: ScenarioWindows<WindowID>.Returning,
                            rebind: ScenarioWindows<WindowID>.Rebind) async throws -> StepOutcome {
        try await windows.relaunch(alias, clients: clients, compositorEnvironment: compositor.environment, traces: traces,
                                   timeout: timeout, returning: returning, keepScenes: false, rebind: rebind)
    }

    /// Ends the clients, then the compositor.
    func stop() async {
        await clients.stopAll()
        compositor.stop()
    }
}

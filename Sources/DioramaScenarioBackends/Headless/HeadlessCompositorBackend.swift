import DioramaScenarios
import HeadlessCompositors

/// What the real-compositor backends share: a headless compositor with
/// the scenario's clients on it from `start` to `stop`, app-level facts from
/// the clients' runtime traces (followed from each run's first line), the
/// step wrapper with its memory of skipped steps, and real-time pauses.
///
/// A base class rather than a protocol extension so the ``ScenarioBackend``
/// methods it implements are public on each backend. A subclass starts its
/// compositor with ``startCompositor(_:start:)`` and performs actions in
/// ``performAction(_:)``.
package class HeadlessCompositorBackend {
    package let configuration: BackendConfiguration
    /// How long everything must look the same for a window to count as
    /// settled: a real compositor tells nothing about pending configures.
    package var quietPeriod: Duration = .milliseconds(300)
    /// "sway", "weston": for messages.
    let compositorName: String
    private(set) var setup: ScenarioSetup?
    private(set) var run: HeadlessCompositorRun?
    let traces = RuntimeTraces()
    let skips = SkippedStepMemory()

    init(configuration: BackendConfiguration, compositorName: String) {
        self.configuration = configuration
        self.compositorName = compositorName
    }

    var clients: ScenarioClients? { run?.clients }
    /// The scenario's timeout, the longest wait for a window.
    var timeout: Duration { setup?.timeout.duration ?? .seconds(10) }

    /// Prepares the scenario's working folder, then starts the compositor.
    ///
    /// - Throws: ``ScenarioBackendError/unavailable(_:)`` with the reason the
    ///   compositor could not start (a missing binary, with its install hint).
    @discardableResult
    func startCompositor(_ setup: ScenarioSetup, start: () throws -> RunningCompositor) throws -> RunningCompositor {
        self.setup = setup
        let run = try HeadlessCompositorRun(configuration: configuration, setup: setup, start: start)
        self.run = run
        return run.compositor
    }

    /// Ends the clients, then the compositor.
    package func stop() async {
        await run?.stop()
        run = nil
    }

    package func launch(_ client: ClientLaunch) async throws -> ClientHandle {
        guard let run else { throw ScenarioBackendError.unavailable("\(compositorName) is not running") }
        return try run.clients.launch(client, compositorEnvironment: run.compositor.environment, followedBy: traces)
    }

    /// The current run of the client launched as `alias`, while the
    /// compositor runs: `check --on` reads its log and its exit.
    package func clientProcess(_ alias: String) -> ClientProcess? {
        run?.clients.client(alias)?.current
    }

    package func perform(_ step: Step) async -> StepOutcome {
        await StepPerforming.outcome(
            of: step, beginStep: traces.beginStep, skips: skips, refusal: refusal,
            perform: performAction)
    }

    /// Performs one step's action; every subclass overrides it.
    func performAction(_ action: StepAction) async throws -> StepOutcome {
        preconditionFailure("\(type(of: self)) must override performAction(_:)")
    }

    /// Words an error of the compositor's own ("sway refused: …"); nil for any other.
    func refusal(_ error: any Error) -> String? { nil }

    /// `relaunch CLIENT`: its windows lose their scenes until found again (a
    /// restored scene keeps its identifier, so another name must not hold it).
    func relaunch<WindowID>(
        _ alias: String, windows: ScenarioWindows<WindowID>,
        returning: ScenarioWindows<WindowID>.Returning,
        rebind: ScenarioWindows<WindowID>.Rebind
    ) async throws -> StepOutcome {
        guard let run else { return .failed("\(compositorName) is not running") }
        return try await windows.relaunch(
            alias, clients: run.clients, compositorEnvironment: run.compositor.environment,
            traces: traces, timeout: timeout, returning: returning, keepScenes: false,
            rebind: rebind)
    }

    package func pause(for duration: ScenarioDuration) async {
        try? await Task.sleep(for: duration.duration)
    }
}

/// The compositor process and the clients on it, for one scenario run.
final class HeadlessCompositorRun {
    let compositor: RunningCompositor
    let clients: ScenarioClients

    init(configuration: BackendConfiguration, setup: ScenarioSetup, start: () throws -> RunningCompositor) throws {
        clients = try ScenarioClients(configuration: configuration, scenarioName: setup.scenarioName)
        do {
            compositor = try start()
        } catch {
            throw ScenarioBackendError.unavailable("\(error)")
        }
    }

    func stop() async {
        await clients.stopAll()
        compositor.stop()
    }
}

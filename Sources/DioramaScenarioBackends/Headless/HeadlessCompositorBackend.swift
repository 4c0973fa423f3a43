import DioramaModel
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
    /// The compositor, while a scenario runs.
    var compositor: RunningCompositor? { run?.compositor }
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

    // MARK: Keys a Diorama app saw (its trace's `input` records)

    /// The number of key presses (not repeats) with text the window's scene
    /// has had; nil for a window of a command client (no trace).
    func typedKeys<WindowID: Hashable>(in binding: WindowBinding<WindowID>) -> Int? {
        inputRecords(in: binding) { $0.event == "keyPressed" && $0.isRepeat != true && !($0.text ?? "").isEmpty }
    }

    /// The number of key presses (not repeats) the window's scene has had,
    /// with text or not (`pressesBegan`).
    func keyPresses<WindowID: Hashable>(in binding: WindowBinding<WindowID>) -> Int? {
        inputRecords(in: binding) { $0.event == "keyPressed" && $0.isRepeat != true }
    }

    /// The number of keys released in the window's scene (`pressesEnded`).
    func keyReleases<WindowID: Hashable>(in binding: WindowBinding<WindowID>) -> Int? {
        inputRecords(in: binding) { $0.event == "keyReleased" }
    }

    /// The number of the scene's `input` records that `matching` picks;
    /// nil for a window of a command client (no trace).
    private func inputRecords<WindowID: Hashable>(in binding: WindowBinding<WindowID>, matching: (InputRecord) -> Bool) -> Int? {
        guard let path = binding.traceFile, let scene = binding.scene, let log = traces.log(path) else { return nil }
        return log.records(InputRecord.self).filter { $0.scene == scene && matching($0) }.count
    }

    /// Waits (up to the scenario's timeout, looking every 10 ms) until
    /// `count` has grown by `expected` from `before`; how much it grew.
    /// (A compositor's virtual keyboard says nothing when a client got a
    /// key: the app's trace is the only witness.)
    func waitForInput(_ expected: Int, since before: Int, _ count: () -> Int?) async -> Int {
        let deadline = ContinuousClock.now + timeout
        while true {
            let arrived = (count() ?? before) - before
            if arrived >= expected || ContinuousClock.now >= deadline { return arrived }
            try? await Task.sleep(for: .milliseconds(10))
        }
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

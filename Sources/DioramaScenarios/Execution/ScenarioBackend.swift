import DioramaModel

/// What runs a scenario: the simulator, or a headless sway, weston, KWin or Mutter.
///
/// ``ScenarioRunner`` drives it. The order of calls is fixed: ``start(_:)`` once;
/// then for each step of the file, in order, one of ``launch(_:)`` (for `launch`) or
/// ``perform(_:)`` (everything else except `wait until` and `expect`), followed by
/// ``settle(windows:timeout:)`` and ``observe(window:)`` for the named windows; for
/// `wait until`, repeated ``settle(windows:timeout:)``/``observe(window:)``, each
/// after ``watchForObservationChange()`` and, until the clauses hold, a sleep on
/// what it returned (or ``pause(for:)`` when it returned nil); ``stop()`` once at
/// the end, also after a failure.
///
/// A backend names windows as the scenario does: a `window NAME = CLIENT …`
/// step, performed, binds NAME to the client's matching toplevel (waiting for it
/// up to the scenario's timeout); later steps and observations use NAME. After
/// `relaunch CLIENT` it binds the client's declared windows again, by the same
/// declarations, once they reappear. A window whose client quit or whose scene
/// disconnected keeps its last app-level facts (so `disconnected` can be checked).
///
/// A step the backend cannot do is `.skipped` with the reason ("sway cannot plug a
/// display with a chosen mode"), never `.done`; a fact it cannot observe is
/// ``Observed/unavailable(_:)``, never a guess. `Docs/scenario-language.md` lists
/// what each backend is expected to support.
package protocol ScenarioBackend: AnyObject {
    var kind: BackendKind { get }

    /// Starts the compositor with the starting displays and profile.
    ///
    /// - Throws: anything that prevents the run (a missing binary, with the install
    ///   hint); the runner reports the scenario as an error with the message.
    func start(_ setup: ScenarioSetup) async throws

    /// Starts a client (`launch …`); returns once the process runs.
    func launch(_ client: ClientLaunch) async throws -> ClientHandle

    /// Performs any other step except `wait until` and `expect`, which the runner
    /// decides from observations. Begins a new "since the step" period for the
    /// counts in ``WindowObservation`` when ``StepAction/isAction`` is true.
    func perform(_ step: Step) async -> StepOutcome

    /// Returns when every named window has settled (no configure waiting for an ack,
    /// the last acked configure committed, no frame pending), or when `timeout`
    /// passes. A window whose client is gone counts as settled.
    func settle(windows: [String], timeout: ScenarioDuration) async -> SettleOutcome

    /// What the backend knows about the window now.
    func observe(window: String) async -> WindowObservation

    /// Whether the window's frame shows crisp on its display, judged from a
    /// screenshot: asked only for a `crisp` clause, as it composites a
    /// display.
    func judgeCrispness(window: String) async -> Observed<FrameCrispness>

    /// The connected displays now, in the compositor's order.
    func observeDisplays() async -> [DisplayObservation]

    /// Lets `duration` pass (real or simulated time): `wait 200ms`, and between the
    /// checks of `wait until` on a backend with no ``watchForObservationChange()``.
    func pause(for duration: ScenarioDuration) async

    /// Begins watching, before a look at the windows, for anything that look
    /// could see change, so that `wait until` checks again when something
    /// happened rather than on a timer. Nil (the default) for a backend that
    /// hears of no such event.
    func watchForObservationChange() -> ObservationChange?

    /// Ends every client and the compositor. Called exactly once, even after a failure.
    func stop() async
}

extension ScenarioBackend {
    package func watchForObservationChange() -> ObservationChange? { nil }
}

/// A wait, begun before a look at the windows, for the first change after
/// that point that the look could see (``ScenarioBackend/watchForObservationChange()``).
package struct ObservationChange: Sendable {
    private let wait: @Sendable (_ deadline: ContinuousClock.Instant) async -> Void

    /// `wait` returns at the change or at its deadline, whichever is first.
    package init(_ wait: @escaping @Sendable (_ deadline: ContinuousClock.Instant) async -> Void) {
        self.wait = wait
    }

    /// For what has no event: a look again after `interval` (or at `deadline`).
    package static func after(_ interval: Duration) -> ObservationChange {
        ObservationChange { deadline in try? await Task.sleep(until: min(deadline, .now + interval)) }
    }

    /// Returns at the change, or at `deadline`.
    package func next(before deadline: ContinuousClock.Instant) async {
        await wait(deadline)
    }
}

/// What ``ScenarioBackend/start(_:)`` needs to know.
package struct ScenarioSetup: Hashable, Sendable {
    package var scenarioName: String
    package var displays: StartingDisplays
    package var profile: ScenarioProfile
    /// The scenario's `vary:` line: explore variations for the simulator.
    package var variations: [ExplorationVariation]
    /// The scenario's timeout: the longest any wait for a window or a settle lasts.
    package var timeout: ScenarioDuration
    /// Where `screenshot` steps write their PNGs (the backend creates it if needed).
    package var artifactsDirectory: String
    /// `--refresh`, in mHz: every starting display's refresh instead of the
    /// one its layout or line gives; nil keeps those.
    package var refreshMilliHz: Int?

    package init(
        scenarioName: String, displays: StartingDisplays, profile: ScenarioProfile,
        timeout: ScenarioDuration, artifactsDirectory: String, variations: [ExplorationVariation] = [],
        refreshMilliHz: Int? = nil
    ) {
        self.scenarioName = scenarioName
        self.displays = displays
        self.profile = profile
        self.variations = variations
        self.timeout = timeout
        self.artifactsDirectory = artifactsDirectory
        self.refreshMilliHz = refreshMilliHz
    }
}

/// A started client.
package struct ClientHandle: Hashable, Sendable {
    package var alias: String
    package var processID: Int32?
    /// For the timeline: `pid 4242`, `TimerApp pid 4242`.
    package var description: String

    package init(alias: String, processID: Int32?, description: String) {
        self.alias = alias
        self.processID = processID
        self.description = description
    }
}

/// Whether windows settled in time.
package enum SettleOutcome: Hashable, Sendable {
    case settled
    /// What was still pending when the time ran out ("main: configure 7 not acked").
    case timedOut(String)
    /// Windows named at once, without waiting: an earlier step's wait ran
    /// out on them and nothing has changed since (a hung app, a frame never
    /// redrawn for its scale).
    case notWaitedFor(String)

    /// The step's note: nil when settled.
    func note(timeout: ScenarioDuration) -> String? {
        switch self {
        case .settled: nil
        case .timedOut(let pending): "not settled after \(timeout): \(pending)"
        case .notWaitedFor(let pending): "not settled: \(pending)"
        }
    }
}

extension ScenarioBackend {
    /// A backend without screenshots of windows cannot judge crispness.
    package func judgeCrispness(window: String) async -> Observed<FrameCrispness> {
        .unavailable("the \(kind.rawValue) backend takes no screenshots to compare with the window's buffer")
    }
}

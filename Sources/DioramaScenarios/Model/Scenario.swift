import DioramaModel

/// A parsed scenario file: its header (displays, profile, timeout, backend hints)
/// and its body (``Step``s in file order).
///
/// Parsing only checks each line's shape. Names are checked by
/// ``ScenarioValidator``, which turns a `Scenario` into a ``ValidatedScenario``, the
/// only form a ``ScenarioRunner`` accepts.
package struct Scenario: Hashable, Sendable {
    /// The path the file was read from, as given (used in every location).
    package var file: String
    /// The file's name without `.scenario`: the scenario's name in reports.
    package var name: String
    /// The comment lines at the top of the file, before the first statement, joined
    /// with spaces: what the scenario is about.
    package var summary: String?
    package var displays: DisplaysSource
    /// `profile: …`; `nil` means the run's `--profile` or `modern`.
    package var profile: ScenarioProfile?
    /// `timeout: …`, the longest any settle or wait lasts unless a step says otherwise.
    package var timeout: ScenarioDuration
    /// `backend: sim, sway`: where the scenario is meant to run; `nil` means all.
    /// Running elsewhere reports the scenario as skipped, with this as the reason.
    package var backends: [BackendKind]?
    /// `vary: …`: the explore variations the simulator applies to the
    /// displays and the profile (`Docs/explore.md`). Real backends ignore them.
    package var variations: [ExplorationVariation]
    package var steps: [Step]
    /// The file's lines, for the source excerpts of validation errors.
    package var sourceLines: [String]

    package init(
        file: String, name: String, summary: String? = nil, displays: DisplaysSource,
        profile: ScenarioProfile? = nil, timeout: ScenarioDuration = .defaultTimeout,
        backends: [BackendKind]? = nil, variations: [ExplorationVariation] = [], steps: [Step],
        sourceLines: [String] = []
    ) {
        self.file = file
        self.name = name
        self.summary = summary
        self.displays = displays
        self.profile = profile
        self.timeout = timeout
        self.backends = backends
        self.variations = variations
        self.steps = steps
        self.sourceLines = sourceLines
    }

    /// Every `launch`, in order.
    package var clients: [ClientLaunch] {
        steps.compactMap { if case .launch(let client) = $0.action { client } else { nil } }
    }

    /// Every `window` declaration, in order.
    package var windows: [WindowDeclaration] {
        steps.compactMap { if case .declareWindow(let window) = $0.action { window } else { nil } }
    }

    /// Every expectation, in order.
    package var expectations: [Expectation] {
        steps.compactMap { if case .expect(let expectation) = $0.action { expectation } else { nil } }
    }
}

/// How to run scenarios: the flags `diorama run` will have.
///
///     diorama run [--on sim|sway|weston|kwin|mutter] [--profile P] [--junit FILE] [--json FILE]
///                 [--report DIR] [--shard i/n] [--jobs N] FILES-OR-FOLDERS…
package struct ScenarioRunOptions: Hashable, Sendable {
    /// `--on`: where to run (default: the simulator).
    package var backend: BackendKind
    /// `--profile`: the simulator profile for scenarios that do not name one with
    /// `profile:` (a scenario's own line wins: it was written for that profile).
    package var profile: ScenarioProfile?
    /// `--junit FILE`: JUnit XML, one test case per clause.
    package var junitPath: String?
    /// `--json FILE`: the results as JSON (`Docs/scenario-reports.md`).
    package var jsonPath: String?
    /// `--report DIR`: an HTML report with the layout, the windows' paths, the
    /// timeline and the screenshots.
    package var reportDirectory: String?
    /// `--shard i/n`: run only this CI shard's part of the suite.
    package var shard: Shard?
    /// The machine running the suite, recorded in every result (JSON, JUnit)
    /// so a merged report says where each one ran; nil leaves it out.
    package var machine: String?
    /// `--jobs N`: scenarios run at the same time (each on its own backend).
    package var jobs: Int
    /// How long `wait until` waits between checks on a backend that hears of
    /// no change (``ScenarioBackend/watchForObservationChange()`` is nil).
    package var pollInterval: ScenarioDuration
    /// Where screenshots are written while running (the report copies them).
    package var artifactsDirectory: String
    /// `--refresh HZ`, in mHz: every display's refresh (starting and plugged)
    /// instead of its layout's or its line's; nil keeps those.
    package var refreshMilliHz: Int?

    package init(
        backend: BackendKind = .sim, profile: ScenarioProfile? = nil, junitPath: String? = nil,
        jsonPath: String? = nil, reportDirectory: String? = nil, shard: Shard? = nil, jobs: Int = 1,
        pollInterval: ScenarioDuration = ScenarioDuration(milliseconds: 10),
        artifactsDirectory: String = "diorama-artifacts", machine: String? = nil, refreshMilliHz: Int? = nil
    ) {
        self.backend = backend
        self.profile = profile
        self.junitPath = junitPath
        self.jsonPath = jsonPath
        self.reportDirectory = reportDirectory
        self.shard = shard
        self.jobs = max(1, jobs)
        self.pollInterval = pollInterval
        self.artifactsDirectory = artifactsDirectory
        self.machine = machine
        self.refreshMilliHz = refreshMilliHz
    }

    /// `step` as it runs: a `plug display` at `--refresh`'s rate when given.
    package func applyingRefresh(to step: Step) -> Step {
        guard let refreshMilliHz, case .plugDisplay(var spec) = step.action else { return step }
        spec.refreshMilliHz = refreshMilliHz
        var changed = step
        changed.action = .plugDisplay(spec)
        return changed
    }

    /// The profile a scenario runs with: its own `profile:`, else `--profile`, else
    /// `modern`.
    package func profile(for scenario: Scenario) -> ScenarioProfile {
        scenario.profile ?? profile ?? .modern
    }
}

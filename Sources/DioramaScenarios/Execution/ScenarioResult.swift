import DioramaModel

/// What happened when a scenario ran: one ``TimelineEntry`` per line of its body,
/// the displays, and an overall status. Reporters render it. Only the durations
/// depend on the wall clock, and only JUnit shows them, so the console, JSON and
/// HTML of the same run always render the same.
package struct ScenarioResult: Hashable, Sendable {
    package enum Status: Hashable, Sendable {
        /// Every step done or skipped, no clause failed.
        case passed
        /// A step or clause failed.
        case failed
        /// The scenario is not meant for this backend (its `backend:` line).
        case skipped(reason: String)
        /// It could not run (the backend did not start).
        case error(message: String)
    }

    /// Whether the run started its backend (or tried to), so the backend
    /// must be stopped: false only for a scenario skipped whole by its
    /// `backend:` line, which starts nothing.
    package var startedItsBackend: Bool {
        if case .skipped = status { false } else { true }
    }

    package var name: String
    package var file: String
    package var summary: String?
    package var backend: BackendKind
    package var profile: ScenarioProfile
    package var status: Status
    /// The displays right after start.
    package var initialDisplays: [DisplayObservation]
    package var entries: [TimelineEntry]
    /// How long the scenario took on the wall clock, from before the backend
    /// started until after it stopped.
    package var duration: Duration = .zero
    /// The CI shard that ran it (`--shard`, or the runner's environment); nil
    /// for a run of the whole suite.
    package var shard: Shard?
    /// The machine that ran it (its host name), so a merged report says where
    /// each result came from; nil when the run did not say.
    package var machine: String?

    package init(
        name: String, file: String, summary: String?, backend: BackendKind, profile: ScenarioProfile,
        status: Status, initialDisplays: [DisplayObservation], entries: [TimelineEntry]
    ) {
        self.name = name
        self.file = file
        self.summary = summary
        self.backend = backend
        self.profile = profile
        self.status = status
        self.initialDisplays = initialDisplays
        self.entries = entries
    }

    /// Every clause result, in order.
    package var clauseResults: [ClauseResult] { entries.flatMap(\.clauses) }

    package var passedClauseCount: Int { clauseResults.filter(\.verdict.isPassed).count }
    package var failedClauseCount: Int { clauseResults.filter(\.verdict.isFailed).count }
    package var skippedClauseCount: Int { clauseResults.filter(\.verdict.isSkipped).count }

    package var isSuccess: Bool {
        switch status {
        case .passed, .skipped: true
        case .failed, .error: false
        }
    }
}

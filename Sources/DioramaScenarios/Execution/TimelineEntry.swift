/// One line of the scenario, as run.
package struct TimelineEntry: Hashable, Sendable {
    package enum Outcome: Hashable, Sendable {
        case done
        /// The backend could not do it, or (for checks) what it depends on was skipped.
        case skipped(reason: String)
        case failed(message: String)
        /// Not reached: an earlier step failed, or the scenario did not start.
        case notRun(reason: String)
    }

    /// 1-based position in the scenario's body.
    package var index: Int
    package var step: Step
    package var outcome: Outcome
    /// Something the backend reported (`pid 4242`).
    package var detail: String?
    /// For `expect` and `wait until`: each clause's verdict.
    package var clauses: [ClauseResult]
    /// The named windows after the step, in declaration order.
    package var windows: [WindowSnapshot]
    /// The displays after the step, when it changed them.
    package var displays: [DisplayObservation]?
    package var screenshots: [ScreenshotFile]
    /// Set when the windows did not settle in time after the step.
    package var settleNote: String?
    /// How long the step took on the wall clock, its settling included (zero
    /// for a step that did not run). Only JUnit reports it.
    package var duration: Duration = .zero

    package init(
        index: Int, step: Step, outcome: Outcome, detail: String? = nil, clauses: [ClauseResult] = [],
        windows: [WindowSnapshot] = [], displays: [DisplayObservation]? = nil,
        screenshots: [ScreenshotFile] = [], settleNote: String? = nil
    ) {
        self.index = index
        self.step = step
        self.outcome = outcome
        self.detail = detail
        self.clauses = clauses
        self.windows = windows
        self.displays = displays
        self.screenshots = screenshots
        self.settleNote = settleNote
    }

    /// Whether this entry makes the scenario fail.
    package var isFailure: Bool {
        if case .failed = outcome { return true }
        return clauses.contains { $0.verdict.isFailed }
    }
}

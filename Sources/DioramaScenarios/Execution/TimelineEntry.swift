/// One line of the scenario, as run.
public struct TimelineEntry: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        case done
        /// The backend could not do it, or (for checks) what it depends on was skipped.
        case skipped(reason: String)
        case failed(message: String)
        /// Not reached: an earlier step failed, or the scenario did not start.
        case notRun(reason: String)
    }

    /// 1-based position in the scenario's body.
    public var index: Int
    public var step: Step
    public var outcome: Outcome
    /// Something the backend reported (`pid 4242`).
    public var detail: String?
    /// For `expect` and `wait until`: each clause's verdict.
    public var clauses: [ClauseResult]
    /// The named windows after the step, in declaration order.
    public var windows: [WindowSnapshot]
    /// The displays after the step, when it changed them.
    public var displays: [DisplayObservation]?
    public var screenshots: [ScreenshotFile]
    /// Set when the windows did not settle in time after the step.
    public var settleNote: String?
    /// How long the step took on the wall clock, its settling included (zero
    /// for a step that did not run). Only JUnit reports it.
    public var duration: Duration = .zero

    public init(
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
    public var isFailure: Bool {
        if case .failed = outcome { return true }
        return clauses.contains { $0.verdict.isFailed }
    }
}

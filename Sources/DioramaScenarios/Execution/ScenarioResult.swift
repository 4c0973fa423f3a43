import DioramaModel

/// What happened when a scenario ran: one ``TimelineEntry`` per line of its body,
/// the displays, and an overall status. Reporters render it; nothing in it depends
/// on wall-clock time, so the same run always renders the same.
public struct ScenarioResult: Hashable, Sendable {
    public enum Status: Hashable, Sendable {
        /// Every step done or skipped, no clause failed.
        case passed
        /// A step or clause failed.
        case failed
        /// The scenario is not meant for this backend (its `backend:` line).
        case skipped(reason: String)
        /// It could not run (the backend did not start).
        case error(message: String)
    }

    public var name: String
    public var file: String
    public var summary: String?
    public var backend: BackendKind
    public var profile: ScenarioProfile
    public var status: Status
    /// The displays right after start.
    public var initialDisplays: [DisplayObservation]
    public var entries: [TimelineEntry]

    public init(name: String, file: String, summary: String?, backend: BackendKind, profile: ScenarioProfile,
                status: Status, initialDisplays: [DisplayObservation], entries: [TimelineEntry]) {
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
    public var clauseResults: [ClauseResult] { entries.flatMap(\.clauses) }

    public var passedClauseCount: Int { clauseResults.filter(\.verdict.isPassed).count }
    public var failedClauseCount: Int { clauseResults.filter(\.verdict.isFailed).count }
    public var skippedClauseCount: Int { clauseResults.filter(\.verdict.isSkipped).count }

    public var isSuccess: Bool {
        switch status {
        case .passed, .skipped: true
        case .failed, .error: false
        }
    }
}

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

    public init(index: Int, step: Step, outcome: Outcome, detail: String? = nil, clauses: [ClauseResult] = [],
                windows: [WindowSnapshot] = [], displays: [DisplayObservation]? = nil,
                screenshots: [ScreenshotFile] = [], settleNote: String? = nil) {
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

/// One clause and its verdict.
public struct ClauseResult: Hashable, Sendable {
    public var clause: Clause
    /// The window the clause is about.
    public var window: String
    public var verdict: ClauseVerdict

    public init(clause: Clause, window: String, verdict: ClauseVerdict) {
        self.clause = clause
        self.window = window
        self.verdict = verdict
    }
}

/// The measured state of one window after a step: what the timeline shows.
public struct WindowSnapshot: Hashable, Sendable {
    public var window: String
    public var displays: [String]?
    public var frame: Rect?
    public var scale: Scale?
    public var bufferSize: Size?
    public var drawableSize: Size?
    public var displayScale: Double?
    public var horizontalSizeClass: SizeClass?
    public var verticalSizeClass: SizeClass?
    public var activationState: ActivationStateName?
    public var isDisconnected: Bool?

    public init(window: String, displays: [String]? = nil, frame: Rect? = nil, scale: Scale? = nil,
                bufferSize: Size? = nil, drawableSize: Size? = nil, displayScale: Double? = nil,
                horizontalSizeClass: SizeClass? = nil, verticalSizeClass: SizeClass? = nil,
                activationState: ActivationStateName? = nil, isDisconnected: Bool? = nil) {
        self.window = window
        self.displays = displays
        self.frame = frame
        self.scale = scale
        self.bufferSize = bufferSize
        self.drawableSize = drawableSize
        self.displayScale = displayScale
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.activationState = activationState
        self.isDisconnected = isDisconnected
    }

    /// The observed facts of `observation` worth showing.
    public init(window: String, observation: WindowObservation) {
        self.init(window: window,
                  displays: observation.enteredDisplays.value,
                  frame: observation.frame.value,
                  scale: observation.renderScale.value,
                  bufferSize: observation.bufferSize.value,
                  drawableSize: observation.drawableSize.value,
                  displayScale: observation.displayScale.value,
                  horizontalSizeClass: observation.horizontalSizeClass.value,
                  verticalSizeClass: observation.verticalSizeClass.value,
                  activationState: observation.activationState.value,
                  isDisconnected: observation.isDisconnected.value)
    }
}

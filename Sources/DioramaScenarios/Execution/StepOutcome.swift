/// How a backend performed a step.
public struct StepOutcome: Hashable, Sendable {
    public enum Status: Hashable, Sendable {
        case done
        /// The backend cannot do this step (sway cannot plug a display with a given
        /// mode…). The run goes on; the expectations right after it are skipped.
        case skipped(reason: String)
        /// It should have worked and did not. The run stops here.
        case failed(message: String)
    }

    public var status: Status
    /// Something worth showing in the timeline (`pid 4242`, `window id 3`).
    public var detail: String?
    /// Screenshots the step wrote.
    public var screenshots: [ScreenshotFile]

    public init(status: Status, detail: String? = nil, screenshots: [ScreenshotFile] = []) {
        self.status = status
        self.detail = detail
        self.screenshots = screenshots
    }

    public static let done = StepOutcome(status: .done)
    public static func done(detail: String?, screenshots: [ScreenshotFile] = []) -> StepOutcome {
        StepOutcome(status: .done, detail: detail, screenshots: screenshots)
    }
    public static func skipped(_ reason: String) -> StepOutcome { StepOutcome(status: .skipped(reason: reason)) }
    public static func failed(_ message: String) -> StepOutcome { StepOutcome(status: .failed(message: message)) }
}

/// A PNG a `screenshot` step wrote.
public struct ScreenshotFile: Hashable, Sendable, Codable {
    /// The scenario's name for it (`screenshot all as NAME`).
    public var name: String
    /// The display captured, `nil` for all displays.
    public var display: String?
    /// The file, absolute or relative to the current directory.
    public var path: String

    public init(name: String, display: String?, path: String) {
        self.name = name
        self.display = display
        self.path = path
    }
}

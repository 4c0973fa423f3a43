/// How a backend performed a step.
package struct StepOutcome: Hashable, Sendable {
    package enum Status: Hashable, Sendable {
        case done
        /// The backend cannot do this step (sway cannot plug a display with a given
        /// mode…). The run goes on; the expectations right after it are skipped.
        case skipped(reason: String)
        /// It should have worked and did not. The run stops here.
        case failed(message: String)
    }

    package var status: Status
    /// Something worth showing in the timeline (`pid 4242`, `window id 3`).
    package var detail: String?
    /// Screenshots the step wrote.
    package var screenshots: [ScreenshotFile]

    package init(status: Status, detail: String? = nil, screenshots: [ScreenshotFile] = []) {
        self.status = status
        self.detail = detail
        self.screenshots = screenshots
    }

    package static let done = StepOutcome(status: .done)
    package static func done(detail: String?, screenshots: [ScreenshotFile] = []) -> StepOutcome {
        StepOutcome(status: .done, detail: detail, screenshots: screenshots)
    }
    package static func skipped(_ reason: String) -> StepOutcome { StepOutcome(status: .skipped(reason: reason)) }
    package static func failed(_ message: String) -> StepOutcome { StepOutcome(status: .failed(message: message)) }
}

/// A PNG a `screenshot` step wrote.
package struct ScreenshotFile: Hashable, Sendable, Codable {
    /// The scenario's name for it (`screenshot all as NAME`).
    package var name: String
    /// The display captured, `nil` for all displays.
    package var display: String?
    /// The file, absolute or relative to the current directory.
    package var path: String

    package init(name: String, display: String?, path: String) {
        self.name = name
        self.display = display
        self.path = path
    }
}

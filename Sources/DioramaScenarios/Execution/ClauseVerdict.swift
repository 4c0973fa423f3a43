/// The result of checking one clause against an observation.
package enum ClauseVerdict: Hashable, Sendable {
    /// It holds; `actual` is the measured value, for the timeline.
    case passed(actual: String)
    case failed(expected: String, actual: String)
    /// It could not be checked on this backend or for this client; never counted as
    /// passed.
    case skipped(reason: String)

    package var isPassed: Bool { if case .passed = self { true } else { false } }
    package var isFailed: Bool { if case .failed = self { true } else { false } }
    package var isSkipped: Bool { if case .skipped = self { true } else { false } }
}

import DioramaScenarios

/// The last action step a real-compositor backend skipped, until an action is
/// done again (the runner's rule for the checks after a skip).
///
/// A window the scenario declares after a skipped step may be one that step
/// would have made appear (`plug display TV` skipped, then `window tv = …`):
/// when it never comes, the declaration is skipped for that reason rather
/// than failed, since the backend's limit is the cause.
final class SkippedStepMemory {
    private var last: (line: Int, reason: String)?

    /// Fires after every step the backend performed.
    func record(_ step: Step, _ outcome: StepOutcome) {
        guard step.action.isAction else { return }
        if case .skipped(let reason) = outcome.status {
            last = (step.location.line, reason)
        } else {
            last = nil
        }
    }

    /// The outcome of a window declaration that timed out: skipped when it
    /// follows a skipped action, nil otherwise (then it fails).
    func declarationTimedOut() -> StepOutcome? {
        guard let last else { return nil }
        return .skipped("the window did not appear after a skipped step (line \(last.line): \(last.reason))")
    }
}

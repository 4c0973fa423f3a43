import DioramaScenarios

/// How every backend performs a step: an action starts a new "since the
/// step" period first, an error becomes the step's failure, and a backend
/// that skips steps remembers the last one it skipped.
enum StepPerforming {
    /// - Parameters:
    ///   - beginStep: marks where the step began (trace positions).
    ///   - skips: the real-compositor backends' memory of skipped steps.
    ///   - refusal: words an error of the backend's compositor ("sway refused: …"); nil for any other error.
    static func outcome(
        of step: Step, beginStep: () -> Void, skips: SkippedStepMemory? = nil,
        refusal: (any Error) -> String?,
        perform: (StepAction) async throws -> StepOutcome
    ) async -> StepOutcome {
        if step.action.isAction { beginStep() }
        let outcome: StepOutcome
        do {
            outcome = try await perform(step.action)
        } catch {
            outcome = .failed(refusal(error) ?? "\(error)")
        }
        skips?.record(step, outcome)
        return outcome
    }
}

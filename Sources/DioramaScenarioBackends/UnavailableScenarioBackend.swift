import DioramaScenarios

/// A backend that cannot start, with the reason: every scenario run on it is
/// reported as an error saying why (never passed, never silently skipped).
public final class UnavailableScenarioBackend: ScenarioBackend {
    public let kind: BackendKind
    public let reason: String

    public init(kind: BackendKind, reason: String) {
        self.kind = kind
        self.reason = reason
    }

    public func start(_ setup: ScenarioSetup) async throws { throw ScenarioBackendError.unavailable(reason) }
    public func launch(_ client: ClientLaunch) async throws -> ClientHandle { throw ScenarioBackendError.unavailable(reason) }
    public func perform(_ step: Step) async -> StepOutcome { .skipped(reason) }
    public func settle(windows: [String], timeout: ScenarioDuration) async -> SettleOutcome { .settled }
    public func observe(window: String) async -> WindowObservation { WindowObservation(unavailableBecause: reason) }
    public func observeDisplays() async -> [DisplayObservation] { [] }
    public func pause(for duration: ScenarioDuration) async {}
    public func stop() async {}
}

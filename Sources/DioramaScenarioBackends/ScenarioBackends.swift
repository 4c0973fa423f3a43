import DioramaScenarios

/// Makes the backend `--on` names: the one place a new backend is added (one
/// file with its ``ScenarioBackend`` type, one case here).
package enum ScenarioBackends {
    /// A new backend of `kind` for one scenario run.
    package static func make(_ kind: BackendKind, configuration: BackendConfiguration) -> any ScenarioBackend {
        switch kind {
        case .sim: SimulatorScenarioBackend(configuration: configuration)
        case .sway: SwayScenarioBackend(configuration: configuration)
        case .weston: WestonScenarioBackend(configuration: configuration)
        case .kwin: KWinScenarioBackend(configuration: configuration)
        case .mutter: MutterScenarioBackend(configuration: configuration)
        }
    }

    /// What is wrong with `scenario`'s starting displays that only a layout
    /// check sees (overlapping `display` lines), on every backend: the
    /// displays a scenario names are the same wherever it runs.
    package static func startingDisplayProblem(of scenario: ValidatedScenario) -> ScenarioDiagnostic? {
        SimulatorLayout.problem(inDisplayLinesOf: scenario)
    }
}

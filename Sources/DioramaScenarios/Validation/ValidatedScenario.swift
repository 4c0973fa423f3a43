/// A scenario whose names all resolve: the only form a ``ScenarioRunner`` runs.
package struct ValidatedScenario: Hashable, Sendable {
    package var scenario: Scenario
    package var startingDisplays: StartingDisplays

    /// Made only by ``ScenarioValidator`` (and tests of the runner, through it).
    init(scenario: Scenario, startingDisplays: StartingDisplays) {
        self.scenario = scenario
        self.startingDisplays = startingDisplays
    }
}

/// The displays a run starts with, resolved: what a backend's `start` receives.
package enum StartingDisplays: Hashable, Sendable {
    /// A layout file, found; the backend reads its full format.
    case layoutFile(DisplayLayoutReference)
    /// The scenario's own `display` lines.
    case inline([DisplaySpec])

    /// The display names, in order.
    package var names: [String] {
        switch self {
        case .layoutFile(let layout): layout.displayNames
        case .inline(let displays): displays.map(\.name)
        }
    }
}

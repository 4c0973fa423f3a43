/// `expect WINDOW clause, clause, …`: facts checked once the window has settled.
package struct Expectation: Hashable, Sendable {
    package var window: NameReference
    package var clauses: [Clause]

    package init(window: NameReference, clauses: [Clause]) {
        self.window = window
        self.clauses = clauses
    }
}

/// `wait until WINDOW clause, … [timeout 5s]`: re-check the clauses until all hold.
package struct WaitCondition: Hashable, Sendable {
    package var window: NameReference
    package var clauses: [Clause]
    /// `nil`: the scenario's default timeout.
    package var timeout: ScenarioDuration?

    package init(window: NameReference, clauses: [Clause], timeout: ScenarioDuration? = nil) {
        self.window = window
        self.clauses = clauses
        self.timeout = timeout
    }
}

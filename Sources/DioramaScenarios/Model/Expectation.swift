/// `expect WINDOW clause, clause, …`: facts checked once the window has settled.
public struct Expectation: Hashable, Sendable {
    public var window: NameReference
    public var clauses: [Clause]

    public init(window: NameReference, clauses: [Clause]) {
        self.window = window
        self.clauses = clauses
    }
}

/// `wait until WINDOW clause, … [timeout 5s]`: re-check the clauses until all hold.
public struct WaitCondition: Hashable, Sendable {
    public var window: NameReference
    public var clauses: [Clause]
    /// `nil`: the scenario's default timeout.
    public var timeout: ScenarioDuration?

    public init(window: NameReference, clauses: [Clause], timeout: ScenarioDuration? = nil) {
        self.window = window
        self.clauses = clauses
        self.timeout = timeout
    }
}

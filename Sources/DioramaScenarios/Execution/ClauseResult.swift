/// One clause and its verdict.
public struct ClauseResult: Hashable, Sendable {
    public var clause: Clause
    /// The window the clause is about.
    public var window: String
    public var verdict: ClauseVerdict

    public init(clause: Clause, window: String, verdict: ClauseVerdict) {
        self.clause = clause
        self.window = window
        self.verdict = verdict
    }
}

/// One clause and its verdict.
package struct ClauseResult: Hashable, Sendable {
    package var clause: Clause
    /// The window the clause is about.
    package var window: String
    package var verdict: ClauseVerdict

    package init(clause: Clause, window: String, verdict: ClauseVerdict) {
        self.clause = clause
        self.window = window
        self.verdict = verdict
    }
}

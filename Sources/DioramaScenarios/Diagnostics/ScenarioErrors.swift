/// Every problem found in one scenario file, in the order of the file, thrown by
/// ``ScenarioLoader`` (parsing and validation both collect all problems rather than
/// stopping at the first).
package struct ScenarioErrors: Error, Sendable, CustomStringConvertible {
    package var diagnostics: [ScenarioDiagnostic]

    package init(_ diagnostics: [ScenarioDiagnostic]) {
        self.diagnostics = diagnostics.sorted {
            ($0.location.file, $0.location.line, $0.location.column) < ($1.location.file, $1.location.line, $1.location.column)
        }
    }

    /// All diagnostics, one after another, separated by blank lines.
    package var description: String {
        diagnostics.map(\.description).joined(separator: "\n\n")
    }
}

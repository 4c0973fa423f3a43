import DioramaModel

/// One problem `diorama lint` found, at one place in one file.
///
/// Locations use paths relative to the linted folder (or to the folder holding the
/// linted Info.plist), so output is the same on every machine and in snapshots.
package struct LintFinding: Hashable, Sendable {
    /// The ``LintRule/id`` of the check that found it.
    package var ruleID: String
    package var severity: LintSeverity
    /// The offending key or build setting; for something missing, the start of the
    /// Info.plist or the target's entry in `project.pbxproj`.
    package var location: SourceLocation
    /// What is wrong, specific to this place.
    package var message: String
    /// What to do; may span several lines (a snippet to paste).
    package var fix: String
    /// The build configurations the finding applies to, when it does not apply to every
    /// configuration the target has (e.g. only `Release` sets the key). Empty means all.
    package var configurations: [String]

    package init(
        ruleID: String, severity: LintSeverity, location: SourceLocation, message: String,
        fix: String, configurations: [String] = []
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.location = location
        self.message = message
        self.fix = fix
        self.configurations = configurations
    }

    /// The message with the configurations it is limited to, for outputs that have no
    /// separate field for them.
    package var qualifiedMessage: String {
        switch configurations.count {
        case 0: message
        case 1: "\(message) (configuration \(configurations[0]) only)"
        default: "\(message) (configurations \(configurations.joined(separator: ", ")) only)"
        }
    }

    /// Reading order: by file, line, column, then rule.
    static func readingOrder(_ lhs: LintFinding, _ rhs: LintFinding) -> Bool {
        (lhs.location.file, lhs.location.line, lhs.location.column, lhs.ruleID, lhs.message)
            < (rhs.location.file, rhs.location.line, rhs.location.column, rhs.ruleID, rhs.message)
    }
}

import Foundation

/// A file the session store skipped while loading, and why.
package struct SessionStoreWarning: Hashable, Sendable, CustomStringConvertible {
    package var file: URL
    package var problem: String

    package init(file: URL, problem: String) {
        self.file = file
        self.problem = problem
    }

    /// `path: ignored: problem`.
    package var description: String { "\(file.path): ignored: \(problem)" }
}

/// What ``SessionStore/load()`` found: every readable record, and a warning for each
/// file it had to skip. Loading never fails as a whole, so one damaged file cannot
/// cost the user their other windows.
package struct SessionStoreLoadResult: Hashable, Sendable {
    /// Records sorted by persistent identifier, so results do not depend on directory
    /// order.
    package var records: [SceneSessionRecord]
    package var warnings: [SessionStoreWarning]

    package init(records: [SceneSessionRecord] = [], warnings: [SessionStoreWarning] = []) {
        self.records = records
        self.warnings = warnings
    }

    package func record(withIdentifier identifier: String) -> SceneSessionRecord? {
        records.first { $0.persistentIdentifier == identifier }
    }
}

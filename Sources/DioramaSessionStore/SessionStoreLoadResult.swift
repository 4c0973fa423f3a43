import Foundation

/// A file the session store skipped while loading, and why.
public struct SessionStoreWarning: Hashable, Sendable, CustomStringConvertible {
    public var file: URL
    public var problem: String

    public init(file: URL, problem: String) {
        self.file = file
        self.problem = problem
    }

    /// `path: ignored: problem`.
    public var description: String { "\(file.path): ignored: \(problem)" }
}

/// What ``SessionStore/load()`` found: every readable record, and a warning for each
/// file it had to skip. Loading never fails as a whole, so one damaged file cannot
/// cost the user their other windows.
public struct SessionStoreLoadResult: Hashable, Sendable {
    /// Records sorted by persistent identifier, so results do not depend on directory
    /// order.
    public var records: [SceneSessionRecord]
    public var warnings: [SessionStoreWarning]

    public init(records: [SceneSessionRecord] = [], warnings: [SessionStoreWarning] = []) {
        self.records = records
        self.warnings = warnings
    }

    public func record(withIdentifier identifier: String) -> SceneSessionRecord? {
        records.first { $0.persistentIdentifier == identifier }
    }
}

import DioramaModel

/// A problem (or a note) found while reading an app's Info.plist.
///
/// The manifest loader collects these instead of throwing whenever the file can still
/// be used, so `diorama lint` can show all of them at once and the runtime can start
/// with a warning. ``id`` is stable across releases: scripts and tests match on it,
/// never on ``message``.
public struct ManifestDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable, Comparable, CaseIterable {
        /// The app cannot run as intended until this is fixed.
        case error
        /// It runs, but something is ignored, deprecated or probably a mistake.
        case warning
        /// Worth knowing; nothing is wrong.
        case info

        private var rank: Int {
            switch self {
            case .error: 2
            case .warning: 1
            case .info: 0
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// Stable identifiers of the diagnostics the manifest loader produces.
    public enum ID {
        /// The Info.plist has no `UIApplicationSceneManifest`.
        public static let missingSceneManifest = "missing-scene-manifest"
        /// `UIRequiresFullScreen` is present; iPadOS 26 ignores it.
        public static let requiresFullScreenIgnored = "requires-full-screen-ignored"
        /// The root of the Info.plist is not a dictionary.
        public static let rootNotDictionary = "root-not-dictionary"
        /// A known key holds the wrong kind of value.
        public static let wrongType = "wrong-type"
        /// `UISceneConfigurations` names a role UIKit does not define (usually a typo).
        public static let unknownSceneRole = "unknown-scene-role"
        /// `UISceneConfigurations` names a role UIKit defines but Diorama does not host
        /// (CarPlay, visionOS volumes); its configurations are skipped.
        public static let unhostedSceneRole = "unhosted-scene-role"
        /// A key Diorama does not know, inside the scene manifest.
        public static let unknownKey = "unknown-key"
        /// The same key twice in one dictionary; only the last counts, as in CoreFoundation.
        public static let duplicateKey = "duplicate-key"
        /// A role with an empty array of configurations.
        public static let emptySceneRole = "empty-scene-role"
        /// `UISceneConfigurations` lists no configuration for `UIWindowSceneSessionRoleApplication`.
        public static let noApplicationConfiguration = "no-application-configuration"
        /// The scene manifest has no `UISceneConfigurations` at all.
        public static let missingSceneConfigurations = "missing-scene-configurations"
        /// A configuration without `UISceneConfigurationName`.
        public static let missingConfigurationName = "missing-configuration-name"
        /// Two configurations with the same name.
        public static let duplicateConfigurationName = "duplicate-configuration-name"
        /// A configuration without `UISceneDelegateClassName`.
        public static let missingDelegateClass = "missing-delegate-class"
        /// `$(NAME)` with no value in the variables given to the loader.
        public static let unresolvedBuildVariable = "unresolved-build-variable"
        /// `$(NAME:modifier)` with a modifier Diorama does not implement.
        public static let unknownBuildVariableModifier = "unknown-build-variable-modifier"
        /// No `CFBundleIdentifier`, which names the app's state directory.
        public static let missingBundleIdentifier = "missing-bundle-identifier"
    }

    public var id: String
    public var severity: Severity
    /// Where to look: the offending key, or line 1 of the file when the problem is
    /// something missing.
    public var location: SourceLocation
    /// What is wrong.
    public var message: String
    /// What to do about it; may span several lines (e.g. a snippet to paste).
    public var fix: String?

    public init(id: String, severity: Severity, location: SourceLocation, message: String, fix: String? = nil) {
        self.id = id
        self.severity = severity
        self.location = location
        self.message = message
        self.fix = fix
    }

    /// Compiler style, `file:line:column: warning: message [id]`, followed by the fix
    /// indented on the next lines.
    public var description: String {
        var text = "\(location): \(severity.rawValue): \(message) [\(id)]"
        if let fix {
            let indented = fix.split(separator: "\n", omittingEmptySubsequences: false)
                .map { "    " + $0 }
                .joined(separator: "\n")
            text += "\n  fix:\n" + indented
        }
        return text
    }
}

import DioramaModel

/// A problem (or a note) found while reading an app's Info.plist.
///
/// The manifest loader collects these instead of throwing whenever the file can still
/// be used, so `diorama lint` can show all of them at once and the runtime can start
/// with a warning. ``id`` is stable across releases: scripts and tests match on it,
/// never on ``message``.
package struct ManifestDiagnostic: Hashable, Sendable, CustomStringConvertible {
    package enum Severity: String, Hashable, Sendable, Comparable, CaseIterable {
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

        package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// Stable identifiers of the diagnostics the manifest loader produces.
    package enum ID {
        /// The Info.plist has no `UIApplicationSceneManifest`.
        package static let missingSceneManifest = "missing-scene-manifest"
        /// `UIRequiresFullScreen` is present; iPadOS 26 ignores it.
        package static let requiresFullScreenIgnored = "requires-full-screen-ignored"
        /// The root of the Info.plist is not a dictionary.
        package static let rootNotDictionary = "root-not-dictionary"
        /// A known key holds the wrong kind of value.
        package static let wrongType = "wrong-type"
        /// `UISceneConfigurations` names a role UIKit does not define (usually a typo).
        package static let unknownSceneRole = "unknown-scene-role"
        /// `UISceneConfigurations` names a role UIKit defines but Diorama does not host
        /// (CarPlay, visionOS volumes); its configurations are skipped.
        package static let unhostedSceneRole = "unhosted-scene-role"
        /// A key Diorama does not know, inside the scene manifest.
        package static let unknownKey = "unknown-key"
        /// The same key twice in one dictionary; only the last counts, as in CoreFoundation.
        package static let duplicateKey = "duplicate-key"
        /// A role with an empty array of configurations.
        package static let emptySceneRole = "empty-scene-role"
        /// `UISceneConfigurations` lists no configuration for `UIWindowSceneSessionRoleApplication`.
        package static let noApplicationConfiguration = "no-application-configuration"
        /// The scene manifest has no `UISceneConfigurations` at all.
        package static let missingSceneConfigurations = "missing-scene-configurations"
        /// A configuration without `UISceneConfigurationName`.
        package static let missingConfigurationName = "missing-configuration-name"
        /// Two configurations with the same name.
        package static let duplicateConfigurationName = "duplicate-configuration-name"
        /// A configuration without `UISceneDelegateClassName`.
        package static let missingDelegateClass = "missing-delegate-class"
        /// `$(NAME)` with no value in the variables given to the loader.
        package static let unresolvedBuildVariable = "unresolved-build-variable"
        /// `$(NAME:modifier)` with a modifier Diorama does not implement.
        package static let unknownBuildVariableModifier = "unknown-build-variable-modifier"
        /// No `CFBundleIdentifier`, which names the app's state directory.
        package static let missingBundleIdentifier = "missing-bundle-identifier"
    }

    package var id: String
    package var severity: Severity
    /// Where to look: the offending key, or line 1 of the file when the problem is
    /// something missing.
    package var location: SourceLocation
    /// What is wrong.
    package var message: String
    /// What to do about it; may span several lines (e.g. a snippet to paste).
    package var fix: String?

    package init(id: String, severity: Severity, location: SourceLocation, message: String, fix: String? = nil) {
        self.id = id
        self.severity = severity
        self.location = location
        self.message = message
        self.fix = fix
    }

    /// Compiler style, `file:line:column: warning: message [id]`, followed by the fix
    /// indented on the next lines.
    package var description: String {
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

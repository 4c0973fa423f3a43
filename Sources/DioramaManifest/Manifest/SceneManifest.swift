import DioramaModel
import Foundation

/// What an app's Info.plist says about its scenes, read the way UIKit reads it.
///
/// Load it once at launch (the scene runtime) or per file (`diorama lint`):
///
///     let manifest = try SceneManifest.load(from: infoPlistURL,
///                                           variables: ["PRODUCT_MODULE_NAME": "Notes"])
///     for diagnostic in manifest.diagnostics { print(diagnostic) }
///     let configuration = manifest.configuration(for: .windowApplication)
///
/// Only a file that is not a property list at all makes `load` throw. Everything else
/// (a missing scene manifest, a deprecated key, a wrong type, an unknown role) is
/// reported in `diagnostics` so that every problem shows up in one run.
public struct SceneManifest: Hashable, Sendable {
    /// The path the manifest was read from, as given.
    public var file: String
    /// `CFBundleIdentifier`, build variables substituted. Names the state directory.
    public var bundleIdentifier: String?
    /// `CFBundleName`, build variables substituted.
    public var bundleName: String?
    /// `UIRequiresFullScreen` as written. Recorded only so tools can show it: iPadOS 26
    /// ignores the key and so does Diorama; every scene is resizable.
    public var requiresFullScreen: Bool?
    /// Whether the file has a `UIApplicationSceneManifest` dictionary.
    public var hasSceneManifest: Bool
    /// `UIApplicationSupportsMultipleScenes`; `false` when absent, as in UIKit.
    public var supportsMultipleScenes: Bool
    /// Configurations of every supported role, in file order within a role.
    public var configurations: [SceneSessionRole: [SceneConfigurationDescription]]
    /// Everything worth telling about the file, roughly in the order a reader meets it.
    package var diagnostics: [ManifestDiagnostic]

    package init(
        file: String, bundleIdentifier: String? = nil, bundleName: String? = nil,
        requiresFullScreen: Bool? = nil, hasSceneManifest: Bool = false,
        supportsMultipleScenes: Bool = false,
        configurations: [SceneSessionRole: [SceneConfigurationDescription]] = [:],
        diagnostics: [ManifestDiagnostic] = []
    ) {
        self.file = file
        self.bundleIdentifier = bundleIdentifier
        self.bundleName = bundleName
        self.requiresFullScreen = requiresFullScreen
        self.hasSceneManifest = hasSceneManifest
        self.supportsMultipleScenes = supportsMultipleScenes
        self.configurations = configurations
        self.diagnostics = diagnostics
    }

    /// Reads an Info.plist (XML or binary) and interprets its scene keys.
    ///
    /// - Parameters:
    ///   - url: the Info.plist file.
    ///   - variables: values for `$(NAME)` build settings such as `PRODUCT_MODULE_NAME`
    ///     and `PRODUCT_BUNDLE_IDENTIFIER`; see ``BuildSettingSubstitution``.
    /// - Throws: ``PlistError`` (`file:line:column: problem; fix`) only when the file
    ///   cannot be read or parsed.
    package static func load(from url: URL, variables: [String: String] = [:]) throws(PlistError) -> SceneManifest {
        let propertyList = try PropertyList.load(contentsOf: url)
        return SceneManifest(propertyList: propertyList, file: url.path, variables: variables)
    }

    /// Interprets an already parsed Info.plist. `file` is used for locations of
    /// diagnostics about missing keys.
    package init(propertyList: PropertyList, file: String, variables: [String: String] = [:]) {
        var reader = SceneManifestReader(file: file, substitution: BuildSettingSubstitution(variables: variables))
        self = reader.read(propertyList)
    }

    // MARK: Lookup

    /// Configurations listed for `role`, in file order.
    public func configurations(for role: SceneSessionRole) -> [SceneConfigurationDescription] {
        configurations[role] ?? []
    }

    /// The first configuration for `role`: the one UIKit uses when the app does not
    /// choose (no `application(_:configurationForConnecting:options:)` answer).
    public func configuration(for role: SceneSessionRole) -> SceneConfigurationDescription? {
        configurations[role]?.first
    }

    /// The configuration named `name`, as `UISceneConfiguration(name:sessionRole:)`
    /// looks it up. With `role`, only that role is searched; otherwise supported roles
    /// are searched in ``SceneSessionRole/supported`` order.
    public func configuration(named name: String, role: SceneSessionRole? = nil) -> SceneConfigurationDescription? {
        let roles = role.map { [$0] } ?? SceneSessionRole.supported
        for role in roles {
            if let match = configurations(for: role).first(where: { $0.name == name }) { return match }
        }
        return nil
    }

    /// Every configuration of every supported role.
    public var allConfigurations: [SceneConfigurationDescription] {
        SceneSessionRole.supported.flatMap { configurations(for: $0) }
    }

    /// Whether any diagnostic is an error.
    package var hasErrors: Bool {
        diagnostics.contains { $0.severity == .error }
    }
}

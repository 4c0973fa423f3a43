import DioramaManifest
import DioramaModel

/// Which delegate and content a scene session gets (UIKit's `UISceneConfiguration`).
///
/// Built from a manifest entry (`UISceneConfigurations` in Info.plist), or by
/// the application delegate in `configurationForConnecting`. Names resolve
/// through `SceneClassRegistry`, because Swift on Linux cannot instantiate a
/// class from its name the way the Objective-C runtime does.
///
/// As in UIKit, `SceneConfiguration(name: "Inspector", role: …)` is enough:
/// when the scene connects, whatever the app left unset (delegate class,
/// scene class, content) is taken from the manifest entry with that name and
/// role. A name that matches no entry, on a configuration with no delegate of
/// its own, stops the connection with an error listing the names there are.
public struct SceneConfiguration: Sendable, Hashable {
    /// `UISceneConfigurationName`.
    public var name: String?
    /// The session role it serves.
    public var role: SceneSessionRole
    /// `UISceneDelegateClassName`, after build-variable substitution.
    public var delegateClassName: String?
    /// `UISceneClassName` (informational: every scene here is a window scene).
    public var sceneClassName: String?
    /// `UISceneStoryboardFile`: the name of a registered root-content factory.
    public var rootContentName: String?

    /// A configuration by `name` and `role` (UIKit's
    /// `UISceneConfiguration(name:sessionRole:)`); the parts left nil are
    /// filled from the manifest entry of that name when the scene connects.
    public init(
        name: String?, role: SceneSessionRole, delegateClassName: String? = nil,
        sceneClassName: String? = nil, rootContentName: String? = nil
    ) {
        self.name = name
        self.role = role
        self.delegateClassName = delegateClassName
        self.sceneClassName = sceneClassName
        self.rootContentName = rootContentName
    }

    /// The configuration a manifest entry describes.
    public init(_ description: SceneConfigurationDescription) {
        self.init(
            name: description.name, role: description.role, delegateClassName: description.delegateClassName,
            sceneClassName: description.sceneClassName, rootContentName: description.storyboardFile)
    }

    /// This configuration with the fields the app left unset filled in from
    /// the manifest entry of the same name and role (UIKit reads the
    /// Info.plist entry the same way).
    ///
    /// - Throws: `ApplicationError.unknownConfiguration` when the name matches
    ///   no entry for the role and the configuration has no delegate class of
    ///   its own — connecting it would show a blank window no code drives.
    func completed(from manifest: SceneManifest) throws(ApplicationError) -> SceneConfiguration {
        guard let name else { return self }
        guard let entry = manifest.configuration(named: name, role: role) else {
            if delegateClassName != nil { return self }
            throw .unknownConfiguration(
                name: name, role: role, file: manifest.file,
                available: manifest.configurations(for: role).compactMap(\.name))
        }
        var completed = self
        completed.delegateClassName = delegateClassName ?? entry.delegateClassName
        completed.sceneClassName = sceneClassName ?? entry.sceneClassName
        completed.rootContentName = rootContentName ?? entry.storyboardFile
        return completed
    }
}

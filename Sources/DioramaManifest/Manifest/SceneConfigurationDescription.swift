import DioramaModel

/// One entry of `UISceneConfigurations` in an Info.plist: how to build a scene of a
/// given role.
///
/// The runtime turns this into a live `UISceneConfiguration`-like object when a session
/// connects; the description itself is only data, with build variables already
/// substituted and the place in the file kept for diagnostics.
public struct SceneConfigurationDescription: Hashable, Sendable {
    /// The role key the configuration was listed under.
    public var role: SceneSessionRole
    /// `UISceneConfigurationName`: what the app names when it asks for a configuration.
    public var name: String?
    /// `UISceneDelegateClassName`, usually `Module.SceneDelegate`.
    public var delegateClassName: String?
    /// `UISceneClassName`; `nil` means the role's default (`UIWindowScene`).
    public var sceneClassName: String?
    /// `UISceneStoryboardFile`, without extension.
    public var storyboardFile: String?
    /// Where the configuration's `<dict>` starts; `nil` for binary plists.
    public var location: SourceLocation?

    package init(
        role: SceneSessionRole, name: String? = nil, delegateClassName: String? = nil,
        sceneClassName: String? = nil, storyboardFile: String? = nil,
        location: SourceLocation? = nil
    ) {
        self.role = role
        self.name = name
        self.delegateClassName = delegateClassName
        self.sceneClassName = sceneClassName
        self.storyboardFile = storyboardFile
        self.location = location
    }
}

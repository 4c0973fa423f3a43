import DioramaModel

/// Which delegate and content a scene session gets (UIKit's `UISceneConfiguration`).
///
/// Built from a manifest entry (`UISceneConfigurations` in Info.plist), or by
/// the application delegate in `configurationForConnecting`. Names resolve
/// through `SceneClassRegistry`, because Swift on Linux cannot instantiate a
/// class from its name the way the Objective-C runtime does.
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

    public init(name: String?, role: SceneSessionRole, delegateClassName: String? = nil,
                sceneClassName: String? = nil, rootContentName: String? = nil) {
        self.name = name
        self.role = role
        self.delegateClassName = delegateClassName
        self.sceneClassName = sceneClassName
        self.rootContentName = rootContentName
    }

    init(_ description: SceneConfigurationDescription) {
        self.init(name: description.name, role: description.role, delegateClassName: description.delegateClassName,
                  sceneClassName: description.sceneClassName, rootContentName: description.storyboardFile)
    }
}

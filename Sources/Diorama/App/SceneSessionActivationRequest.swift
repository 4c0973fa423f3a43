import DioramaModel

/// What `Application.activateSceneSession(for:errorHandler:)` should do
/// (UIKit's `UISceneSessionActivationRequest`): open a new session of a role,
/// or re-activate an existing one, optionally with an activity to show.
@MainActor
public struct SceneSessionActivationRequest {
    /// The role of the new session (ignored when `session` is set).
    public var role: SceneSessionRole
    /// The session to re-activate; nil opens a new one.
    public var session: SceneSession?
    /// Handed to the scene's delegate in `willConnectTo`'s options.
    public var userActivity: UserActivity?
    /// The manifest configuration the new session uses (`UISceneConfigurationName`);
    /// nil lets the application delegate choose, defaulting to the role's first
    /// entry. Diorama's addition: UIKit routes this through the delegate only.
    public var configurationName: String?

    /// A request for a new session of `role`.
    public init(role: SceneSessionRole = .windowApplication, userActivity: UserActivity? = nil,
                configurationName: String? = nil) {
        self.role = role
        self.userActivity = userActivity
        self.configurationName = configurationName
    }

    /// A request to re-activate `session`.
    public init(session: SceneSession, userActivity: UserActivity? = nil) {
        self.role = session.role
        self.session = session
        self.userActivity = userActivity
    }
}

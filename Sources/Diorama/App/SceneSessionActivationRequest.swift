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
    /// How the request is made: which scene asked (UIKit's `options`).
    public var options: SceneActivationRequestOptions

    /// A request for a new session of `role`.
    public init(
        role: SceneSessionRole = .windowApplication, userActivity: UserActivity? = nil,
        configurationName: String? = nil, options: SceneActivationRequestOptions = SceneActivationRequestOptions()
    ) {
        self.role = role
        self.userActivity = userActivity
        self.configurationName = configurationName
        self.options = options
    }

    /// A request to re-activate `session`.
    public init(
        session: SceneSession, userActivity: UserActivity? = nil,
        options: SceneActivationRequestOptions = SceneActivationRequestOptions()
    ) {
        self.role = session.role
        self.session = session
        self.userActivity = userActivity
        self.options = options
    }
}

/// How a scene session activation is asked for (UIKit's
/// `UIScene.ActivationRequestOptions`).
@MainActor
public struct SceneActivationRequestOptions {
    /// The scene the request comes from — the one whose button or key opened
    /// the new window (UIKit's `requestingScene`). It must be connected: a
    /// scene that has disconnected fails the request with
    /// `ApplicationError.requestingSceneNotConnected`. The new scene's
    /// delegate finds its session's identifier in
    /// `SceneConnectionOptions.requestingSessionIdentifier`, to open beside
    /// it or copy its state. Where the window appears stays the compositor's
    /// choice: a Wayland client cannot place its windows.
    public var requestingScene: WindowScene?

    /// Options naming `requestingScene` (nil: no scene asked, as at launch
    /// or from a timer).
    public init(requestingScene: WindowScene? = nil) {
        self.requestingScene = requestingScene
    }
}

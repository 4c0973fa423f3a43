import DioramaModel

/// Everything saved about one scene session, as `UISceneSession` keeps it across
/// launches: which session it is, how its scene is configured, and what to restore.
///
/// The runtime saves a record when a scene disconnects or goes to the background, and
/// reads all records at launch to offer the sessions back (reconnecting their scenes
/// with the same identifier). When the user closes a window for good, the session is
/// discarded and its record removed.
public struct SceneSessionRecord: Codable, Hashable, Sendable, Identifiable {
    /// Stable across launches, unique per session; usually a UUID string.
    public var persistentIdentifier: String
    public var role: SceneSessionRole
    /// The `UISceneConfigurationName` the scene was created with, to reconnect it with
    /// the same delegate class.
    public var configurationName: String?
    /// The session's `userInfo`.
    public var userInfo: [String: UserInfoValue]
    /// What the scene delegate returned from `stateRestorationActivity(for:)`.
    public var stateRestorationActivity: UserActivityRecord?

    public var id: String { persistentIdentifier }

    public init(
        persistentIdentifier: String, role: SceneSessionRole = .windowApplication,
        configurationName: String? = nil, userInfo: [String: UserInfoValue] = [:],
        stateRestorationActivity: UserActivityRecord? = nil
    ) {
        self.persistentIdentifier = persistentIdentifier
        self.role = role
        self.configurationName = configurationName
        self.userInfo = userInfo
        self.stateRestorationActivity = stateRestorationActivity
    }
}

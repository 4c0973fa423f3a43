/// The saved form of a scene's `stateRestorationActivity` (an `NSUserActivity`): the
/// part that survives a relaunch and lets the scene delegate put the user back where
/// they were.
public struct UserActivityRecord: Codable, Hashable, Sendable {
    /// Reverse-DNS type the app registered, e.g. `com.example.notes.viewing`.
    public var activityType: String
    /// A title for the activity, if the app gave one.
    public var title: String?
    /// What the app stored to restore the scene.
    public var userInfo: [String: UserInfoValue]

    /// An activity of `activityType`.
    public init(activityType: String, title: String? = nil, userInfo: [String: UserInfoValue] = [:]) {
        self.activityType = activityType
        self.title = title
        self.userInfo = userInfo
    }
}

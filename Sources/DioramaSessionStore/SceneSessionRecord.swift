import DioramaModel

/// Everything saved about one scene session, as `UISceneSession` keeps it across
/// launches: which session it is, how its scene is configured, and what to restore.
///
/// The runtime saves a record when a scene disconnects or goes to the background, and
/// reads all records at launch to offer the sessions back (reconnecting their scenes
/// with the same identifier). When the user closes a window for good, the session is
/// discarded and its record removed.
package struct SceneSessionRecord: Codable, Hashable, Sendable, Identifiable {
    /// Stable across launches, unique per session; usually a UUID string.
    package var persistentIdentifier: String
    package var role: SceneSessionRole
    /// The `UISceneConfigurationName` the scene was created with, to reconnect it with
    /// the same delegate class.
    package var configurationName: String?
    /// The session's `userInfo`.
    package var userInfo: [String: UserInfoValue]
    /// What the scene delegate returned from `stateRestorationActivity(for:)`.
    package var stateRestorationActivity: UserActivityRecord?
    /// The window's size in points when the session was last saved, asked for
    /// again when it reconnects (as iPadOS restores a window's size). Nil in
    /// files written before Diorama saved it, and for a scene never shown.
    package var lastSize: Size?
    /// The name of the output (`wl_output.name`, e.g. `DP-2`) the window was on
    /// when last saved, asked for again when it reconnects where the
    /// compositor lets a client say so. Nil in older files and off-screen.
    package var lastScreenName: String?
    /// When the user last had the scene active, as a count that only grows
    /// across launches: sessions reconnect from the lowest to the highest, so
    /// the one used last connects last and ends up in front. Nil in older
    /// files and for a scene never active; those reconnect first.
    package var lastActivation: UInt64?

    package var id: String { persistentIdentifier }

    package init(
        persistentIdentifier: String, role: SceneSessionRole = .windowApplication,
        configurationName: String? = nil, userInfo: [String: UserInfoValue] = [:],
        stateRestorationActivity: UserActivityRecord? = nil, lastSize: Size? = nil, lastScreenName: String? = nil,
        lastActivation: UInt64? = nil
    ) {
        self.persistentIdentifier = persistentIdentifier
        self.role = role
        self.configurationName = configurationName
        self.userInfo = userInfo
        self.stateRestorationActivity = stateRestorationActivity
        self.lastSize = lastSize
        self.lastScreenName = lastScreenName
        self.lastActivation = lastActivation
    }
}

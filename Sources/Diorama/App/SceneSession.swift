import DioramaModel
import DioramaSessionStore
import Foundation

/// A scene's persistent record (UIKit's `UISceneSession`): it outlives the
/// scene, is saved when the app quits, and reconnects on the next launch.
@MainActor
public final class SceneSession: Hashable {
    /// Stable across launches; names the session's file in the state directory.
    public let persistentIdentifier: String
    /// What kind of scene the session is for (UIKit's `role`): an app window,
    /// or a non-interactive external display.
    public let role: SceneSessionRole
    /// The configuration the scene connected with, completed from the
    /// manifest (UIKit's `configuration`).
    public internal(set) var configuration: SceneConfiguration
    /// App data kept with the session (UIKit's `userInfo`), saved with it.
    public var userInfo: [String: UserInfoValue]
    /// The scene while connected. The session owns it (UIKit's application
    /// does, through connectedScenes); disconnecting clears it.
    public internal(set) var scene: WindowScene?
    /// The activity restored from the last launch, until the scene connects.
    public internal(set) var stateRestorationActivity: UserActivity?
    /// Where the window was when the session was last saved: its size in
    /// points and its output's name, asked for again when it reconnects.
    var lastPlacement = WindowPlacement()
    /// The application's activation count when the scene last became active
    /// (see `SceneSessionRecord.lastActivation`).
    var lastActivation: UInt64?

    init(
        persistentIdentifier: String = UUID().uuidString, role: SceneSessionRole,
        configuration: SceneConfiguration, userInfo: [String: UserInfoValue] = [:],
        stateRestorationActivity: UserActivity? = nil
    ) {
        self.persistentIdentifier = persistentIdentifier
        self.role = role
        self.configuration = configuration
        self.userInfo = userInfo
        self.stateRestorationActivity = stateRestorationActivity
    }

    var record: SceneSessionRecord {
        SceneSessionRecord(
            persistentIdentifier: persistentIdentifier, role: role,
            configurationName: configuration.name, userInfo: userInfo,
            stateRestorationActivity: stateRestorationActivity, lastSize: lastPlacement.size,
            lastScreenName: lastPlacement.screenName, lastActivation: lastActivation)
    }

    nonisolated public static func == (lhs: SceneSession, rhs: SceneSession) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Where a window would like to open: the size (points) and the output it
/// had when its session was saved. The compositor has the last word: the
/// size is committed only when its first configure leaves the size to the
/// client, and the output is asked for only where the compositor offers
/// `diorama_window_placement_v1` (Docs/runtime.md, "Windows come back where
/// they were").
struct WindowPlacement: Hashable, Sendable {
    var size: Size?
    var screenName: String?
}

/// Why and how a scene is being connected (UIKit's `UIScene.ConnectionOptions`).
public struct SceneConnectionOptions: Sendable, Hashable {
    /// Activities the scene was asked to show (a new-scene request, or the
    /// restored activity of a saved session).
    public var userActivities: [UserActivity]
    /// True when this connection reconnects a session saved by an earlier launch.
    public var isRestoringSession: Bool
    /// For an external-display scene: the name of the output it is for.
    public var outputName: String?
    /// The persistent identifier of the session whose scene asked for this
    /// one (`SceneActivationRequestOptions.requestingScene`); nil when no
    /// scene asked. Diorama's addition: UIKit keeps the requesting scene to
    /// the system.
    public var requestingSessionIdentifier: String?

    /// Options as the application builds them for `willConnectTo`; tests and
    /// custom delegates may build their own.
    public init(
        userActivities: [UserActivity] = [], isRestoringSession: Bool = false, outputName: String? = nil,
        requestingSessionIdentifier: String? = nil
    ) {
        self.userActivities = userActivities
        self.isRestoringSession = isRestoringSession
        self.outputName = outputName
        self.requestingSessionIdentifier = requestingSessionIdentifier
    }
}

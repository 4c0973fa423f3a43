import DioramaModel

/// The app's delegate (UIKit's `UIApplicationDelegate`, scene-based parts).
/// Every method has a default, so an app implements only what it needs.
@MainActor
public protocol ApplicationDelegate: AnyObject {
    /// Fires once, after the manifest is read and the compositor connected,
    /// before any scene connects. Return false to quit.
    func applicationDidFinishLaunching(_ application: Application) -> Bool

    /// Fires before a session's scene connects: pick its configuration. The
    /// default returns `defaultConfiguration`, the manifest's first entry for
    /// the role (or the one a restored session was saved with).
    func application(
        _ application: Application, configurationForConnecting session: SceneSession,
        options: SceneConnectionOptions, defaultConfiguration: SceneConfiguration?
    ) -> SceneConfiguration?

    /// Fires when sessions were discarded: closed by the user
    /// (`xdg_toplevel.close`) or destroyed by the app. Their saved state is gone.
    func application(_ application: Application, didDiscardSceneSessions sessions: Set<SceneSession>)

    /// Fires before the app exits normally; sessions are saved afterwards.
    func applicationWillTerminate(_ application: Application)
}

public extension ApplicationDelegate {
    func applicationDidFinishLaunching(_ application: Application) -> Bool { true }
    func application(
        _ application: Application, configurationForConnecting session: SceneSession,
        options: SceneConnectionOptions, defaultConfiguration: SceneConfiguration?
    ) -> SceneConfiguration? {
        defaultConfiguration
    }
    func application(_ application: Application, didDiscardSceneSessions sessions: Set<SceneSession>) {}
    func applicationWillTerminate(_ application: Application) {}
}

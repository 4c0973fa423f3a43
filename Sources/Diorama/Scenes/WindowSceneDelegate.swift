import DioramaModel

/// A window scene's delegate (UIKit's `UIWindowSceneDelegate`). Registered by
/// name in `SceneClassRegistry` and created by the runtime with `init()`.
/// Every callback has a default; all run on the main actor, like UIKit.
@MainActor
public protocol WindowSceneDelegate: AnyObject {
    /// Called by the runtime as the scene connects, before `willConnectTo`:
    /// delegates are created by their registered name, so they take no arguments.
    init()

    /// The scene exists and its toplevel is created, before the first frame.
    /// Restore state here, or in `restoreInteractionState`.
    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: SceneConnectionOptions)
    /// The toplevel is gone (closed, app quitting, or its display went away for an external-display scene).
    func sceneDidDisconnect(_ scene: WindowScene)
    /// The toplevel gained the xdg `activated` state (keyboard focus).
    func sceneDidBecomeActive(_ scene: WindowScene)
    /// The toplevel lost `activated`.
    func sceneWillResignActive(_ scene: WindowScene)
    /// The surface is on an output again (or for the first time).
    func sceneWillEnterForeground(_ scene: WindowScene)
    /// The surface left every output (minimised, or its outputs unplugged): nothing is drawn.
    func sceneDidEnterBackground(_ scene: WindowScene)
    /// Bounds, orientation, interactive-resize state, orientation lock or
    /// minimum-size state changed; fires once per real change.
    func windowScene(_ scene: WindowScene, didUpdateEffectiveGeometry previousGeometry: EffectiveGeometry)
    /// Asked when sessions are saved (quit, or background): what to restore next time.
    func stateRestorationActivity(for scene: WindowScene) -> UserActivity?
    /// After `willConnectTo` on a relaunch: the activity saved last time.
    func scene(_ scene: WindowScene, restoreInteractionStateWith activity: UserActivity)
}

public extension WindowSceneDelegate {
    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: SceneConnectionOptions) {}
    func sceneDidDisconnect(_ scene: WindowScene) {}
    func sceneDidBecomeActive(_ scene: WindowScene) {}
    func sceneWillResignActive(_ scene: WindowScene) {}
    func sceneWillEnterForeground(_ scene: WindowScene) {}
    func sceneDidEnterBackground(_ scene: WindowScene) {}
    func windowScene(_ scene: WindowScene, didUpdateEffectiveGeometry previousGeometry: EffectiveGeometry) {}
    func stateRestorationActivity(for scene: WindowScene) -> UserActivity? { nil }
    func scene(_ scene: WindowScene, restoreInteractionStateWith activity: UserActivity) {}
}

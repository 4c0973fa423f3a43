import Diorama

/// The activity type under which the main scene saves its state.
let timerActivityType = "org.diorama.TimerApp.main"

/// The Main Scene: the timer with its controls; at least 500 points wide.
@MainActor
final class MainSceneDelegate: WindowSceneDelegate {
    private(set) var timeFormat = TimeFormat.hoursMinutesSeconds

    required init() {}

    /// Switches the format; the title shows it, so the choice is visible from
    /// outside (a window list, or `swaymsg -t get_tree`) as well as in the frame.
    func setTimeFormat(_ format: TimeFormat, in scene: WindowScene) {
        timeFormat = format
        scene.title = "Main (\(format.rawValue))"
        scene.setNeedsDisplay()
    }

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
        // WWDC25: the main scene needs 500 points of width for its controls.
        scene.sizeRestrictions.minimumSize = Size(width: 500, height: 0)
        scene.preferredContentSize = Size(width: 640, height: 480)
        scene.title = "Main (\(timeFormat.rawValue))"
        // The text is drawn at the display's scale: redraw when it changes
        // (on a drag to another display, say).
        scene.registerForTraitChanges([.displayScale]) { scene, _ in scene.setNeedsDisplay() }
    }

    func scene(_ scene: WindowScene, restoreInteractionStateWith activity: UserActivity) {
        guard activity.activityType == timerActivityType,
            case .string(let saved)? = activity.userInfo["timeFormat"],
            let format = TimeFormat(rawValue: saved)
        else { return }
        setTimeFormat(format, in: scene)
    }

    func stateRestorationActivity(for scene: WindowScene) -> UserActivity? {
        UserActivity(activityType: timerActivityType, title: "Timer", userInfo: ["timeFormat": .string(timeFormat.rawValue)])
    }

    func sceneWillEnterForeground(_ scene: WindowScene) { TimerModel.shared.sceneEnteredForeground(scene) }
    func sceneDidEnterBackground(_ scene: WindowScene) { TimerModel.shared.sceneEnteredBackground(scene) }
    func sceneDidDisconnect(_ scene: WindowScene) { TimerModel.shared.sceneDisconnected(scene) }
}

/// The Timer Scene: the running time, large, on an external display.
@MainActor
final class TimerSceneDelegate: WindowSceneDelegate {
    required init() {}

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
        scene.title = "Timer"
    }

    func sceneWillEnterForeground(_ scene: WindowScene) { TimerModel.shared.sceneEnteredForeground(scene) }
    func sceneDidEnterBackground(_ scene: WindowScene) { TimerModel.shared.sceneEnteredBackground(scene) }
    func sceneDidDisconnect(_ scene: WindowScene) { TimerModel.shared.sceneDisconnected(scene) }
}

// TimerApp: WWDC25-282's example on Diorama. A Main scene (minimum width 500
// points) and a Timer scene that appears on an external display when one is
// plugged in. Run under any Wayland compositor: `.build/debug/TimerApp`.
import Diorama

MainActor.assumeIsolated {
    let registry = SceneClassRegistry()
    registry.register(MainSceneDelegate.self, as: "TimerApp.MainSceneDelegate")
    registry.register(TimerSceneDelegate.self, as: "TimerApp.TimerSceneDelegate")
    registry.registerRootContent(named: "TimerContent") { TimerContent() }
    ApplicationMain.run(
        infoPlist: ApplicationMain.infoPlistLocation(appName: "TimerApp"), registry: registry,
        buildVariables: ["PRODUCT_MODULE_NAME": "TimerApp"])
}

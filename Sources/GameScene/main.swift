// GameScene: the Metal-window article's game on Diorama, rendering in
// software. Run under any Wayland compositor: `.build/debug/GameScene`.
import Diorama

MainActor.assumeIsolated {
    let registry = SceneClassRegistry()
    registry.register(GameSceneDelegate.self, as: "GameScene.GameSceneDelegate")
    registry.registerRootContent(named: "GameContent") { GameContent() }
    ApplicationMain.run(infoPlist: ApplicationMain.infoPlistLocation(appName: "GameScene"), registry: registry,
                        buildVariables: ["PRODUCT_MODULE_NAME": "GameScene"])
}

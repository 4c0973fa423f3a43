// GameScene: the Metal-window article's game on Diorama, rendering in
// software, with OpenGL ES with `--renderer gles`, or with Vulkan with
// `--renderer vulkan`. Run under any Wayland compositor:
// `.build/debug/GameScene [--renderer vulkan | --renderer gles
// [--gl-presentation automatic|window-surface|shared-memory]]`.
import Diorama

MainActor.assumeIsolated {
    GameOptions.parse(CommandLine.arguments)
    let registry = SceneClassRegistry()
    registry.register(GameSceneDelegate.self, as: "GameScene.GameSceneDelegate")
    registry.registerRootContent(named: "GameContent") { GameContent() }
    ApplicationMain.run(
        infoPlist: ApplicationMain.infoPlistLocation(appName: "GameScene"), registry: registry,
        buildVariables: ["PRODUCT_MODULE_NAME": "GameScene"], usage: GameOptions.usage)
}

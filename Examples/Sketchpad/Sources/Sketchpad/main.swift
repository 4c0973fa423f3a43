// Sketchpad: a canvas that lays out its palette by size class, keeps its
// stroke colour across launches, and opens an Inspector scene on request.
// Run: swift run Sketchpad --info-plist Info.plist (under any Wayland compositor,
// e.g. `diorama sim`).
import Diorama

MainActor.assumeIsolated {
    let registry = SceneClassRegistry()
    // Registered under their module-qualified names (Sketchpad.CanvasSceneDelegate),
    // which is what $(PRODUCT_MODULE_NAME).CanvasSceneDelegate in Info.plist expands to.
    registry.register(CanvasSceneDelegate.self)
    registry.register(InspectorSceneDelegate.self)
    registry.registerRootContent(named: "SketchCanvas") { SketchCanvas() }
    registry.registerRootContent(named: "InspectorPanel") { InspectorPanel() }
    ApplicationMain.run(
        infoPlist: ApplicationMain.infoPlistLocation(appName: "Sketchpad"), registry: registry,
        delegate: SketchpadAppDelegate())
}

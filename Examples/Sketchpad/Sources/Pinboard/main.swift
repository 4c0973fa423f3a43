// Pinboard: cards on a board, moved the ways an iPad app's users move
// things — dragged with a finger or the pointer, nudged with the arrow keys
// (held, they repeat), flipped with a double-tap, the board panned with the
// scroll wheel. It imports `Diorama` and nothing else: `CGPoint`, `CGRect`
// and `TimeInterval` come with it, as they come with UIKit.
// Run: swift run Pinboard --info-plist Pinboard.plist (under any Wayland
// compositor, e.g. `diorama sim`).
import Diorama

MainActor.assumeIsolated {
    let registry = SceneClassRegistry()
    registry.register(BoardSceneDelegate.self)
    registry.registerRootContent(named: "Board") { Board() }
    ApplicationMain.run(
        infoPlist: ApplicationMain.infoPlistLocation(appName: "Pinboard"), registry: registry,
        usage: "usage: Pinboard [--info-plist PATH]\nCards on a board: drag, double-click, arrow keys, Tab, scroll.")
}

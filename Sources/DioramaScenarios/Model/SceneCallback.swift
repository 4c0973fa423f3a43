/// A runtime callback whose calls a `CALLBACK fired N times` clause counts.
///
/// The names are those of the UIKit methods a developer overrides, shortened where
/// UIKit's selector has a label prefix. The executor counts them from the runtime
/// trace:
///
/// | name | UIKit | runtime trace |
/// | --- | --- | --- |
/// | `willConnectTo` | `scene(_:willConnectTo:options:)` | `session_connected` |
/// | `sceneDidDisconnect` | `sceneDidDisconnect(_:)` | `lifecycle` event `didDisconnect` |
/// | `sceneWillEnterForeground` | `sceneWillEnterForeground(_:)` | `lifecycle` event `willEnterForeground` |
/// | `sceneDidBecomeActive` | `sceneDidBecomeActive(_:)` | `lifecycle` event `didBecomeActive` |
/// | `sceneWillResignActive` | `sceneWillResignActive(_:)` | `lifecycle` event `willResignActive` |
/// | `sceneDidEnterBackground` | `sceneDidEnterBackground(_:)` | `lifecycle` event `didEnterBackground` |
/// | `didUpdateEffectiveGeometry` | `windowScene(_:didUpdate…:)` | `geometry` |
/// | `traitsDidChange` | `registerForTraitChanges` handlers (one count per handler call) | `trait_handler_called` |
/// | `drawableSizeWillChange` | `mtkView(_:drawableSizeWillChange:)` | `drawable_size` |
/// | `screenDidChange` | the scene's `screen` changing | `screen` |
/// | `touchesBegan`, `touchesMoved`, `touchesEnded`, `touchesCancelled` | `touchesBegan(_:with:)` … (one count per touch) | `input` event of that name |
/// | `pointerHovered`, `pointerExited`, `scrolled` | hover and scroll callbacks of `RootContent` | `input` event of that name |
/// | `pressesBegan`, `pressesEnded`, `pressesCancelled` | `pressesBegan(_:with:)` … (one count per press; each repeat of a held key is a `pressesBegan`) | `input` event `keyPressed`, `keyReleased`, `keyCancelled` |
/// | `keyPressed` | the older name of `pressesBegan`, still counted | `input` event `keyPressed` |
package enum SceneCallback: String, Hashable, Sendable, Codable, CaseIterable {
    case willConnectTo
    case sceneDidDisconnect
    case sceneWillEnterForeground
    case sceneDidBecomeActive
    case sceneWillResignActive
    case sceneDidEnterBackground
    case didUpdateEffectiveGeometry
    case traitsDidChange
    case drawableSizeWillChange
    case screenDidChange
    case touchesBegan
    case touchesMoved
    case touchesEnded
    case touchesCancelled
    case pointerHovered
    case pointerExited
    case scrolled
    case keyPressed
    case pressesBegan
    case pressesEnded
    case pressesCancelled
}

extension SceneCallback {
    /// The callbacks one runtime-trace `input` record counts for: the
    /// record's `event` is the callback's name, except for key presses,
    /// whose trace names (`keyPressed`, `keyReleased`, `keyCancelled`)
    /// predate `pressesBegan` and stay, as the trace format only adds.
    package static func counted(byInputEvent event: String) -> [SceneCallback] {
        switch event {
        case "keyPressed": [.pressesBegan, .keyPressed]
        case "keyReleased": [.pressesEnded]
        case "keyCancelled": [.pressesCancelled]
        default: SceneCallback(rawValue: event).map { [$0] } ?? []
        }
    }
}

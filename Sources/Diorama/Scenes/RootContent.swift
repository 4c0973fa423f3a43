import DioramaModel

/// A scene's content: Diorama's stand-in for a storyboard's root view
/// controller and its MTKView delegate. Created by the factory registered
/// under the configuration's `UISceneStoryboardFile` name, or assigned by the
/// scene delegate in `willConnectTo`.
@MainActor
public protocol RootContent: AnyObject {
    /// UIKit's `prefersInterfaceOrientationLocked`; after changing what it
    /// returns, call `WindowScene.setNeedsUpdateOfPrefersInterfaceOrientationLocked()`.
    var prefersInterfaceOrientationLocked: Bool { get }

    /// Fires before the next frame is drawn at a new drawable size (never
    /// zero), including a size the app set (`autoResizeDrawable` off). With
    /// wp_viewporter never during an interactive resize, once when it ends;
    /// without it the drawable follows each step. The
    /// `mtkView(_:drawableSizeWillChange:)` counterpart.
    func drawableSizeWillChange(_ size: Size, in scene: WindowScene)

    /// Draws one frame into the drawable. Called when a frame callback allows
    /// and the scene is in the foreground.
    func draw(_ drawable: Drawable, in scene: WindowScene)

    /// A key was pressed while the scene had keyboard focus.
    func keyPressed(_ key: KeyPress, in scene: WindowScene)
}

public extension RootContent {
    var prefersInterfaceOrientationLocked: Bool { false }
    func drawableSizeWillChange(_ size: Size, in scene: WindowScene) {}
    func keyPressed(_ key: KeyPress, in scene: WindowScene) {}
}

/// A key press delivered to the focused scene.
public struct KeyPress: Sendable, Hashable {
    /// The xkb keysym.
    public var keysym: UInt32
    /// The text it types (empty for keys that type nothing).
    public var text: String

    public init(keysym: UInt32, text: String) {
        self.keysym = keysym
        self.text = text
    }
}

import DioramaModel
import Foundation

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

    /// Draws one OpenGL ES frame, for a scene whose `DrawableLayer.renderer`
    /// is `.openGLES` (and EGL initialised): the context is current and the
    /// drawable's framebuffer bound. Called when `draw(_:in:)` would be; a
    /// scene that falls back to software gets `draw(_:in:)` instead. The
    /// default clears to dark grey. The `MTKViewDelegate.draw(in:)` counterpart.
    func draw(in drawable: GLESDrawable, for scene: WindowScene)

    /// Records one Vulkan frame, for a scene whose `DrawableLayer.renderer`
    /// is `.vulkan` (and Vulkan initialised): the drawable's command buffer
    /// is being recorded and its image is ready to be drawn. Called when
    /// `draw(_:in:)` would be; a scene that falls back to software gets
    /// `draw(_:in:)` instead. The default clears to dark grey.
    func draw(in drawable: VulkanDrawable, for scene: WindowScene)

    /// Draws one Cairo frame, for a scene whose `DrawableLayer.renderer` is
    /// `.cairo`: shapes and Pango text in points on the frame's pixels
    /// (the device scale is the scene's scale). Called when `draw(_:in:)`
    /// would be; a scene that falls back to software gets `draw(_:in:)`
    /// instead. The default clears to dark grey.
    func draw(in drawable: CairoDrawable, for scene: WindowScene)

    /// Keys went down while the scene had keyboard focus (UIKit's
    /// `pressesBegan(_:with:)`); a held key comes again with
    /// ``Press/isRepeat`` at the compositor's repeat rate.
    func pressesBegan(_ presses: [Press], in scene: WindowScene)
    /// Keys came up (UIKit's `pressesEnded(_:with:)`): once per key, after
    /// its repeats.
    func pressesEnded(_ presses: [Press], in scene: WindowScene)
    /// Keyboard focus left the scene with keys down: they will not come up
    /// here (UIKit's `pressesCancelled(_:with:)`).
    func pressesCancelled(_ presses: [Press], in scene: WindowScene)

    /// Fingers went down, or pointer buttons were pressed, on the scene
    /// (UIKit's `touchesBegan(_:with:)`). Each group the compositor sends
    /// together arrives in one call.
    func touchesBegan(_ touches: [Touch], in scene: WindowScene)
    /// Touches that began on the scene moved (also outside it).
    func touchesMoved(_ touches: [Touch], in scene: WindowScene)
    /// Fingers lifted, or buttons were released.
    func touchesEnded(_ touches: [Touch], in scene: WindowScene)
    /// The compositor took the touches over (or the pointer left with a
    /// button held): they will not end; undo what they started.
    func touchesCancelled(_ touches: [Touch], in scene: WindowScene)

    /// The pointer entered or moved over the scene with no button held:
    /// UIKit's `UIHoverGestureRecognizer` began/changed.
    func pointerHovered(_ hover: PointerHover, in scene: WindowScene)
    /// The pointer left the scene (the hover recognizer's `ended`).
    func pointerExited(in scene: WindowScene)
    /// A scroll wheel or touchpad scrolled over the scene: what a
    /// `UIPanGestureRecognizer` with `allowedScrollTypesMask` reports. Fires
    /// once per group of axis events the compositor sends together.
    func scrolled(_ scroll: PointerScroll, in scene: WindowScene)
}

public extension RootContent {
    var prefersInterfaceOrientationLocked: Bool { false }
    func drawableSizeWillChange(_ size: Size, in scene: WindowScene) {}
    func draw(in drawable: GLESDrawable, for scene: WindowScene) {
        drawable.clearToEmptySceneColor()
    }
    func draw(in drawable: VulkanDrawable, for scene: WindowScene) {
        drawable.clearToEmptySceneColor()
    }
    func draw(in drawable: CairoDrawable, for scene: WindowScene) {
        drawable.clear(to: SceneFrame.emptySceneColor)
    }
    func pressesBegan(_ presses: [Press], in scene: WindowScene) {}
    func pressesEnded(_ presses: [Press], in scene: WindowScene) {}
    func pressesCancelled(_ presses: [Press], in scene: WindowScene) {}
    func touchesBegan(_ touches: [Touch], in scene: WindowScene) {}
    func touchesMoved(_ touches: [Touch], in scene: WindowScene) {}
    func touchesEnded(_ touches: [Touch], in scene: WindowScene) {}
    func touchesCancelled(_ touches: [Touch], in scene: WindowScene) {}
    func pointerHovered(_ hover: PointerHover, in scene: WindowScene) {}
    func pointerExited(in scene: WindowScene) {}
    func scrolled(_ scroll: PointerScroll, in scene: WindowScene) {}
}

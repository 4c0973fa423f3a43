import DioramaClient
import DioramaModel
import Foundation

/// Draws a scene's frames with one renderer and hands them to the
/// compositor, in the three steps `SceneSurface.drawFrame` takes for every
/// renderer:
///
/// 1. `prepare`: get what the frame goes into (a `wl_shm` buffer, a
///    swapchain image), before the frame counts as being drawn;
/// 2. `render`: the content draws the frame, which is finished when the
///    call returns (the scene then reads the socket once more, and may
///    abandon the frame and start again at step 1 for a new geometry);
/// 3. `commit`: the frame goes to the compositor, after `SceneSurface` set
///    the buffer scale, viewport and frame callback.
///
/// Presenters only put pixels into buffers: the buffer size, buffer scale,
/// viewport and drawable size are the scene state's (`SceneFrame`), the
/// same for every renderer. `PresenterChoice` decides which one draws.
@MainActor
protocol ScenePresenter: AnyObject {
    /// The renderer that draws the frames (what `activeRenderer` reports).
    var renderer: DrawableLayer.Renderer { get }
    /// How OpenGL ES frames reach the compositor; nil for the other renderers.
    var glesPresentation: DrawableLayer.GLESPresentation? { get }
    /// Whether another library (EGL, the Vulkan driver) commits the frames,
    /// reading the Wayland socket while it does.
    var commitsThroughAnotherLibrary: Bool { get }

    func prepare(_ frame: SceneFrame) throws(PresenterFailure)
    func render(_ frame: SceneFrame) throws(PresenterFailure)
    func commit(_ frame: SceneFrame, to surface: Surface) throws(PresenterFailure)
}

extension ScenePresenter {
    var glesPresentation: DrawableLayer.GLESPresentation? { nil }
}

/// Why a presenter could not draw or commit a frame.
enum PresenterFailure: Error {
    /// The renderer cannot draw this scene (any more): the frame is drawn
    /// again in software (`PresenterChoice.fail`).
    case rendererUnavailable(RendererUnavailable)
    /// No `wl_shm` buffer for the frame (the shared memory could not grow):
    /// the frame is skipped.
    case noBuffer(Size, ShmError)
}

/// Why a renderer other than plain software cannot draw a scene: the EGL,
/// Vulkan or Cairo step that failed and its error (`GLESUnavailable`,
/// `VulkanUnavailable`, `CairoUnavailable`), for the one warning per
/// process and the trace's `renderer` record.
struct RendererUnavailable: Error, CustomStringConvertible {
    var renderer: DrawableLayer.Renderer
    var reason: String

    init(_ renderer: DrawableLayer.Renderer, _ failure: some CustomStringConvertible) {
        self.renderer = renderer
        reason = failure.description
    }

    var description: String { reason }
}

/// One frame of a scene as every presenter draws it: the buffer the scene's
/// state asks for, the drawable the content draws into, and where a
/// drawable of another size goes in the buffer.
@MainActor
struct SceneFrame {
    let scene: WindowScene
    /// Buffer size, buffer scale and viewport (`SceneState.bufferGeometry`).
    let geometry: BufferGeometry
    /// The size the content draws at, in pixels: the drawable size, or the
    /// buffer's when the state has none.
    let drawableSize: Size
    let contentsScale: Double
    /// Where the drawable goes when it is not the buffer's size (an
    /// app-owned size without a viewport, a letterboxing gravity during an
    /// interactive resize); nil when it is the buffer.
    let letterbox: LetterboxPlacement?

    init(scene: WindowScene, state: SceneState) {
        self.scene = scene
        geometry = state.bufferGeometry
        drawableSize = state.drawableSize ?? geometry.bufferSize
        let layer = scene.drawableLayer
        contentsScale = layer.contentsScale
        letterbox = LetterboxPlacement(
            drawableSize: drawableSize, bufferSize: geometry.bufferSize, gravity: layer.contentsGravity,
            color: layer.letterboxColor)
    }

    var bufferSize: Size { geometry.bufferSize }

    /// Lets the content draw a software frame; a scene without content is dark grey.
    func drawContent(into drawable: Drawable) {
        if let content = scene.rootContent {
            content.draw(drawable, in: scene)
        } else {
            for y in 0..<drawable.size.height { drawable.row(y).update(repeating: Self.emptySceneColor) }
        }
    }

    /// Lets the content draw an OpenGL ES frame; a scene without content is dark grey.
    func drawContent(into drawable: GLESDrawable) {
        if let content = scene.rootContent {
            content.draw(in: drawable, for: scene)
        } else {
            drawable.clearToEmptySceneColor()
        }
    }

    /// Lets the content draw a Cairo frame; a scene without content is dark grey.
    func drawContent(into drawable: CairoDrawable) {
        if let content = scene.rootContent {
            content.draw(in: drawable, for: scene)
        } else {
            drawable.clear(to: Self.emptySceneColor)
        }
    }

    /// Lets the content record a Vulkan frame; a scene without content is dark grey.
    func drawContent(into drawable: VulkanDrawable) {
        if let content = scene.rootContent {
            content.draw(in: drawable, for: scene)
        } else {
            drawable.clearToEmptySceneColor()
        }
    }

    /// What a scene without content shows (ARGB8888).
    static let emptySceneColor: UInt32 = 0xFF20_2020
}

/// Where a drawable that is not the buffer's size goes in the buffer, and
/// the colour around it: the one placement every presenter applies (the
/// software one by compositing, OpenGL ES and Vulkan by a blit).
struct LetterboxPlacement: Equatable {
    /// The drawable's rectangle in the buffer, in whole pixels, top-left based.
    let destination: Rect
    /// The buffer's size in pixels.
    let bufferSize: Size
    /// What the rest of the buffer is cleared to (ARGB8888; alpha is ignored,
    /// frames are opaque).
    let color: UInt32

    /// The placement of a `drawableSize` drawable in a `bufferSize` buffer
    /// by `gravity`; nil when the two are the same size (the drawable is the
    /// buffer).
    init?(drawableSize: Size, bufferSize: Size, gravity: ContentsGravity, color: UInt32) {
        guard drawableSize != bufferSize else { return nil }
        let placed = gravity.destinationRect(
            contentSize: drawableSize.cgSize,
            in: CGRect(x: 0, y: 0, width: Double(bufferSize.width), height: Double(bufferSize.height)))
        destination = Rect(
            x: Int(placed.minX.rounded()), y: Int(placed.minY.rounded()),
            width: Int(placed.width.rounded()), height: Int(placed.height.rounded()))
        self.bufferSize = bufferSize
        self.color = color
    }

    /// The colour's red, green and blue from 0 to 1 (GL's and Vulkan's clear colours).
    var colorComponents: (red: Float, green: Float, blue: Float) {
        func channel(_ shift: UInt32) -> Float { Float((color >> shift) & 0xFF) / 255 }
        return (channel(16), channel(8), channel(0))
    }

    /// `destination` with rows counted from the bottom, as GL's framebuffers count them.
    var destinationFromBottom: Rect {
        Rect(
            x: destination.minX, y: bufferSize.height - destination.maxY, width: destination.width,
            height: destination.height)
    }
}

import DioramaLogging
import DioramaModel
import Foundation

/// The pixels of one frame: a wl_shm buffer mapped in memory, ARGB8888
/// premultiplied, `stride` bytes per row. Valid only during `draw`.
public struct Drawable {
    /// The first byte of the top row.
    public let pixels: UnsafeMutableRawPointer
    /// The frame's size in pixels (the layer's drawable size).
    public let size: Size
    /// Bytes from one row to the next (at least `size.width * 4`).
    public let stride: Int
    /// The scale the frame is rendered at (pixels per point).
    public let contentsScale: Double

    /// A drawable over memory the caller owns (the runtime passes a mapped
    /// wl_shm buffer; tests may pass their own).
    public init(pixels: UnsafeMutableRawPointer, size: Size, stride: Int, contentsScale: Double) {
        self.pixels = pixels
        self.size = size
        self.stride = stride
        self.contentsScale = contentsScale
    }

    /// Row `y` as 32-bit pixels.
    public func row(_ y: Int) -> UnsafeMutableBufferPointer<UInt32> {
        precondition(y >= 0 && y < size.height, "row \(y) is outside the drawable (height \(size.height))")
        return UnsafeMutableBufferPointer(start: (pixels + y * stride).assumingMemoryBound(to: UInt32.self), count: size.width)
    }
}

/// The render target's description (CAMetalLayer / MTKView counterpart).
///
/// Who owns the drawable's size, as with `MTKView.autoResizeDrawable`:
/// - `autoResizeDrawable` on (the default): the runtime sets `drawableSize`
///   to the bounds times `contentsScale` in whole pixels, except during an
///   interactive resize with a viewport, when it keeps its size and the
///   compositor scales the frames, placed by `contentsGravity` (TN3192's
///   advice for games), until the resize ends;
/// - off: the app sets `drawableSize` (`CAMetalLayer.drawableSize`) and it
///   stays until the app changes it. Each frame is drawn at that size; with
///   `wp_viewporter` the buffer is the drawable itself and the compositor
///   scales it to the bounds, without it the runtime places the drawable into
///   a bounds × scale buffer by `contentsGravity`.
///
/// Either way `RootContent.drawableSizeWillChange` fires before the first
/// frame at a new size. `contentsScale` always follows the scene's display
/// scale.
@MainActor
public final class DrawableLayer {
    /// Pixels per point of the display the scene is on (`CAMetalLayer.contentsScale`),
    /// set by the runtime as the scene's scale changes.
    public internal(set) var contentsScale: Double = 1
    /// Whether the runtime sizes the drawable from the bounds and scale
    /// (`MTKView.autoResizeDrawable`). Turning it off keeps the current size
    /// until the app sets `drawableSize`; turning it on goes back to bounds ×
    /// scale at the next frame.
    public var autoResizeDrawable = true {
        didSet {
            guard autoResizeDrawable != oldValue else { return }
            appOwnedSize = autoResizeDrawable ? nil : (currentSize == .zero ? nil : currentSize)
            onSizingChange?()
        }
    }
    /// The size of the frames the content draws, in pixels
    /// (`CAMetalLayer.drawableSize`). Settable while `autoResizeDrawable` is
    /// off; a size that cannot be a drawable (an empty side, more than
    /// `DrawableSizing.defaultMaximumDimension` on a side), or any size while
    /// the runtime owns it, is not applied: a warning goes to stderr and
    /// `lastRejection` says why.
    public var drawableSize: Size {
        get { currentSize }
        set {
            do throws(DrawableSizing.AppSizeError) {
                guard !autoResizeDrawable else { throw .ownedByRuntime(newValue) }
                try DrawableSizing.validateAppSize(newValue)
                lastRejection = nil
                guard newValue != appOwnedSize else { return }
                appOwnedSize = newValue
                onSizingChange?()
            } catch {
                lastRejection = error
                reportRejection(error)
            }
        }
    }
    /// Why the last assignment to `drawableSize` was not applied; nil after one that was.
    public private(set) var lastRejection: DrawableSizing.AppSizeError?
    /// How a frame that does not match the bounds is placed (while resizing,
    /// or an app-owned size without a viewport).
    public var contentsGravity: ContentsGravity = .resize
    /// Black bars for `resizeAspect`; ARGB8888.
    public var letterboxColor: UInt32 = 0xFF00_0000

    /// How the scene's frames get their pixels.
    public enum Renderer: String, Sendable, Hashable, CaseIterable {
        /// The CPU draws into shared-memory buffers (`wl_shm`):
        /// `RootContent.draw(_:in:)` gets the pixels.
        case software
        /// OpenGL ES 3 through EGL on the scene's surface (`wl_egl_window`):
        /// `RootContent.draw(in:for:)` gets a current context.
        case openGLES
        /// Vulkan on the scene's surface (`VK_KHR_wayland_surface`, a
        /// swapchain of the buffer size): `RootContent.draw(in:for:)` gets a
        /// command buffer being recorded and the swapchain image.
        case vulkan
        /// Cairo on the CPU into shared-memory buffers, with Pango for text:
        /// `RootContent.draw(in:for:)` gets a `CairoDrawable` whose
        /// coordinates are points (its device scale is the scene's scale).
        case cairo
    }

    /// The renderer the app asks for; set it in `willConnectTo` so the first
    /// frame uses it (a later change applies from the next frame). When EGL
    /// or Vulkan cannot initialise, the scene draws in software instead:
    /// `activeRenderer` says which one draws, and one warning goes to stderr.
    public var renderer: Renderer = .software {
        didSet { if renderer != oldValue { onRendererChange?() } }
    }
    /// The renderer the scene's frames are drawn with: `renderer`, or
    /// `.software` when OpenGL ES or Vulkan was asked for and could not be used.
    public internal(set) var activeRenderer: Renderer = .software

    /// How OpenGL ES frames reach the compositor. Either way the frame has
    /// the same buffer size, buffer scale and viewport; what differs is who
    /// allocates the buffers and copies the pixels into them.
    public enum GLESPresentation: String, Sendable, Hashable, CaseIterable {
        /// `.sharedMemory` when the GL implementation rasterizes on the CPU
        /// (Mesa's llvmpipe or softpipe, which present through `wl_shm`
        /// whichever way is chosen), `.windowSurface` otherwise.
        case automatic
        /// An EGL window surface on the scene's `wl_surface` (a
        /// `wl_egl_window` resized to each new buffer size):
        /// `eglSwapBuffers` attaches and commits the frame. With a GPU the
        /// frame stays on it (dmabuf); with Mesa's software rasterizer, Mesa
        /// copies it into `wl_shm` buffers it allocates again at every size
        /// change.
        case windowSurface
        /// The frame renders into an offscreen framebuffer and is read into
        /// the scene's own `wl_shm` buffers, which are reused across sizes
        /// like the software renderer's; the last few drawable sizes keep
        /// their framebuffers, so moving back to a display costs no
        /// allocation. Needs `EGL_KHR_surfaceless_context` and BGRA
        /// textures and reads; without them the window surface is used.
        /// Meant for CPU rasterizers: with a GPU, reading each frame back is
        /// slower than presenting it.
        case sharedMemory
    }

    /// How the app wants OpenGL ES frames presented; `.automatic` by default.
    /// A change applies from the next frame.
    public var glesPresentation: GLESPresentation = .automatic {
        didSet { if glesPresentation != oldValue { onRendererChange?() } }
    }
    /// How the scene's OpenGL ES frames are presented now: `.windowSurface`
    /// or `.sharedMemory` (what `.automatic` resolved to), nil while the
    /// scene draws in software.
    public internal(set) var activeGLESPresentation: GLESPresentation?

    /// The size the runtime last delivered (the drawable frames are drawn at).
    var currentSize: Size = .zero
    /// The size the app chose; nil while the runtime owns the size.
    private(set) var appOwnedSize: Size?
    /// The scene's hook: the sizing changed, recompute the state.
    var onSizingChange: (() -> Void)?
    /// The scene's hook: the app asked for another renderer; draw a frame with it.
    var onRendererChange: (() -> Void)?
    /// Where a rejected assignment is reported (stderr; tests replace it).
    var reportRejection: (DrawableSizing.AppSizeError) -> Void = { error in
        runtimeLog.warning("\(error)")
    }

    init() {}
}

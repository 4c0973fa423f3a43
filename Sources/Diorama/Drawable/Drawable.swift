import DioramaLogging
import DioramaModel
import Foundation

/// The pixels of one frame: a wl_shm buffer mapped in memory, ARGB8888
/// premultiplied, `stride` bytes per row. Valid only during `draw`.
public struct Drawable {
    public let pixels: UnsafeMutableRawPointer
    public let size: Size
    public let stride: Int
    /// The scale the frame is rendered at (pixels per point).
    public let contentsScale: Double

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

    /// The size the runtime last delivered (the drawable frames are drawn at).
    var currentSize: Size = .zero
    /// The size the app chose; nil while the runtime owns the size.
    private(set) var appOwnedSize: Size?
    /// The scene's hook: the sizing changed, recompute the state.
    var onSizingChange: (() -> Void)?
    /// Where a rejected assignment is reported (stderr; tests replace it).
    var reportRejection: (DrawableSizing.AppSizeError) -> Void = { error in
        runtimeLog.warning("\(error)")
    }

    init() {}
}

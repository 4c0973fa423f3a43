import DioramaClient
import DioramaGraphics
import DioramaModel

/// The `wl_shm` buffers a presenter draws or reads its frames into: one
/// pool, whose memory stays mapped across sizes, and the buffer of the
/// frame being drawn. Software frames use it, and so do OpenGL ES frames
/// presented through shared memory.
///
/// The buffers are xrgb8888: a scene is opaque (a window's content, as a
/// `CAMetalLayer` is by default; an empty scene and a letterbox are filled
/// with opaque colours), as its EGL window surface and Vulkan swapchain
/// are. A compositor then copies a frame instead of blending it over what
/// is behind: argb8888 software frames cost Mutter 43 (llvmpipe) about six
/// times the CPU of the same frames as xrgb8888 — 0.19 s against 0.02 s per
/// 1280x960 frame on a 5K monitor, a TimerApp second tick.
@MainActor
final class SharedMemoryFrames {
    private let pool: BufferPool
    /// The buffer `prepare` handed out for the frame being drawn.
    private(set) var buffer: Buffer?

    init(shm: ShmState) throws(ShmError) {
        pool = try BufferPool(shm: shm, format: .xrgb8888)
    }

    /// Takes a free buffer of `size` for the next frame.
    func prepare(size: Size) throws(PresenterFailure) {
        do throws(ShmError) {
            buffer = try pool.nextBuffer(size: size)
        } catch {
            buffer = nil
            throw .noBuffer(size, error)
        }
    }

    /// Attaches the frame's buffer, damages all of it and commits the surface.
    func commit(to surface: Surface) {
        guard let buffer else { preconditionFailure("a shared-memory frame is committed after prepare") }
        self.buffer = nil
        surface.attach(buffer)
        surface.damageAll()
        surface.commit()
    }
}

/// Frames the CPU draws into `wl_shm` buffers (ARGB8888): the content gets
/// the mapped pixels (`RootContent.draw(_:in:)`, `.software`), or a Cairo
/// context on them in points (`RootContent.draw(in:for:)` with a
/// `CairoDrawable`, `.cairo`).
@MainActor
final class SoftwarePresenter: ScenePresenter {
    /// `.software` or `.cairo`.
    let renderer: DrawableLayer.Renderer
    let commitsThroughAnotherLibrary = false
    private let frames: SharedMemoryFrames
    /// The drawable-size pixels of a letterboxed frame, kept while the size
    /// stays: drawn at the drawable's size, then composited into the buffer.
    private var letterboxSource: PixelBuffer?

    init(shm: ShmState, drawsWithCairo: Bool = false) throws(ShmError) {
        renderer = drawsWithCairo ? .cairo : .software
        frames = try SharedMemoryFrames(shm: shm)
    }

    func prepare(_ frame: SceneFrame) throws(PresenterFailure) {
        try frames.prepare(size: frame.bufferSize)
    }

    /// Lets the content draw into the buffer, or, when the drawable is not
    /// the buffer's size, into the kept letterbox source, which is then
    /// placed into the buffer.
    func render(_ frame: SceneFrame) throws(PresenterFailure) {
        guard let buffer = frames.buffer else { preconditionFailure("a software frame is rendered after prepare") }
        var failure: PresenterFailure?
        func drawContent(into drawable: Drawable) {
            guard renderer == .cairo else { return frame.drawContent(into: drawable) }
            do throws(CairoUnavailable) {
                try CairoDrawable.drawing(over: drawable) { frame.drawContent(into: $0) }
            } catch {
                failure = .rendererUnavailable(RendererUnavailable(.cairo, error))
            }
        }
        buffer.withPixels { pixels in
            guard let base = pixels.baseAddress else { return }
            guard let letterbox = frame.letterbox else {
                letterboxSource = nil
                drawContent(
                    into: Drawable(
                        pixels: UnsafeMutableRawPointer(base), size: buffer.size, stride: buffer.stride,
                        contentsScale: frame.contentsScale))
                return
            }
            let size = frame.drawableSize
            var source =
                letterboxSource.flatMap { $0.width == size.width && $0.height == size.height ? $0 : nil }
                ?? PixelBuffer(width: size.width, height: size.height)
            let sourceStride = source.rowStride * 4
            source.withUnsafeMutablePixels { sourcePixels in
                guard let sourceBase = sourcePixels.baseAddress else { return }
                drawContent(
                    into: Drawable(
                        pixels: UnsafeMutableRawPointer(sourceBase), size: size, stride: sourceStride,
                        contentsScale: frame.contentsScale))
            }
            letterboxSource = source
            guard
                var canvas = try? PixelCanvas(
                    baseAddress: UnsafeMutableRawPointer(base), width: buffer.size.width, height: buffer.size.height,
                    strideBytes: buffer.stride)
            else { return }
            canvas.clear(to: PixelColor(argb: letterbox.color))
            canvas.composite(source, placement: BufferPlacement(destination: letterbox.destination))
        }
        if let failure { throw failure }
    }

    func commit(_ frame: SceneFrame, to surface: Surface) {
        frames.commit(to: surface)
    }
}

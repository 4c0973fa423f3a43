import DioramaGraphics
import DioramaModel
import Foundation

/// Draws windows into an image the way a screen would show them: what the
/// simulator's screenshots are made of.
///
/// ## From a committed buffer to output pixels
///
/// For each window in stacking order (bottom to top), for each of its
/// surfaces (``Window/contents``: main surface, subsurfaces, popups):
/// 1. The surface's logical rectangle is its global origin and size (the
///    size already reflects buffer scale, buffer transform and viewport).
/// 2. Both of its edges are turned into output pixels separately:
///    `round((edge - origin) × scale)`, halves away from zero, as
///    fractional-scale-v1 rounds. Rounding edges rather than origin and size
///    keeps neighbouring surfaces from overlapping or leaving a one-pixel gap
///    at fractional scales.
/// 3. The buffer is mapped onto that rectangle through its buffer transform
///    and cropped to the viewport source (surface units × buffer scale =
///    transformed-buffer pixels), by `DioramaGraphics.composite`.
/// 4. When every buffer pixel lands on exactly one output pixel (a 2x
///    buffer on a 2x display, a viewport-scaled buffer at a fractional scale
///    drawn for that scale) the pixels are copied exactly. Otherwise they are
///    sampled bilinearly, as a GPU compositor samples a texture: a 1x buffer
///    on a 2x display comes out soft, and that blur is what shows a client
///    that ignored the scale.
/// 5. ARGB8888 buffers are blended over what is below (premultiplied
///    source-over); XRGB8888 buffers are opaque.
struct ScreenCompositor {
    /// The global logical point at the image's top-left pixel.
    var origin: Point
    /// Output pixels per logical point.
    var scale: Scale

    /// The output-pixel rectangle covering a logical rectangle.
    func pixelRect(ofLogical rect: Rect) -> Rect {
        let left = scale.pixels(forLogical: rect.minX - origin.x)
        let top = scale.pixels(forLogical: rect.minY - origin.y)
        let right = scale.pixels(forLogical: rect.maxX - origin.x)
        let bottom = scale.pixels(forLogical: rect.maxY - origin.y)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Draws `windows` (bottom to top) into `image`, touching only pixels in `clip`.
    func draw(_ windows: [Window], into image: inout PixelBuffer, clip: Rect? = nil) {
        for window in windows {
            for content in window.contents {
                draw(content, into: &image, clip: clip)
            }
        }
    }

    /// Draws one surface. A surface without a buffer, with an empty size, or
    /// whose memory cannot be read (the client's pool is gone, or its stride
    /// is not whole pixels) draws nothing.
    func draw(_ content: SurfaceContent, into image: inout PixelBuffer, clip: Rect?) {
        guard let buffer = content.buffer, !content.size.isEmpty else { return }
        let destination = pixelRect(ofLogical: Rect(origin: content.origin, size: content.size))
        guard !destination.isEmpty else { return }
        let transformed = BufferPlacement.transformedSize(of: buffer.size, by: content.bufferTransform)
        let bufferScale = Double(content.bufferScale)
        let source = content.viewportSource.map {
            CGRect(x: $0.x * bufferScale, y: $0.y * bufferScale, width: $0.width * bufferScale, height: $0.height * bufferScale)
        }
        let crop = source ?? CGRect(x: 0, y: 0, width: Double(transformed.width), height: Double(transformed.height))
        let placement = BufferPlacement(
            destination: destination, transform: content.bufferTransform, sourceRect: source,
            filter: Self.isOneToOne(crop: crop, destination: destination.size) ? .nearest : .bilinear)
        _ = buffer.withPixels { canvas in
            image.composite(canvas, placement: placement, blendMode: .sourceOver, clip: clip)
        }
    }

    /// Whether the crop covers exactly the destination's pixels, starting on
    /// a whole pixel: then nearest sampling is an exact copy.
    static func isOneToOne(crop: CGRect, destination: Size) -> Bool {
        let x = Double(crop.origin.x), y = Double(crop.origin.y)
        return x == x.rounded() && y == y.rounded()
            && Double(crop.size.width) == Double(destination.width) && Double(crop.size.height) == Double(destination.height)
    }
}

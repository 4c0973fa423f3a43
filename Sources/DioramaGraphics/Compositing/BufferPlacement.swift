import DioramaModel
import Foundation

/// Where and how a client buffer lands on an output: the `wl_surface` and
/// `wp_viewport` state a compositor applies, resolved to output pixels.
///
/// Wayland maps buffer pixels to the screen in this order (viewporter's description
/// of `wp_viewport`):
/// 1. ``transform`` (`wl_surface.set_buffer_transform`) turns the buffer into
///    "transformed buffer" space, whose size swaps width and height for 90° and 270°;
/// 2. `buffer_scale` divides that space into surface units;
/// 3. the viewport's source rectangle crops it, and its destination size scales it.
///
/// ``sourceRect`` is the crop of step 3 in transformed-buffer *pixels*: the
/// `wp_viewport.set_source` rectangle (surface units, fractional) multiplied by the
/// buffer scale. ``destination`` is where the surface ends up on the output, in
/// output pixels (surface position and size times the output scale). The compositor
/// is expected to have rejected sources outside the buffer (`out_of_buffer`); if one
/// gets here anyway, sampling clamps to the buffer's edge pixels.
package struct BufferPlacement: Equatable, Sendable {
    /// The output pixels the source rectangle is stretched over; may extend past the
    /// output, which clips it without moving the content.
    package var destination: Rect
    /// The buffer transform, as `wl_surface.set_buffer_transform` set it.
    package var transform: OutputTransform
    /// The crop, in transformed-buffer pixels; `nil` for the whole buffer.
    package var sourceRect: CGRect?
    package var filter: SamplingFilter

    package init(
        destination: Rect, transform: OutputTransform = .normal, sourceRect: CGRect? = nil,
        filter: SamplingFilter = .bilinear
    ) {
        self.destination = destination
        self.transform = transform
        self.sourceRect = sourceRect
        self.filter = filter
    }

    /// The size of a `bufferSize` buffer after `transform`: width and height trade
    /// places for quarter turns, as `wl_surface.set_buffer_transform` notes.
    package static func transformedSize(of bufferSize: Size, by transform: OutputTransform) -> Size {
        transform.swapsAxes ? bufferSize.transposed : bufferSize
    }
}

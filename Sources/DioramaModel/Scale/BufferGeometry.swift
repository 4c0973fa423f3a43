/// The buffer a surface should attach for a logical size at a resolved scale.
///
/// This is the single place that turns points into pixels for Wayland buffers, so the
/// renderer, the viewport and the trait collection never disagree by a pixel.
package struct BufferGeometry: Hashable, Sendable {
    /// The buffer's size in pixels.
    package var bufferSize: Size
    /// The value for `wl_surface.set_buffer_scale`.
    package var bufferScale: Int
    /// The `wp_viewport.set_destination` size, in logical points, when a viewport maps
    /// the buffer; `nil` when the buffer scale does it.
    package var viewportDestination: Size?

    package init(bufferSize: Size, bufferScale: Int, viewportDestination: Size?) {
        self.bufferSize = bufferSize
        self.bufferScale = bufferScale
        self.viewportDestination = viewportDestination
    }

    /// The buffer for a surface of `logical` points.
    ///
    /// - With a viewport (fractional scale): each side is
    ///   `(logical * numerator120 + 60) / 120`, fractional-scale-v1's "multiply and round
    ///   halfway away from zero", and the viewport destination is the logical size
    ///   itself: 100x50 at 1.5 → a 150x75 buffer shown at 100x50.
    /// - Without (integer scale): the buffer is exactly `logical * scale`, so each side
    ///   is a multiple of the buffer scale, which `wl_surface` requires.
    ///
    /// A side of at least one point never becomes zero pixels (possible below scale
    /// 1/2): it is at least 1, because a zero-sized buffer cannot be attached. Zero or
    /// negative logical sides give a zero side, and the caller should not attach.
    package static func `for`(logical: Size, scale: ResolvedScale) -> BufferGeometry {
        if scale.usesViewport {
            func pixels(_ points: Int) -> Int {
                points <= 0 ? 0 : max(1, scale.scale.pixels(forLogical: points))
            }
            return BufferGeometry(
                bufferSize: Size(width: pixels(logical.width), height: pixels(logical.height)),
                bufferScale: 1,
                viewportDestination: logical)
        }
        let factor = max(1, scale.bufferScale)
        return BufferGeometry(
            bufferSize: Size(
                width: max(0, logical.width) * factor,
                height: max(0, logical.height) * factor),
            bufferScale: factor,
            viewportDestination: nil)
    }
}

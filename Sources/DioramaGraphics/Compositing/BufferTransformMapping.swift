import DioramaModel

/// Maps a point in transformed-buffer space (what the surface shows) back to the
/// buffer pixel it comes from, for one `wl_output.transform` value.
///
/// ## Which way the transform turns
///
/// `wayland.xml` describes `wl_output.transform` as "the transform that a compositor
/// will apply to a surface to compensate for the rotation or mirroring of an output
/// device": value 90 is "90 degrees counter-clockwise", and "the flipped values
/// correspond to an initial flip around a vertical axis followed by rotation". A
/// panel physically turned a quarter clockwise shows its framebuffer turned
/// clockwise, so the framebuffer must hold the picture turned counter-clockwise.
/// `wl_surface.set_buffer_transform` uses the same values so that a client can hand
/// over exactly such pre-rotated pixels. Hence the rule used here:
///
///     buffer = rotateCounterClockwise(flipIfFlipped(surface), quarterTurns)
///
/// With buffer transform 90 the buffer holds the surface's picture turned 90°
/// counter-clockwise: the surface's top edge is the buffer's left column (read
/// bottom to top), and the compositor turns the buffer 90° clockwise to show it.
/// Flipping mirrors left and right (`x → width - x`) before any rotation.
///
/// ## As arithmetic
///
/// A point `(x, y)` of a `w` x `h` picture:
/// - flip: `(w - x, y)`, same size;
/// - one counter-clockwise quarter turn: `(y, w - x)`, and the picture becomes
///   `h` x `w` (the top-left corner moves to the bottom-left).
///
/// Composing these from transformed-buffer space gives, for a `W` x `H` transformed
/// size: normal `(x, y)`; 90 `(y, W - x)`; 180 `(W - x, H - y)`; 270 `(H - y, x)`;
/// flipped `(W - x, y)`; flipped-90 `(y, x)`; flipped-180 `(x, H - y)`;
/// flipped-270 `(H - y, W - x)`. Every one is affine, so the compositor computes it
/// once per row and steps along, and the tests check each case pixel by pixel.
struct BufferTransformMapping {
    /// `bufferX = xFromX * x + xFromY * y + xOffset`.
    private(set) var xFromX = 1.0, xFromY = 0.0, xOffset = 0.0
    /// `bufferY = yFromX * x + yFromY * y + yOffset`.
    private(set) var yFromX = 0.0, yFromY = 1.0, yOffset = 0.0

    /// The mapping for `transform` from a transformed buffer of `transformedSize`.
    init(_ transform: OutputTransform, transformedSize: Size) {
        var width = Double(transformedSize.width), height = Double(transformedSize.height)
        if transform.isFlipped {
            apply(x: (-1, 0, width), y: (0, 1, 0))
        }
        for _ in 0..<transform.quarterTurns {
            apply(x: (0, 1, 0), y: (-1, 0, width))
            swap(&width, &height)
        }
    }

    /// Follows the current mapping with `(x, y) → (x.0 * x + x.1 * y + x.2, y.0 * x + y.1 * y + y.2)`.
    private mutating func apply(x next: (Double, Double, Double), y nextY: (Double, Double, Double)) {
        let current = self
        xFromX = next.0 * current.xFromX + next.1 * current.yFromX
        xFromY = next.0 * current.xFromY + next.1 * current.yFromY
        xOffset = next.0 * current.xOffset + next.1 * current.yOffset + next.2
        yFromX = nextY.0 * current.xFromX + nextY.1 * current.yFromX
        yFromY = nextY.0 * current.xFromY + nextY.1 * current.yFromY
        yOffset = nextY.0 * current.xOffset + nextY.1 * current.yOffset + nextY.2
    }

    func bufferPoint(x: Double, y: Double) -> (x: Double, y: Double) {
        (xFromX * x + xFromY * y + xOffset, yFromX * x + yFromY * y + yOffset)
    }
}

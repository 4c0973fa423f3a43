import DioramaModel

/// The scale a surface's buffer should be drawn for, and whether a buffer
/// was: the one definition of "drawn for the scale in effect". Applied to
/// a commit when it arrives it is the trace's `stale_scale` (negated), read
/// by scenarios' `no stale frames`, the bench's reaction and first correct
/// frame, and ``ScaleResponse`` (the compatibility table); applied to the
/// frame on screen now it is `Window.isDrawnForScaleInEffect`, read by
/// `diorama ctl windows` (DRAWN_FOR_SCALE), settling and `diorama check`.
///
/// A client is held to the scale it could know:
///
/// - With `wp_fractional_scale_v1` it is told the preferred scale exactly
///   (1.5 on a 1.5x display) and should draw surface size × that scale.
/// - Without it, the integer `wl_output.scale` of the displays it is on is
///   all the protocol tells it (2 on a 1.5x display: the ceiling), and a
///   buffer of surface size × that integer is right; the compositor scales
///   it down. A viewport client that draws exactly for the display's
///   fractional scale anyway (buffer = viewport destination × 1.5, which
///   the display shows pixel for pixel; SDL 2 works it out from xdg_output)
///   is right as well.
///
/// "Surface size × scale" is rounded as fractional-scale-v1 says (halfway
/// away from zero), give or take one pixel per side: clients round
/// differently.
public struct ScaleInEffect: Hashable, Sendable {
    /// The window's preferred scale: for a surface with a fractional-scale
    /// object, the last `preferred_scale` sent to it.
    public var preferred: Scale?
    /// The largest integer `wl_output.scale` of the displays the surface entered.
    public var outputScale: Int?
    /// Whether the surface has a `wp_fractional_scale_v1` object.
    public var usesFractionalScale: Bool

    package init(preferred: Scale?, outputScale: Int?, usesFractionalScale: Bool) {
        self.preferred = preferred
        self.outputScale = outputScale
        self.usesFractionalScale = usesFractionalScale
    }

    /// The scale the client is asked to draw at: the preferred scale when it
    /// uses fractional-scale-v1, else the integer output scale. Nil before
    /// either is known. (The trace's `preferred_scale120`.)
    public var expected: Scale? {
        if usesFractionalScale, let preferred { return preferred }
        return outputScale.flatMap { Scale(integer: $0) }
    }

    /// Whether a buffer (its size after the buffer transform) on a surface
    /// of `surfaceSize` was drawn for the scale in effect. True when there is
    /// nothing to judge (no buffer, an empty surface, no scale yet).
    public func isDrawn(transformedBufferSize: Size?, surfaceSize: Size, viewportDestination: Size?) -> Bool {
        guard let buffer = transformedBufferSize, let expected, !surfaceSize.isEmpty else { return true }
        if Self.matches(buffer, surface: surfaceSize, scale: expected) { return true }
        if !usesFractionalScale, viewportDestination != nil, let preferred {
            return Self.matches(buffer, surface: surfaceSize, scale: preferred)
        }
        return false
    }

    /// Whether `buffer` is `surface` × `scale`, give or take one pixel per side.
    public static func matches(_ buffer: Size, surface: Size, scale: Scale) -> Bool {
        abs(buffer.width - scale.pixels(forLogical: surface.width)) <= 1
            && abs(buffer.height - scale.pixels(forLogical: surface.height)) <= 1
    }
}

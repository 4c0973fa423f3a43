/// Where a surface's scale came from. Listed from strongest to weakest; see
/// ``ScaleResolver/resolve(fractionalPreferred:preferredBufferScale:enteredOutputScales:onlyOutputScale:)``.
package enum ScaleSource: Hashable, Sendable, CaseIterable {
    /// `wp_fractional_scale_v1.preferred_scale`: the compositor said exactly what it wants.
    case fractionalScale
    /// `wl_surface.preferred_buffer_scale` (wl_surface version 6).
    case preferredBufferScale
    /// The largest `wl_output.scale` among the outputs the surface has entered.
    case enteredOutputs
    /// The scale of the only output there is, before the surface has entered any.
    case onlyOutput
    /// Nothing known: scale 1.
    case fallback
}

/// The scale a surface should render at, and how to tell the compositor about it.
package struct ResolvedScale: Hashable, Sendable {
    /// The scale content is rendered at; ``TraitCollection/displayScale`` reports it.
    package var scale: Scale
    /// Whether the buffer is mapped onto the surface with `wp_viewport`
    /// (`set_destination` to the logical size) rather than with a buffer scale.
    package var usesViewport: Bool
    /// The value for `wl_surface.set_buffer_scale`: 1 when a viewport does the
    /// mapping, otherwise the integer scale.
    package var bufferScale: Int
    /// Which input decided.
    package var source: ScaleSource

    package init(scale: Scale, usesViewport: Bool, bufferScale: Int, source: ScaleSource) {
        self.scale = scale
        self.usesViewport = usesViewport
        self.bufferScale = bufferScale
        self.source = source
    }
}

/// Decides which of the scale hints a Wayland compositor sends a surface wins.
///
/// A compositor can speak about scale in several ways at once, and older ones use only
/// some. The runtime calls ``resolve(fractionalPreferred:preferredBufferScale:enteredOutputScales:onlyOutputScale:)``
/// whenever any hint changes, and re-renders when the result differs.
package enum ScaleResolver {
    /// Picks the scale by precedence, strongest first:
    ///
    /// 1. **fractional-scale-v1 preferred scale.** The most precise hint, sent per
    ///    surface. The protocol says to keep the buffer scale at 1 and map the larger
    ///    buffer onto the surface with a `wp_viewport` whose destination is the logical
    ///    size, so the result uses a viewport even when the scale happens to be whole.
    /// 2. **`wl_surface.preferred_buffer_scale`.** Also per surface, integer only;
    ///    rendered with `set_buffer_scale`.
    /// 3. **The largest scale among the outputs the surface has entered**
    ///    (`wl_surface.enter`). A window spanning a 1x and a 2x display uses 2, so it
    ///    is sharp on the denser one and downscaled on the other.
    /// 4. **The only output's scale**, when there is exactly one output and the surface
    ///    has not entered it yet (the first frame, before `enter` arrives), to avoid
    ///    drawing a blurry first frame and then a sharp one.
    /// 5. **1.**
    ///
    /// Zero or negative values are treated as absent, so a broken compositor cannot
    /// produce an unusable scale.
    package static func resolve(
        fractionalPreferred: Scale?, preferredBufferScale: Int?,
        enteredOutputScales: [Int], onlyOutputScale: Int?
    ) -> ResolvedScale {
        if let fractionalPreferred {
            return ResolvedScale(
                scale: fractionalPreferred, usesViewport: true, bufferScale: 1,
                source: .fractionalScale)
        }
        if let preferredBufferScale, let scale = Scale(integer: preferredBufferScale) {
            return integerScale(scale, preferredBufferScale, source: .preferredBufferScale)
        }
        if let largest = enteredOutputScales.filter({ $0 > 0 }).max(), let scale = Scale(integer: largest) {
            return integerScale(scale, largest, source: .enteredOutputs)
        }
        if let onlyOutputScale, let scale = Scale(integer: onlyOutputScale) {
            return integerScale(scale, onlyOutputScale, source: .onlyOutput)
        }
        return integerScale(.one, 1, source: .fallback)
    }

    private static func integerScale(_ scale: Scale, _ integer: Int, source: ScaleSource) -> ResolvedScale {
        ResolvedScale(scale: scale, usesViewport: false, bufferScale: integer, source: source)
    }
}

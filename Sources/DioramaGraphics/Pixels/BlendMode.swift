/// How a drawn pixel combines with the pixel already there, named after
/// `CGBlendMode`.
public enum BlendMode: Hashable, Sendable, CaseIterable {
    /// Replace the destination pixel, alpha included (`CGBlendMode.copy`). Use it to
    /// clear to transparent or to copy a buffer unchanged.
    case copy
    /// Draw over the destination, letting it show through where the source is
    /// translucent (Porter-Duff source-over, `CGBlendMode.normal`).
    case sourceOver
}

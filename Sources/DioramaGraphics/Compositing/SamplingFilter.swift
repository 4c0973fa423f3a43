/// How a compositor picks a colour when a buffer pixel does not land on exactly one
/// output pixel (scaling, fractional crops).
package enum SamplingFilter: Hashable, Sendable, CaseIterable {
    /// The buffer pixel under the output pixel's centre: hard edges, blocky when
    /// upscaled. Exact for whole-number scales and crops.
    case nearest
    /// A weighted mix of the four buffer pixels around the output pixel's centre, as
    /// GPU compositors sample textures. Upscaled content (a 1x buffer on a 2x output)
    /// turns visibly soft, which is what makes a wrong scale show in a screenshot.
    /// Downscaling by more than 2 skips pixels (no mipmaps), as GL does without them.
    case bilinear
}

import DioramaModel

/// Told what the compositor says about one surface.
package protocol SurfaceHandler: AnyObject {
    /// Some part of the surface became visible on `output` (it was mapped
    /// there, moved there, or the output appeared under it). A surface can be
    /// on several outputs at once; `surface.outputs` lists them.
    func surfaceEnteredOutput(_ surface: Surface, output: Output)
    /// No part of the surface is on `output` any more (it moved away, was
    /// unmapped, or the output was removed).
    func surfaceLeftOutput(_ surface: Surface, output: Output)
    /// The compositor recommends a new integer buffer scale for this surface
    /// (`wl_surface.preferred_buffer_scale`, wl_surface v6).
    func preferredBufferScaleChanged(_ surface: Surface, scale: Int)
    /// The compositor recommends a new buffer transform for this surface
    /// (`wl_surface.preferred_buffer_transform`, wl_surface v6).
    func preferredBufferTransformChanged(_ surface: Surface, transform: OutputTransform)
}

extension SurfaceHandler {
    package func surfaceEnteredOutput(_ surface: Surface, output: Output) {}
    package func surfaceLeftOutput(_ surface: Surface, output: Output) {}
    package func preferredBufferScaleChanged(_ surface: Surface, scale: Int) {}
    package func preferredBufferTransformChanged(_ surface: Surface, transform: OutputTransform) {}
}

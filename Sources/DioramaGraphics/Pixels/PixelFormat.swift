/// The two 32-bit formats every `wl_shm` implementation must accept, with their
/// `wl_shm.format` wire values as raw values.
public enum PixelFormat: UInt32, Hashable, Sendable, CaseIterable {
    /// `0xAARRGGBB`, premultiplied alpha.
    case argb8888 = 0
    /// `0xXXRRGGBB`: the top byte is padding with any value, and every pixel is
    /// opaque. Reading such a pixel forces its alpha to 255.
    case xrgb8888 = 1

    /// The bits to OR into a stored word to get its ARGB8888 value: the alpha byte
    /// for `xrgb8888`, nothing for `argb8888`.
    var opaqueMask: UInt32 { self == .xrgb8888 ? 0xFF00_0000 : 0 }
}

/// The colour layouts the encoder writes, named by their PNG colour type.
package enum PNGColorType: Hashable, Sendable, CaseIterable {
    /// Colour type 6, 8 bits per channel, straight alpha: premultiplied pixels are
    /// divided by their alpha first (exactly reversible, see
    /// ``PixelColor/straightComponents``).
    case rgba
    /// Colour type 2, 8 bits per channel, no alpha: the image as it looks over black
    /// (the premultiplied colour channels), the natural choice for screenshots.
    case rgb
}

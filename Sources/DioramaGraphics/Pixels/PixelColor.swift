/// One ARGB8888 pixel with premultiplied alpha, stored exactly as Wayland's
/// `WL_SHM_FORMAT_ARGB8888` stores it: a 32-bit little-endian word `0xAARRGGBB`, so
/// the bytes in memory are B, G, R, A.
///
/// Premultiplied means each colour channel has already been multiplied by alpha
/// (a half-transparent white is `0x80808080`, not `0x80FFFFFF`). Wayland compositors
/// blend shm buffers as premultiplied, and source-over is then one multiply per
/// channel. Build colours from ordinary ("straight") components with
/// ``init(red:green:blue:alpha:)``; read them back with ``straightComponents``.
public struct PixelColor: Hashable, Sendable, CustomStringConvertible {
    /// The stored word, `0xAARRGGBB`, premultiplied.
    public var argb: UInt32

    /// A colour from its stored word. The caller promises it is premultiplied (no
    /// colour channel above alpha); blending saturates instead of overflowing if not.
    public init(argb: UInt32) {
        self.argb = argb
    }

    /// A colour from straight (not premultiplied) components. Each colour channel is
    /// multiplied by `alpha / 255` and rounded to nearest.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        let a = UInt32(alpha)
        argb =
            a << 24
            | PixelMath.multiplyDivide255(UInt32(red), a) << 16
            | PixelMath.multiplyDivide255(UInt32(green), a) << 8
            | PixelMath.multiplyDivide255(UInt32(blue), a)
    }

    /// An opaque colour from a `0xRRGGBB` literal, as in CSS `#336699`.
    public init(rgb: UInt32) {
        argb = 0xFF00_0000 | (rgb & 0x00FF_FFFF)
    }

    /// The alpha channel (255 is opaque).
    public var alpha: UInt8 { UInt8(truncatingIfNeeded: argb >> 24) }
    /// The premultiplied red channel.
    public var red: UInt8 { UInt8(truncatingIfNeeded: argb >> 16) }
    /// The premultiplied green channel.
    public var green: UInt8 { UInt8(truncatingIfNeeded: argb >> 8) }
    /// The premultiplied blue channel.
    public var blue: UInt8 { UInt8(truncatingIfNeeded: argb) }

    /// Whether alpha is 255.
    public var isOpaque: Bool { argb >> 24 == 0xFF }

    /// The straight components, as a PNG stores them: each colour channel divided by
    /// alpha and rounded to nearest (at most 255). A fully transparent pixel has no
    /// colour and gives all zeros.
    ///
    /// For a valid premultiplied pixel, ``init(red:green:blue:alpha:)`` of the result
    /// gives the same pixel back: the division's rounding error, scaled back by
    /// `alpha / 255`, stays below one half.
    public var straightComponents: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let a = UInt32(alpha)
        guard a != 0 else { return (0, 0, 0, 0) }
        if a == 255 { return (red, green, blue, 255) }
        func divide(_ channel: UInt8) -> UInt8 {
            UInt8(min(255, (UInt32(channel) * 255 + a / 2) / a))
        }
        return (divide(red), divide(green), divide(blue), alpha)
    }

    /// This colour drawn over `background` (Porter-Duff source-over).
    public func composited(over background: PixelColor) -> PixelColor {
        PixelColor(argb: PixelMath.sourceOver(argb, background.argb))
    }

    /// The same colour with its opacity multiplied by `opacity / 255`.
    public func withOpacity(_ opacity: UInt8) -> PixelColor {
        PixelColor(argb: PixelMath.scale(argb, by: UInt32(opacity)))
    }

    /// `#AARRGGBB`, premultiplied, as stored.
    public var description: String {
        let hex = String(argb, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// Fully transparent.
    public static let clear = PixelColor(argb: 0)
    /// Opaque black.
    public static let black = PixelColor(rgb: 0x000000)
    /// Opaque white.
    public static let white = PixelColor(rgb: 0xFFFFFF)
    /// Opaque red.
    public static let red = PixelColor(rgb: 0xFF0000)
    /// Opaque green.
    public static let green = PixelColor(rgb: 0x00FF00)
    /// Opaque blue.
    public static let blue = PixelColor(rgb: 0x0000FF)
    /// Opaque yellow.
    public static let yellow = PixelColor(rgb: 0xFFFF00)
    /// Opaque cyan.
    public static let cyan = PixelColor(rgb: 0x00FFFF)
    /// Opaque magenta.
    public static let magenta = PixelColor(rgb: 0xFF00FF)
    /// Opaque mid grey.
    public static let gray = PixelColor(rgb: 0x808080)
}

import Foundation

/// A width and height in whole units: logical points for surfaces and windows, or
/// pixels for buffers and drawables (the name of the property holding it says which).
///
/// Integers because Wayland sizes are integers on the wire: `xdg_toplevel.configure`,
/// `set_min_size`, `wp_viewport.set_destination` and buffer sizes all carry `int32`.
/// ``cgSize`` and ``init(rounding:)`` convert to and from the `CGSize` UIKit code uses.
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The width.
    public var width: Int
    /// The height.
    public var height: Int

    /// A size of `width` × `height`.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// No size.
    public static let zero = Size(width: 0, height: 0)

    /// The size rounded to whole units, halves away from zero.
    public init(rounding size: CGSize) {
        width = Int(Double(size.width).rounded(.toNearestOrAwayFromZero))
        height = Int(Double(size.height).rounded(.toNearestOrAwayFromZero))
    }

    /// True when either side is zero or negative: nothing can be drawn.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Width divided by height; `nil` when the height is zero.
    public var aspectRatio: Double? {
        height == 0 ? nil : Double(width) / Double(height)
    }

    /// Width and height swapped, as after a quarter-turn rotation.
    public var transposed: Size { Size(width: height, height: width) }

    /// The same size as a `CGSize`.
    public var cgSize: CGSize { CGSize(width: Double(width), height: Double(height)) }

    /// `WIDTHxHEIGHT`, as in `1180x820`.
    public var description: String { "\(width)x\(height)" }
}

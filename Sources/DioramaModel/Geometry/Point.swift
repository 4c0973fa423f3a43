import Foundation

/// A position in whole logical points (or pixels), such as a window's origin in
/// compositor coordinates. See ``Size`` for why these are integers.
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Horizontal position, growing to the right.
    public var x: Int
    /// Vertical position, growing downwards.
    public var y: Int

    /// The point at (`x`, `y`).
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// The point rounded to whole units, halves away from zero (as ``Size/init(rounding:)``).
    public init(rounding point: CGPoint) {
        x = Int(Double(point.x).rounded(.toNearestOrAwayFromZero))
        y = Int(Double(point.y).rounded(.toNearestOrAwayFromZero))
    }

    /// The same point as a `CGPoint`.
    public var cgPoint: CGPoint { CGPoint(x: Double(x), y: Double(y)) }

    public var description: String { "(\(x), \(y))" }
}

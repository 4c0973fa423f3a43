import Foundation

/// A position in whole logical points (or pixels), such as a window's origin in
/// compositor coordinates. See ``Size`` for why these are integers.
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// The point rounded to whole units, halves away from zero (as ``Size/init(rounding:)``).
    public init(rounding point: CGPoint) {
        x = Int(Double(point.x).rounded(.toNearestOrAwayFromZero))
        y = Int(Double(point.y).rounded(.toNearestOrAwayFromZero))
    }

    public var cgPoint: CGPoint { CGPoint(x: Double(x), y: Double(y)) }

    public var description: String { "(\(x), \(y))" }
}

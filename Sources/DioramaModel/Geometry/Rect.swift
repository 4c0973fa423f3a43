import Foundation

/// A rectangle in whole logical points (or pixels): an origin and a size, with the
/// origin at the top-left and y growing downwards, as in UIKit and Wayland.
public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// The rectangle of `size` at `origin`.
    public init(origin: Point = .zero, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// The rectangle with its top-left corner at (`x`, `y`).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(size: .zero)

    /// The rectangle with its origin and size each rounded to whole units,
    /// halves away from zero (``Point/init(rounding:)``, ``Size/init(rounding:)``).
    public init(rounding rect: CGRect) {
        self.init(origin: Point(rounding: rect.origin), size: Size(rounding: rect.size))
    }

    /// The width.
    public var width: Int { size.width }
    /// The height.
    public var height: Int { size.height }
    /// The left edge.
    public var minX: Int { origin.x }
    /// The top edge.
    public var minY: Int { origin.y }
    /// The right edge (exclusive).
    public var maxX: Int { origin.x + size.width }
    /// The bottom edge (exclusive).
    public var maxY: Int { origin.y + size.height }
    /// Whether it covers no area.
    public var isEmpty: Bool { size.isEmpty }

    /// Whether `point` lies inside; the right and bottom edges are outside, so adjacent
    /// rectangles never both contain a point.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The smallest rectangle holding both (their bounding box).
    public func union(_ other: Rect) -> Rect {
        let left = min(minX, other.minX), top = min(minY, other.minY)
        return Rect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// The overlapping part, or `nil` when the rectangles do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let left = max(minX, other.minX), right = min(maxX, other.maxX)
        let top = max(minY, other.minY), bottom = min(maxY, other.maxY)
        guard left < right, top < bottom else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The same rectangle as a `CGRect`.
    public var cgRect: CGRect { CGRect(origin: origin.cgPoint, size: size.cgSize) }

    public var description: String { "\(origin) \(size)" }
}

import Foundation

/// Counts taps in a row for ``Touch/tapCount``, from the presses' own
/// timestamps and locations (no timer): a press continues the series when it
/// comes soon enough after the previous press of the same source, close
/// enough to it; otherwise it starts a new series at 1.
///
/// The limits are the usual desktop ones: GTK's double-click time is 400 ms
/// and macOS's default 500 ms; a finger or mouse may drift a few points.
public struct TapCounter: Sendable {
    /// The longest time between two presses of one series, in seconds.
    public static let maximumInterval: TimeInterval = 0.5
    /// The farthest two presses of one series may be apart, in points.
    public static let maximumDistance: Double = 10

    private var last: (source: Int, location: CGPoint, timestamp: TimeInterval, count: Int)?

    /// A counter that has seen no press yet.
    public init() {}

    /// The tap count of a press from `source` (a pointer button code, or -1
    /// for any finger) at `location` and `timestamp`; it becomes the last press.
    public mutating func press(from source: Int, at location: CGPoint, timestamp: TimeInterval) -> Int {
        var count = 1
        if let last, last.source == source, timestamp >= last.timestamp,
            timestamp - last.timestamp <= Self.maximumInterval,
            hypot(Double(location.x - last.location.x), Double(location.y - last.location.y)) <= Self.maximumDistance
        {
            count = last.count + 1
        }
        last = (source, location, timestamp, count)
        return count
    }
}

/// Median, 90th percentile and maximum of a set of durations, in milliseconds.
///
/// Percentiles use the nearest-rank method (the smallest sample with at least
/// p% of the samples at or below it), so every reported number is a sample
/// that was really measured, never an interpolation.
package struct LatencySummary: Codable, Sendable, Hashable {
    package var count: Int
    package var medianMilliseconds: Double?
    package var p90Milliseconds: Double?
    package var maxMilliseconds: Double?

    package init(nanoseconds samples: [UInt64]) {
        let sorted = samples.sorted()
        count = sorted.count
        func rank(_ percent: Int) -> Double? {
            guard !sorted.isEmpty else { return nil }
            let index = max(0, (percent * sorted.count + 99) / 100 - 1)
            return Double(sorted[min(index, sorted.count - 1)]) / 1_000_000
        }
        medianMilliseconds = rank(50)
        p90Milliseconds = rank(90)
        maxMilliseconds = sorted.last.map { Double($0) / 1_000_000 }
    }
}

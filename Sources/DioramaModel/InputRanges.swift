/// The range every entry point accepts for each kind of number a person, a
/// file or a control client can hand the simulator: layout files, control
/// requests, `diorama ctl` options and scenario steps all check against these
/// (`Docs/control-protocol.md` lists them), before anything is done.
///
/// The bounds are chosen so that no arithmetic on accepted values can
/// overflow: a position plus a logical size plus a window offset stays far
/// inside `Int`, and a picture's pixel count is computed exactly before it is
/// refused or allocated (the simulator's `SimulatorLimits` byte limits then apply).
package enum InputRanges {
    /// A position in the global logical space (display or window top-left), in
    /// logical points, on either axis.
    package static let coordinate: ClosedRange<Int> = -1_000_000...1_000_000
    /// One side of a display mode, or of a window size asked for, in pixels or
    /// logical points.
    package static let side: ClosedRange<Int> = 1...16_384
    /// A refresh rate in mHz: up to 1000 Hz.
    package static let refreshMilliHz: ClosedRange<Int> = 1...1_000_000
    /// A scale in 120ths: 1/120 to 16 (what scenario files have always accepted).
    package static let scale120: ClosedRange<Int> = 1...(16 * Scale.denominator)
    /// Configures in one interactive resize.
    package static let resizeSteps: ClosedRange<Int> = 1...1000
    /// How long a request or an option may wait, in milliseconds: up to an hour.
    package static let timeoutMilliseconds: ClosedRange<Int> = 1...3_600_000
    /// A touch point's id (the simulator's touchscreen takes up to 32 fingers).
    package static let touchID: ClosedRange<Int> = 0...31
    /// One scroll, in logical points on either axis.
    package static let scrollDistance: ClosedRange<Int> = -100_000...100_000
    /// A trace sequence number to read after.
    package static let traceSequence: ClosedRange<UInt64> = 0...UInt64(Int64.max)
    /// A physical size in millimetres (0: unknown), or an inset in logical points.
    package static let physicalMillimetres: ClosedRange<Int> = 0...1_000_000
    package static let inset: ClosedRange<Int> = 0...1_000_000

    /// The largest and smallest scale, for messages and range checks on
    /// numbers that are not yet a ``Scale``.
    package static var smallestScale: Scale { Scale(numerator120: scale120.lowerBound) }
    package static var largestScale: Scale { Scale(numerator120: scale120.upperBound) }

    /// nil when `value` is in `range`, else the one sentence every entry
    /// point uses: `"x" must be within -1000000…1000000, got 9223372036854775807`.
    package static func problem<Value: Comparable>(_ field: String, _ value: Value, in range: ClosedRange<Value>) -> String? {
        range.contains(value) ? nil : "\(quoted(field)) must be within \(range.lowerBound)…\(range.upperBound), got \(value)"
    }

    /// The same check for a scale given as a number (a `Double` from JSON or a
    /// command line): finite and between the smallest and the largest scale.
    /// (Whether it is a multiple of 1/120 is the caller's next question.)
    package static func scaleProblem(_ field: String, _ value: Double) -> String? {
        guard !(value.isFinite && value >= smallestScale.doubleValue && value <= largestScale.doubleValue) else { return nil }
        return "\(quoted(field)) must be within \(smallestScale)…\(largestScale) (in 120ths: \(scale120.lowerBound)…\(scale120.upperBound)), got \(value)"
    }

    /// The same check for a number of seconds from a command line, as a whole
    /// number of milliseconds inside ``timeoutMilliseconds``.
    package static func secondsProblem(_ field: String, _ seconds: Double) -> String? {
        let range = timeoutMilliseconds
        let lowest = Double(range.lowerBound) / 1000, highest = Double(range.upperBound) / 1000
        guard !(seconds.isFinite && seconds >= lowest && seconds <= highest) else { return nil }
        return "\(quoted(field)) must be within \(lowest)…\(Int(highest)) seconds, got \(seconds)"
    }

    /// Milliseconds for seconds that passed ``secondsProblem(_:_:)``.
    package static func milliseconds(ofSeconds seconds: Double) -> Int {
        Int((seconds * 1000).rounded(.up)).clamped(to: timeoutMilliseconds)
    }

    /// `--timeout` stays as it is; a JSON field name gets quotes.
    private static func quoted(_ field: String) -> String {
        field.hasPrefix("-") ? field : "\"\(field)\""
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}

/// A length of time written in a scenario (`10s`, `200ms`, `1.5s`), kept in whole
/// milliseconds so it compares and prints exactly.
package struct ScenarioDuration: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    package var milliseconds: Int

    package init(milliseconds: Int) {
        self.milliseconds = max(0, milliseconds)
    }

    package static func seconds(_ seconds: Int) -> ScenarioDuration { ScenarioDuration(milliseconds: seconds * 1000) }

    /// What every wait uses unless the file says `timeout: …`.
    package static let defaultTimeout = ScenarioDuration.seconds(10)

    /// The same length as a Swift `Duration`, for backends that sleep.
    package var duration: Duration { .milliseconds(milliseconds) }

    /// Parses `200ms`, `10s`, `1.5s`; `nil` for anything else (no unit, a negative
    /// number, fractions of a millisecond).
    package init?(parsing text: String) {
        if text.hasSuffix("ms"), let value = Int(text.dropLast(2)), value >= 0 {
            self.init(milliseconds: value)
        } else if text.hasSuffix("s"), let value = Double(text.dropLast(1)), value >= 0, value.isFinite,
            value <= Double(Int32.max), (value * 1000).rounded() == value * 1000,
            text.dropLast(1).allSatisfy({ $0.isNumber || $0 == "." })
        {
            self.init(milliseconds: Int(value * 1000))
        } else {
            return nil
        }
    }

    package static func < (lhs: ScenarioDuration, rhs: ScenarioDuration) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// `200ms` below a second or for odd milliseconds, `10s` / `1.5s` otherwise.
    package var description: String {
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
        if milliseconds >= 1000, milliseconds % 100 == 0 {
            return "\(milliseconds / 1000).\(milliseconds % 1000 / 100)s"
        }
        return "\(milliseconds)ms"
    }
}

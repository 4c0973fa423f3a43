/// A fact a backend reports about a window: its value, or why the backend cannot
/// see it (so the clause that needs it is reported as skipped, with that reason,
/// rather than passed or failed).
package enum Observed<Value: Hashable & Sendable>: Hashable, Sendable {
    case value(Value)
    /// The reason, as a clause in a sentence: "sway does not report buffer scales",
    /// "`term` runs a command, which writes no Diorama trace".
    case unavailable(String)

    package var value: Value? {
        if case .value(let value) = self { return value }
        return nil
    }
}

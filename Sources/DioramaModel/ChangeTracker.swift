/// Remembers the last delivered value of something observable and says when a new
/// value is a real change, so callbacks fire once per change and never for repeats.
///
///     var geometry = ChangeTracker<EffectiveGeometry>()
///     if let change = geometry.update(to: newGeometry) {
///         delegate.didUpdateEffectiveGeometry(previous: change.previous)
///     }
package struct ChangeTracker<Value: Equatable & Sendable>: Sendable {
    /// A value that differs from the one before it.
    package struct Change: Sendable {
        /// The value delivered before, or `nil` for the first value.
        package var previous: Value?
        package var current: Value
    }

    /// The last value given to ``update(to:)``.
    package private(set) var current: Value?

    package init(current: Value? = nil) {
        self.current = current
    }

    /// Stores `value`; returns the change when it differs from the current value (or is
    /// the first), `nil` when it is equal and nothing should fire.
    package mutating func update(to value: Value) -> Change? {
        guard value != current else { return nil }
        let change = Change(previous: current, current: value)
        current = value
        return change
    }
}

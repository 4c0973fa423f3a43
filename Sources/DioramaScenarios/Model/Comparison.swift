/// A whole-number test such as `>= 500` in `width >= 500` or `commits >= 1`.
package struct Comparison: Hashable, Sendable, CustomStringConvertible {
    package enum Operator: String, Hashable, Sendable, CaseIterable {
        case equal = "="
        case atLeast = ">="
        case atMost = "<="
        case greater = ">"
        case less = "<"
    }

    package var op: Operator
    package var value: Int

    package init(_ op: Operator, _ value: Int) {
        self.op = op
        self.value = value
    }

    package static func exactly(_ value: Int) -> Comparison { Comparison(.equal, value) }

    package func matches(_ actual: Int) -> Bool {
        switch op {
        case .equal: actual == value
        case .atLeast: actual >= value
        case .atMost: actual <= value
        case .greater: actual > value
        case .less: actual < value
        }
    }

    /// `500` for equality, `>= 500` otherwise.
    package var description: String {
        op == .equal ? String(value) : "\(op.rawValue) \(value)"
    }
}

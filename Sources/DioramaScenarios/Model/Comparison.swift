/// A whole-number test such as `>= 500` in `width >= 500` or `commits >= 1`.
public struct Comparison: Hashable, Sendable, CustomStringConvertible {
    public enum Operator: String, Hashable, Sendable, CaseIterable {
        case equal = "="
        case atLeast = ">="
        case atMost = "<="
        case greater = ">"
        case less = "<"
    }

    public var op: Operator
    public var value: Int

    public init(_ op: Operator, _ value: Int) {
        self.op = op
        self.value = value
    }

    public static func exactly(_ value: Int) -> Comparison { Comparison(.equal, value) }

    public func matches(_ actual: Int) -> Bool {
        switch op {
        case .equal: actual == value
        case .atLeast: actual >= value
        case .atMost: actual <= value
        case .greater: actual > value
        case .less: actual < value
        }
    }

    /// `500` for equality, `>= 500` otherwise.
    public var description: String {
        op == .equal ? String(value) : "\(op.rawValue) \(value)"
    }
}

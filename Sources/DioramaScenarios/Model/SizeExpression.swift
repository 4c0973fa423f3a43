import DioramaModel

/// A size an expectation compares against: a literal (`1600x1200`) or a multiple of
/// the window's bounds (`bounds * 2`, `round(bounds * 1.5)`, `ceil(bounds * 1.25)`).
///
/// The factor is a ``Scale`` so the arithmetic is exact: `bounds * 1.5` on a
/// 801-point-wide window is 1201.5 pixels, which is not a size at all, and the
/// evaluator says so (suggesting `round(…)`) instead of silently rounding one way.
package enum SizeExpression: Hashable, Sendable, CustomStringConvertible {
    /// How a fractional product becomes whole pixels.
    package enum Rounding: String, Hashable, Sendable, CaseIterable {
        /// Halves away from zero, as fractional-scale-v1 defines buffer sizes
        /// (`Scale.pixels(forLogical:)`).
        case round
        /// Up, as a client without fractional scale renders at `ceil(scale)`.
        case ceil
        /// Down.
        case floor
    }

    case literal(Size)
    /// `bounds * factor`, exact when `rounding` is nil; `bounds` alone has factor 1.
    case bounds(times: Scale, rounding: Rounding?)

    /// The size for a window whose bounds are `bounds` points, or why there is none.
    package func evaluate(bounds: Size) -> Result<Size, SizeExpressionError> {
        switch self {
        case .literal(let size):
            return .success(size)
        case .bounds(let factor, let rounding):
            func side(_ points: Int) -> Int? {
                let product = points * factor.numerator120
                switch rounding {
                case nil: return product % Scale.denominator == 0 ? product / Scale.denominator : nil
                case .round: return factor.pixels(forLogical: points)
                case .ceil:
                    return product >= 0
                        ? (product + Scale.denominator - 1) / Scale.denominator
                        : -(-product / Scale.denominator)
                case .floor:
                    return product >= 0
                        ? product / Scale.denominator
                        : -((-product + Scale.denominator - 1) / Scale.denominator)
                }
            }
            guard let width = side(bounds.width), let height = side(bounds.height) else {
                let exactWidth = Double(bounds.width) * factor.doubleValue
                let exactHeight = Double(bounds.height) * factor.doubleValue
                return .failure(
                    SizeExpressionError(
                        "\(self) with bounds \(bounds) is \(Self.decimal(exactWidth))x\(Self.decimal(exactHeight)), not whole pixels; write round(\(self)) or ceil(\(self))"
                    ))
            }
            return .success(Size(width: width, height: height))
        }
    }

    /// Whether the expression needs the window's bounds.
    package var usesBounds: Bool {
        if case .bounds = self { return true }
        return false
    }

    /// The scenario syntax: `1600x1200`, `bounds`, `bounds * 2`, `round(bounds * 1.5)`.
    package var description: String {
        switch self {
        case .literal(let size):
            return size.description
        case .bounds(let factor, let rounding):
            let product = factor == .one ? "bounds" : "bounds * \(factor)"
            guard let rounding else { return product }
            return "\(rounding.rawValue)(\(product))"
        }
    }

    private static func decimal(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// Why a ``SizeExpression`` has no whole-pixel value.
package struct SizeExpressionError: Error, Hashable, Sendable, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

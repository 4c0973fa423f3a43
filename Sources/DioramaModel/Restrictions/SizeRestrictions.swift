/// The smallest and largest size a scene wants, in points, as in
/// `UISceneSizeRestrictions`.
///
/// A zero in either dimension means "no limit" there, which is also what the
/// `xdg_toplevel.set_min_size` / `set_max_size` requests mean by zero, so the values
/// pass to the compositor unchanged (``toplevelHints``). Those requests are only hints:
/// a compositor may still configure a smaller window (maximised on a small output,
/// tiled, fullscreen), and ``commitSize(configured:isConstrained:)`` decides what to
/// render then.
public struct SizeRestrictions: Hashable, Sendable {
    /// Why a pair of sizes cannot be restrictions.
    public enum ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
        /// A side below zero.
        case negativeDimension(Size)
        /// A minimum side larger than a non-zero maximum side.
        case minimumExceedsMaximum(minimum: Size, maximum: Size)

        public var description: String {
            switch self {
            case .negativeDimension(let size):
                "size restriction \(size) has a negative side; use 0 for no limit"
            case .minimumExceedsMaximum(let minimum, let maximum):
                "minimum size \(minimum) is larger than maximum size \(maximum); lower the minimum or raise the maximum (0 means no maximum)"
            }
        }
    }

    /// The smallest size the scene's layout works at; 0 means no minimum.
    public private(set) var minimumSize: Size
    /// The largest size worth giving the scene; 0 means no maximum.
    public private(set) var maximumSize: Size

    /// No minimum and no maximum.
    public static let none = SizeRestrictions(validatedMinimum: .zero, maximum: .zero)

    /// - Throws: ``ValidationError`` when a side is negative, or when a minimum side is
    ///   larger than the matching maximum side and that maximum is not 0 (no limit).
    public init(minimumSize: Size = .zero, maximumSize: Size = .zero) throws(ValidationError) {
        for size in [minimumSize, maximumSize] where size.width < 0 || size.height < 0 {
            throw .negativeDimension(size)
        }
        if (maximumSize.width != 0 && minimumSize.width > maximumSize.width)
            || (maximumSize.height != 0 && minimumSize.height > maximumSize.height)
        {
            throw .minimumExceedsMaximum(minimum: minimumSize, maximum: maximumSize)
        }
        self.init(validatedMinimum: minimumSize, maximum: maximumSize)
    }

    private init(validatedMinimum: Size, maximum: Size) {
        minimumSize = validatedMinimum
        maximumSize = maximum
    }

    /// The arguments for `xdg_toplevel.set_min_size` and `set_max_size`, in
    /// window-geometry points. Send both whenever the restrictions change; they apply
    /// with the next commit.
    public var toplevelHints: (minimum: Size, maximum: Size) {
        (minimumSize, maximumSize)
    }

    /// The size to render for a configure, and whether it is below the minimum.
    ///
    /// - Parameters:
    ///   - configured: the size from `xdg_toplevel.configure`, with any zero side
    ///     already replaced by the size the app prefers (zero means "you choose").
    ///   - isConstrained: whether the configure carried `maximized`, `fullscreen` or
    ///     any `tiled_*` state. Then the size is a requirement, not a suggestion: a
    ///     maximised or tiled window drawn larger would overlap its neighbours or the
    ///     panel.
    /// - Returns: When not constrained (a floating window), the configured size clamped
    ///   into [minimum, maximum] per side, never below minimum. When constrained, the
    ///   configured size unchanged, with `isBelowMinimum` telling the scene to show its
    ///   compact fallback layout (and ``EffectiveGeometry/isBelowMinimumSize``).
    ///
    /// After a rotation or an output change, call it again with the new configured size:
    /// nothing is cached.
    public func commitSize(configured: Size, isConstrained: Bool) -> (size: Size, isBelowMinimum: Bool) {
        if isConstrained {
            let below =
                (minimumSize.width > 0 && configured.width < minimumSize.width)
                || (minimumSize.height > 0 && configured.height < minimumSize.height)
            return (configured, below)
        }
        func clamp(_ value: Int, minimum: Int, maximum: Int) -> Int {
            var result = max(value, minimum)
            if maximum > 0 { result = min(result, maximum) }
            return result
        }
        let size = Size(
            width: clamp(configured.width, minimum: minimumSize.width, maximum: maximumSize.width),
            height: clamp(configured.height, minimum: minimumSize.height, maximum: maximumSize.height))
        return (size, false)
    }
}

/// A display scale stored exactly, as a number of 120ths.
///
/// fractional-scale-v1 sends the preferred scale as the numerator of a fraction whose
/// denominator is always 120 (`wp_fractional_scale_v1.preferred_scale`), so 1.25 is
/// 150 and 1.5 is 180. Keeping that integer avoids floating-point drift in the pixel
/// arithmetic: every size computed from a `Scale` comes out the same on every machine.
/// Integer scales (`wl_surface.preferred_buffer_scale`, `wl_output.scale`) are the
/// multiples of 120.
public struct Scale: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The denominator fractional-scale-v1 fixes for every scale.
    public static let denominator = 120

    /// The scale times 120; always positive.
    public let numerator120: Int

    /// - Precondition: `numerator120 > 0`. Values from the wire should go through
    ///   ``init(wireValue:)``, which rejects zero instead of trapping.
    public init(numerator120: Int) {
        precondition(numerator120 > 0, "a scale must be positive")
        self.numerator120 = numerator120
    }

    /// The scale a compositor sent in `wp_fractional_scale_v1.preferred_scale`;
    /// `nil` for 0 or for a value too large to be a real scale, so a broken compositor
    /// cannot crash the client.
    public init?(wireValue: UInt32) {
        guard wireValue > 0, wireValue <= UInt32(Int32.max) else { return nil }
        self.init(numerator120: Int(wireValue))
    }

    /// A whole-number scale such as `wl_output.scale` 2; `nil` unless positive.
    public init?(integer: Int) {
        guard integer > 0, integer <= Int.max / Self.denominator else { return nil }
        self.init(numerator120: integer * Self.denominator)
    }

    /// The scale equal to `value`, only if `value` is a positive multiple of 1/120
    /// within 1e-9 (so `1.5` and `1.25` work, `1.3` does not).
    public init?(_ value: Double) {
        guard value.isFinite, value > 0, value < Double(Int32.max) else { return nil }
        let scaled = value * Double(Self.denominator)
        let nearest = scaled.rounded()
        guard abs(scaled - nearest) <= 1e-9 * Double(Self.denominator), nearest >= 1 else { return nil }
        self.init(numerator120: Int(nearest))
    }

    /// One pixel per point.
    public static let one = Scale(numerator120: 120)

    /// The scale as a `Double`, e.g. for `UITraitCollection.displayScale`.
    public var doubleValue: Double { Double(numerator120) / Double(Self.denominator) }

    /// Whether this is a whole number (1, 2, 3…), which `wl_surface.set_buffer_scale`
    /// can express without a viewport.
    public var isInteger: Bool { numerator120 % Self.denominator == 0 }

    /// The smallest whole number at least this scale: the integer buffer scale to use
    /// when a fractional scale has to be rendered without a viewport (then downscaled
    /// by the compositor).
    public func ceil() -> Int {
        (numerator120 + Self.denominator - 1) / Self.denominator
    }

    /// The nearest whole number, halves rounded up (1.5 → 2, 1.25 → 1), never below 1.
    public func round() -> Int {
        max(1, (numerator120 + Self.denominator / 2) / Self.denominator)
    }

    /// The number of pixels that `logical` points cover at this scale.
    ///
    /// fractional-scale-v1 defines the buffer size as the surface size multiplied by
    /// the scale, rounded halfway away from zero for toplevel surfaces (its example:
    /// 100x50 at 1.5 is a 150x75 buffer). In integers that is
    /// `(logical * numerator120 + 60) / 120`, with 60 being half the denominator;
    /// negative inputs are rounded symmetrically. For whole-number scales the result is
    /// exactly `logical * scale`.
    public func pixels(forLogical logical: Int) -> Int {
        let magnitude = (abs(logical) * numerator120 + Self.denominator / 2) / Self.denominator
        return logical < 0 ? -magnitude : magnitude
    }

    public static func < (lhs: Scale, rhs: Scale) -> Bool { lhs.numerator120 < rhs.numerator120 }

    /// The shortest decimal: `1`, `1.5`, `1.25`, or `181/120` when not a finite decimal
    /// of up to three places.
    public var description: String {
        if isInteger { return String(numerator120 / Self.denominator) }
        let thousandths = numerator120 * 1000
        guard thousandths % Self.denominator == 0 else { return "\(numerator120)/\(Self.denominator)" }
        var text = String(Double(thousandths / Self.denominator) / 1000)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// Decodes the form ``encode(to:)`` writes: the numerator alone (180 for 1.5).
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(Int.self)
        guard value > 0 else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a scale must be positive"))
        }
        numerator120 = value
    }

    /// Encodes the numerator alone, so stored scales stay exact.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(numerator120)
    }
}

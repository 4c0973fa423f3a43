import Foundation

/// How big a render target must be for a layer, as `CAMetalLayer.drawableSize` follows
/// `bounds.size * contentsScale`.
///
/// The runtime asks for a new drawable size whenever bounds or scale change. A size
/// that would be zero or negative is never handed to a renderer: the functions return
/// `nil`, meaning "deliver no drawable" (the layer is not visible), instead of a
/// zero-sized texture that GPU APIs reject.
public enum DrawableSizing {
    /// The largest texture side common GPUs accept; larger requests are clamped.
    public static let defaultMaximumDimension = 16_384

    /// The drawable for `bounds` points at `contentsScale` pixels per point.
    ///
    /// Each side is `bounds * contentsScale` rounded to the nearest pixel, halves away
    /// from zero (the rule fractional-scale-v1 uses for buffers), at least 1 and at
    /// most `maximumDimension`. When the scale is an exact multiple of 1/120 and the
    /// bounds are whole points, the exact integer arithmetic of ``Scale`` is used, so
    /// the drawable always matches the window's buffer pixel for pixel.
    ///
    /// - Returns: `nil` when either side of `bounds` is zero, negative or not finite, or
    ///   `contentsScale` is not a positive finite number.
    public static func drawableSize(
        bounds: CGSize, contentsScale: Double,
        maximumDimension: Int = defaultMaximumDimension
    ) -> Size? {
        let width = Double(bounds.width), height = Double(bounds.height)
        guard width.isFinite, height.isFinite, width > 0, height > 0,
            contentsScale.isFinite, contentsScale > 0
        else { return nil }
        func pixels(_ points: Double) -> Int {
            let exact: Int
            if let scale = Scale(contentsScale), points == points.rounded(), points < Double(Int32.max) {
                exact = scale.pixels(forLogical: Int(points))
            } else {
                // A scale that is not a multiple of 1/120 cannot be exact anyway; the
                // tiny bias keeps a product whose true value ends in exactly .5 but
                // computes as .49999… from rounding the wrong way.
                let product = points * contentsScale
                exact =
                    product >= Double(maximumDimension)
                    ? maximumDimension
                    : Int((product + 1e-9).rounded(.toNearestOrAwayFromZero))
            }
            return min(max(1, exact), max(1, maximumDimension))
        }
        return Size(width: pixels(width), height: pixels(height))
    }

    /// The drawable for whole-point `bounds` at an exact ``Scale``: the same pixels as
    /// `BufferGeometry` computes for a viewport-scaled buffer. `nil` for empty bounds.
    public static func drawableSize(
        bounds: Size, scale: Scale,
        maximumDimension: Int = defaultMaximumDimension
    ) -> Size? {
        guard !bounds.isEmpty else { return nil }
        func pixels(_ points: Int) -> Int {
            min(max(1, scale.pixels(forLogical: points)), max(1, maximumDimension))
        }
        return Size(width: pixels(bounds.width), height: pixels(bounds.height))
    }
}

extension DrawableSizing {
    /// Why a size an app sets as its drawable size (`autoResizeDrawable` off)
    /// cannot be one.
    public enum AppSizeError: Error, Hashable, Sendable, CustomStringConvertible {
        /// A side is zero or negative: no renderer can draw into it.
        case empty(Size)
        /// A side exceeds `maximumDimension`, the largest texture common GPUs accept.
        case tooLarge(Size, maximumDimension: Int)
        /// `autoResizeDrawable` is on: the runtime owns the size and sets it
        /// from bounds × scale.
        case ownedByRuntime(Size)

        public var description: String {
            switch self {
            case .empty(let size):
                return "drawableSize \(size.width)×\(size.height) has an empty side; use at least 1×1 pixels"
            case .tooLarge(let size, let maximum):
                return "drawableSize \(size.width)×\(size.height) is larger than \(maximum) pixels on a side; use at most \(maximum)×\(maximum)"
            case .ownedByRuntime(let size):
                return
                    "drawableSize \(size.width)×\(size.height) ignored: autoResizeDrawable is on, so the runtime sets it from bounds × scale; set autoResizeDrawable = false first"
            }
        }
    }

    /// Checks a drawable size an app chooses itself: each side from 1 to
    /// `maximumDimension` pixels.
    public static func validateAppSize(_ size: Size, maximumDimension: Int = defaultMaximumDimension) throws(AppSizeError) {
        guard size.width > 0, size.height > 0 else { throw .empty(size) }
        guard size.width <= maximumDimension, size.height <= maximumDimension else {
            throw .tooLarge(size, maximumDimension: maximumDimension)
        }
    }
}

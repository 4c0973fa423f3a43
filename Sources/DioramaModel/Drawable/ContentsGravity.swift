import Foundation

/// Where a render target of a fixed size is drawn inside a layer's bounds, as
/// `CALayer.contentsGravity`.
///
/// During an interactive resize the runtime keeps the render target at its size
/// (reallocating textures on every pointer motion is slow and flickers) and places the
/// old frame into the new bounds with the gravity until the resize ends and a
/// correctly sized drawable arrives.
public enum ContentsGravity: String, Hashable, Sendable, Codable, CaseIterable {
    /// Stretch to fill the bounds exactly, ignoring aspect ratio.
    case resize
    /// Scale to fit inside the bounds keeping the aspect ratio, centred: letterboxed
    /// (bars above and below) or pillarboxed (bars left and right).
    case resizeAspect
    /// Keep the natural size, centred; may overflow the bounds, which then clip.
    case center

    /// The rectangle, in the bounds' coordinate space (points), that content of
    /// `contentSize` points covers.
    ///
    /// Empty content (a side of zero or less) gives an empty rectangle at the centre of
    /// the bounds, so nothing is drawn.
    public func destinationRect(contentSize: CGSize, in bounds: CGRect) -> CGRect {
        let contentWidth = Double(contentSize.width), contentHeight = Double(contentSize.height)
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        guard contentWidth > 0, contentHeight > 0 else {
            return CGRect(origin: center, size: .zero)
        }
        switch self {
        case .resize:
            return bounds
        case .resizeAspect:
            let factor = min(Double(bounds.width) / contentWidth, Double(bounds.height) / contentHeight)
            return Self.centered(width: contentWidth * factor, height: contentHeight * factor, at: center)
        case .center:
            return Self.centered(width: contentWidth, height: contentHeight, at: center)
        }
    }

    /// The rectangle a render target of `drawableSize` pixels covers, when its pixels
    /// were made for `contentsScale` pixels per point.
    public func destinationRect(drawableSize: Size, contentsScale: Double, in bounds: CGRect) -> CGRect {
        let scale = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        let points = CGSize(width: Double(drawableSize.width) / scale, height: Double(drawableSize.height) / scale)
        return destinationRect(contentSize: points, in: bounds)
    }

    private static func centered(width: Double, height: Double, at center: CGPoint) -> CGRect {
        CGRect(x: Double(center.x) - width / 2, y: Double(center.y) - height / 2, width: width, height: height)
    }
}

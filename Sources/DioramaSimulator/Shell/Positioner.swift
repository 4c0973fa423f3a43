import DioramaModel
import WaylandServer

/// An `xdg_positioner`'s rules for placing a popup, and the placement they give.
///
/// Constraint adjustments (slide, flip, resize to stay on screen) are
/// recorded but not applied: popups are placed exactly where anchor, gravity
/// and offset say.
struct Positioner {
    var size: Size?
    var anchorRect: Rect?
    var anchor = XdgPositioner.Anchor.none
    var gravity = XdgPositioner.Gravity.none
    var offset = Point.zero

    var isComplete: Bool { size != nil && anchorRect != nil }

    /// The popup's rectangle relative to its parent's window geometry.
    var placement: Rect {
        guard let size, let anchorRect else { return .zero }
        var anchorPoint: Point
        switch anchor {
        case .top: anchorPoint = Point(x: anchorRect.minX + anchorRect.width / 2, y: anchorRect.minY)
        case .bottom: anchorPoint = Point(x: anchorRect.minX + anchorRect.width / 2, y: anchorRect.maxY)
        case .left: anchorPoint = Point(x: anchorRect.minX, y: anchorRect.minY + anchorRect.height / 2)
        case .right: anchorPoint = Point(x: anchorRect.maxX, y: anchorRect.minY + anchorRect.height / 2)
        case .topLeft: anchorPoint = Point(x: anchorRect.minX, y: anchorRect.minY)
        case .bottomLeft: anchorPoint = Point(x: anchorRect.minX, y: anchorRect.maxY)
        case .topRight: anchorPoint = Point(x: anchorRect.maxX, y: anchorRect.minY)
        case .bottomRight: anchorPoint = Point(x: anchorRect.maxX, y: anchorRect.maxY)
        default: anchorPoint = Point(x: anchorRect.minX + anchorRect.width / 2, y: anchorRect.minY + anchorRect.height / 2)
        }
        // Gravity says which way the popup extends from the anchor point.
        var x = anchorPoint.x - size.width / 2
        var y = anchorPoint.y - size.height / 2
        switch gravity {
        case .top, .topLeft, .topRight: y = anchorPoint.y - size.height
        case .bottom, .bottomLeft, .bottomRight: y = anchorPoint.y
        default: break
        }
        switch gravity {
        case .left, .topLeft, .bottomLeft: x = anchorPoint.x - size.width
        case .right, .topRight, .bottomRight: x = anchorPoint.x
        default: break
        }
        return Rect(x: x + offset.x, y: y + offset.y, width: size.width, height: size.height)
    }
}

/// The state holder an `xdg_positioner` resource's handler writes into.
final class PositionerBox {
    var positioner = Positioner()
}

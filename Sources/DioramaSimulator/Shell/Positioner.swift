import DioramaModel
import WaylandServer

/// An `xdg_positioner`'s rules for placing a popup, and the placement they give.
///
/// ``placement`` is where anchor, gravity and offset alone put the popup;
/// ``placement(parentOrigin:constraintArea:)`` then applies the constraint
/// adjustments (flip, slide, resize) that keep it inside the constraint area.
/// `set_parent_size` and `set_parent_configure` are accepted and not used:
/// the simulator places a popup against its parent's current geometry.
struct Positioner {
    typealias Anchor = XdgPositioner.Anchor
    typealias Gravity = XdgPositioner.Gravity
    typealias ConstraintAdjustment = XdgPositioner.ConstraintAdjustment

    var size: Size?
    var anchorRect: Rect?
    var anchor = Anchor.none
    var gravity = Gravity.none
    var offset = Point.zero
    var constraintAdjustment = ConstraintAdjustment.none
    /// `set_reactive`: reconstrain (and configure again) when the parent moves
    /// or its display changes.
    var isReactive = false

    var isComplete: Bool { size != nil && anchorRect != nil }

    /// The popup's rectangle relative to its parent's window geometry, as
    /// anchor, gravity and offset put it, before any constraint adjustment.
    var placement: Rect {
        guard let size, let anchorRect else { return .zero }
        let x = Self.axisStart(
            anchorStart: anchorRect.minX, anchorLength: anchorRect.width, anchorSide: anchor.horizontalSide,
            gravitySide: gravity.horizontalSide, length: size.width)
        let y = Self.axisStart(
            anchorStart: anchorRect.minY, anchorLength: anchorRect.height, anchorSide: anchor.verticalSide,
            gravitySide: gravity.verticalSide, length: size.height)
        return Rect(x: x + offset.x, y: y + offset.y, width: size.width, height: size.height)
    }

    /// The popup's rectangle relative to its parent's window geometry, kept
    /// inside `constraintArea` by the positioner's constraint adjustments.
    ///
    /// - Parameters:
    ///   - parentOrigin: the parent's window geometry top-left in global
    ///     logical coordinates.
    ///   - constraintArea: the rectangle the popup must stay inside, in global
    ///     logical coordinates; nil (no display) keeps ``placement``.
    ///
    /// Each axis is adjusted on its own, and only while the popup still
    /// crosses the area's edge on it, in the spec's order:
    /// 1. flip (`flip_x`/`flip_y`): anchor and gravity inverted on the axis;
    ///    kept only when the flipped popup fits on that axis, and tried only
    ///    when one edge is out (with both out the popup is wider than the
    ///    area and flipping cannot help);
    /// 2. slide (`slide_x`/`slide_y`): moved the least distance that brings
    ///    it inside; wider than the area, its edge on the anchor side
    ///    (opposite the gravity; the left or top one when the gravity is
    ///    centred) is aligned with the area's. A centred axis slides too:
    ///    GTK centres every popover and counts on it, as Mutter, KWin and the
    ///    wlroots sway 1.7 is built on do (only wlroots 0.16 stopped);
    /// 3. resize (`resize_x`/`resize_y`): the parts outside the area are cut
    ///    off; not when nothing would be left.
    /// With no bit set for an axis the popup stays where it was placed on it.
    func placement(parentOrigin: Point, constraintArea: Rect?) -> Rect {
        let unconstrained = placement
        guard let constraintArea, let anchorRect else { return unconstrained }
        // The area in the parent's coordinates, where the placement is.
        let area = Rect(
            origin: Point(x: constraintArea.minX - parentOrigin.x, y: constraintArea.minY - parentOrigin.y),
            size: constraintArea.size)
        let horizontal = Self.constrain(
            AxisPlacement(start: unconstrained.minX, length: unconstrained.width),
            within: area.minX, area.maxX,
            flipped: {
                Self.axisStart(
                    anchorStart: anchorRect.minX, anchorLength: anchorRect.width, anchorSide: -anchor.horizontalSide,
                    gravitySide: -gravity.horizontalSide, length: unconstrained.width) + offset.x
            },
            gravitySide: gravity.horizontalSide,
            flip: constraintAdjustment.contains(.flipX), slide: constraintAdjustment.contains(.slideX),
            resize: constraintAdjustment.contains(.resizeX))
        let vertical = Self.constrain(
            AxisPlacement(start: unconstrained.minY, length: unconstrained.height),
            within: area.minY, area.maxY,
            flipped: {
                Self.axisStart(
                    anchorStart: anchorRect.minY, anchorLength: anchorRect.height, anchorSide: -anchor.verticalSide,
                    gravitySide: -gravity.verticalSide, length: unconstrained.height) + offset.y
            },
            gravitySide: gravity.verticalSide,
            flip: constraintAdjustment.contains(.flipY), slide: constraintAdjustment.contains(.slideY),
            resize: constraintAdjustment.contains(.resizeY))
        return Rect(x: horizontal.start, y: vertical.start, width: horizontal.length, height: vertical.length)
    }

    /// Where the popup starts on one axis, offset not included. A side is -1
    /// (left/top), 0 (centre) or +1 (right/bottom): the anchor side picks the
    /// anchor point on the anchor rectangle's edge or centre; the gravity
    /// side is the way the popup extends from that point (centred on it at 0).
    private static func axisStart(anchorStart: Int, anchorLength: Int, anchorSide: Int, gravitySide: Int, length: Int) -> Int {
        let anchorPoint =
            switch anchorSide {
            case -1: anchorStart
            case 1: anchorStart + anchorLength
            default: anchorStart + anchorLength / 2
            }
        return switch gravitySide {
        case -1: anchorPoint - length
        case 1: anchorPoint
        default: anchorPoint - length / 2
        }
    }

    /// A popup's extent on one axis.
    struct AxisPlacement: Equatable {
        var start: Int
        var length: Int
        var end: Int { start + length }

        /// How far the popup sticks out before `areaStart` and after
        /// `areaEnd` (negative: how far inside it stays).
        func overflow(_ areaStart: Int, _ areaEnd: Int) -> (before: Int, after: Int) {
            (areaStart - start, end - areaEnd)
        }
    }

    /// One axis's flip, slide and resize, each only while the popup still
    /// crosses the area's edges (see ``placement(parentOrigin:constraintArea:)``).
    private static func constrain(
        _ placed: AxisPlacement, within areaStart: Int, _ areaEnd: Int, flipped: () -> Int, gravitySide: Int,
        flip: Bool, slide: Bool, resize: Bool
    ) -> AxisPlacement {
        var result = placed
        var (before, after) = result.overflow(areaStart, areaEnd)
        guard before > 0 || after > 0 else { return result }
        if flip && (before > 0) != (after > 0) {
            let candidate = AxisPlacement(start: flipped(), length: result.length)
            let (flippedBefore, flippedAfter) = candidate.overflow(areaStart, areaEnd)
            if flippedBefore <= 0 && flippedAfter <= 0 { return candidate }
        }
        if slide {
            if before > 0 && after > 0 {
                // Wider than the area: keep the edge the popup grows from in
                // view (its start when it grows both ways).
                result.start += gravitySide >= 0 ? before : -after
            } else {
                // Move the least distance that puts one edge on the area's
                // edge: inside when the popup fits, else as far in as it goes.
                result.start += abs(before) < abs(after) ? before : -after
            }
            (before, after) = result.overflow(areaStart, areaEnd)
            guard before > 0 || after > 0 else { return result }
        }
        if resize {
            let start = max(result.start, areaStart)
            let end = min(result.end, areaEnd)
            if end > start { result = AxisPlacement(start: start, length: end - start) }
        }
        return result
    }
}

extension XdgPositioner.Anchor {
    /// -1 for left edges, +1 for right edges, 0 for the horizontal centre.
    var horizontalSide: Int {
        switch self {
        case .left, .topLeft, .bottomLeft: -1
        case .right, .topRight, .bottomRight: 1
        default: 0
        }
    }

    /// -1 for top edges, +1 for bottom edges, 0 for the vertical centre.
    var verticalSide: Int {
        switch self {
        case .top, .topLeft, .topRight: -1
        case .bottom, .bottomLeft, .bottomRight: 1
        default: 0
        }
    }
}

extension XdgPositioner.Gravity {
    /// The way the popup extends horizontally: -1 left, +1 right, 0 centred.
    var horizontalSide: Int { XdgPositioner.Anchor(rawValue: rawValue).horizontalSide }
    /// The way the popup extends vertically: -1 up, +1 down, 0 centred.
    var verticalSide: Int { XdgPositioner.Anchor(rawValue: rawValue).verticalSide }
}

/// The state holder an `xdg_positioner` resource's handler writes into.
final class PositionerBox {
    var positioner = Positioner()
}

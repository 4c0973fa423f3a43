import Foundation

/// One finger on the touchscreen, or one pointer button held down: what
/// `touchesBegan/Moved/Ended/Cancelled` deliver, as UIKit's `UITouch` does
/// (a mouse click is a touch of type `indirectPointer` there too).
///
/// Locations are in points from the scene's top-left, with sub-point
/// precision — never pixels, whatever the display's scale: multiply by
/// `drawable.contentsScale` to find the pixel in the drawable.
public struct Touch: Hashable, Sendable {
    /// UIKit's `UITouch.TouchType`.
    public enum Kind: String, Hashable, Sendable {
        /// A finger (`wl_touch`).
        case direct
        /// A pointer button held down (`wl_pointer`).
        case indirectPointer
    }

    /// The finger's id while it is down; for a pointer, the button's evdev
    /// code (272 left, 273 right, 274 middle). Stable from began to ended.
    public var id: Int
    /// A finger or a pointer button (UIKit's `type`).
    public var kind: Kind
    /// `location(in:)`.
    public var location: CGPoint
    /// `previousLocation(in:)`: where the last event put it (at `began`, the same as `location`).
    public var previousLocation: CGPoint
    /// The compositor's time of the event that last changed the touch, in
    /// seconds from an arbitrary monotonic origin (UIKit's `timestamp`).
    public var timestamp: TimeInterval
    /// How many times in a row this finger or button tapped here: 2 on the
    /// second press of a double-tap (UIKit's `tapCount`). A press counts on
    /// from the last one when it comes within ``TapCounter/maximumInterval``
    /// of it and within ``TapCounter/maximumDistance`` points, with the same
    /// button (or, for fingers, also a finger); fixed from began to ended.
    public var tapCount: Int

    /// A touch as the runtime delivers it (tests build their own).
    public init(
        id: Int, kind: Kind, location: CGPoint, previousLocation: CGPoint, timestamp: TimeInterval = 0, tapCount: Int = 1
    ) {
        self.id = id
        self.kind = kind
        self.location = location
        self.previousLocation = previousLocation
        self.timestamp = timestamp
        self.tapCount = tapCount
    }

    /// The same touch at a later event: moved to `location` at `timestamp`.
    func moved(to location: CGPoint, at timestamp: TimeInterval) -> Touch {
        Touch(id: id, kind: kind, location: location, previousLocation: self.location, timestamp: timestamp, tapCount: tapCount)
    }

    /// The pointer button this touch is, for `indirectPointer` touches.
    public var isPrimaryButton: Bool { kind == .direct || id == 0x110 }
}

/// The pointer over the scene with no button held: what
/// `pointerHovered` delivers, as UIKit's `UIHoverGestureRecognizer` reports
/// its location and `modifierFlags`.
public struct PointerHover: Hashable, Sendable {
    /// Points from the scene's top-left.
    public var location: CGPoint
    /// The modifier keys held while it hovers (Shift-hover to preview, …).
    public var modifierFlags: KeyModifierFlags
    /// The compositor's time of the motion in seconds (arbitrary monotonic
    /// origin); the time of the last event seen when the pointer entered.
    public var timestamp: TimeInterval

    /// A hover as the runtime delivers it (tests build their own).
    public init(location: CGPoint, modifierFlags: KeyModifierFlags = [], timestamp: TimeInterval = 0) {
        self.location = location
        self.modifierFlags = modifierFlags
        self.timestamp = timestamp
    }
}

/// A scroll wheel or touchpad scroll over the scene: what `scrolled`
/// delivers, as a `UIPanGestureRecognizer` with `allowedScrollTypesMask`
/// reports its translation.
public struct PointerScroll: Hashable, Sendable {
    /// The distance in points: positive `y` scrolls down (the content moves
    /// up), positive `x` scrolls right. Both axes of one event arrive together.
    public var delta: CGPoint
    /// Where the pointer is, in points from the scene's top-left.
    public var location: CGPoint
    /// The modifier keys held (Control-scroll to zoom, …).
    public var modifierFlags: KeyModifierFlags
    /// The compositor's time of the scroll in seconds (arbitrary monotonic origin).
    public var timestamp: TimeInterval

    /// A scroll as the runtime delivers it (tests build their own).
    public init(delta: CGPoint, location: CGPoint, modifierFlags: KeyModifierFlags = [], timestamp: TimeInterval = 0) {
        self.delta = delta
        self.location = location
        self.modifierFlags = modifierFlags
        self.timestamp = timestamp
    }
}

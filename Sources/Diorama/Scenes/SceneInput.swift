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

    /// A touch as the runtime delivers it (tests build their own).
    public init(id: Int, kind: Kind, location: CGPoint, previousLocation: CGPoint) {
        self.id = id
        self.kind = kind
        self.location = location
        self.previousLocation = previousLocation
    }

    /// The pointer button this touch is, for `indirectPointer` touches.
    public var isPrimaryButton: Bool { kind == .direct || id == 0x110 }
}

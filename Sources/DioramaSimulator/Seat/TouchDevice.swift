import DioramaModel

/// The seat's touchscreen as scripts drive it: the touch points now down,
/// by id. A touch belongs to the window it went down on for its whole life
/// (motion outside the window still goes there), as `wl_touch` specifies.
final class TouchDevice {
    struct TouchPoint {
        /// Nil for a touch that broke a popup grab: it reaches no client.
        weak var window: Window?
        /// The window's surface it went down on (main surface, subsurface or popup).
        weak var surface: Surface?
        var position: Point
    }

    var points: [Int32: TouchPoint] = [:]
}

import DioramaControlProtocol
import DioramaModel

/// The seat's one pointer as scripts drive it: where it is, which buttons are
/// held, which window has pointer focus, and the move or resize a client
/// started with `xdg_toplevel.move`/`resize` (a grab), if any.
///
/// The position is in global logical points, like window positions. Focus
/// goes to the topmost mapped window whose surface is under the pointer,
/// except while a button is held: then the window that got the press keeps
/// it (the implicit grab every desktop compositor has), so a drag that leaves
/// the window still reaches it.
final class PointerDevice {
    var position = Point.zero
    /// The window one of whose surfaces last got `wl_pointer.enter`.
    weak var focus: Window?
    /// That surface: the window's main surface, a subsurface or a popup.
    weak var focusSurface: Surface?
    var pressedButtons: [PointerButton] = []
    /// The serial of the last button press still held, and the window that
    /// got it: what a valid `xdg_toplevel.move`/`resize` names.
    var pressSerial: UInt32?
    weak var pressedWindow: Window?
    var grab: PointerGrab?
    /// The window whose popup grab the last press broke (it reached no
    /// client); nil when the last press went to a client as usual.
    weak var pressBrokePopupGrabOf: Window?
    /// The surface the last `wl_pointer.set_cursor` named (nil: hidden or
    /// never set) and its hotspot, in surface-local points.
    weak var cursorSurface: Surface?
    var cursorHotspot = Point.zero
}

/// What the pointer shows, as the last `wl_pointer.set_cursor` left it: the
/// cursor surface's committed buffer (read when asked, so a client may commit
/// the image before or after set_cursor) and its hotspot.
public struct CursorImage: Hashable, Sendable {
    /// The simulator's number for the cursor surface (as in the trace).
    public var surface: UInt32
    /// The committed buffer's size in pixels; nil before the first buffer.
    public var bufferSize: Size?
    /// The cursor surface's committed buffer scale.
    public var bufferScale: Int
    /// The hotspot in surface-local logical points.
    public var hotspot: Point
}

/// Where pointer or touch input lands: a window, and which of its surfaces
/// (``ShellRegistry/inputTarget(at:)``).
struct InputTarget {
    let window: Window
    let surface: Surface
}

/// What a client asked the pointer to do with its window while a button is held.
enum PointerGrab {
    /// `xdg_toplevel.move`: the window's position follows the pointer at a
    /// fixed offset (window position minus pointer position at the start).
    case move(Window, offset: Point)
    /// `xdg_toplevel.resize`: the window's size follows the pointer on the
    /// given edges, from its size and the pointer position at the start.
    case resize(Window, edges: XdgResizeEdges, startSize: Size, startPointer: Point)

    var window: Window {
        switch self {
        case .move(let window, _), .resize(let window, _, _, _): window
        }
    }
}

/// Which edges an interactive resize drags, from `xdg_toplevel.resize_edge`
/// (top 1, bottom 2, left 4, right 8, and their corners as sums).
struct XdgResizeEdges: OptionSet {
    var rawValue: UInt32
    static let top = XdgResizeEdges(rawValue: 1)
    static let bottom = XdgResizeEdges(rawValue: 2)
    static let left = XdgResizeEdges(rawValue: 4)
    static let right = XdgResizeEdges(rawValue: 8)
}

import DioramaControlProtocol
import DioramaModel

/// Why a control command (move a window, rescale a display, …) could not be carried out.
public enum SimulatorControlError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No window matches the selector.
    case noSuchWindow(WindowSelector)
    /// The selector matched several windows; use an id.
    case ambiguousWindow(WindowSelector, matches: [UInt32])
    /// No display has that name; `known` lists the names there are.
    case noSuchDisplay(String, known: [String])
    /// The change would make the layout invalid (overlap, duplicate name, …).
    case invalidLayout(DisplayLayoutError)
    /// Every display is unplugged, and the command needs one (a picture of the layout).
    case noDisplay
    /// The window has not mapped yet (no buffer committed).
    case windowNotMapped(UInt32)
    /// The client destroyed the window's wl_surface: only its xdg_toplevel
    /// is left, and nothing can show, focus or close it any more.
    case windowGone(UInt32)
    /// Text contains a character the keymap cannot type.
    case untypable(Character)
    /// A key name the keymap does not know (`Return`, `Escape`, `a`, … are known).
    case unknownKeyName(String)
    /// No keymap could be compiled (xkb-data missing).
    case noKeymap
    /// A wait ended before its condition held; the text says what was awaited.
    case timedOut(String)
    /// The picture asked for has more pixels than ``SimulatorLimits/maximumScreenshotPixels``.
    case screenshotTooLarge(Size, limit: Int)
    /// A touch went down where no window is.
    case noWindowAt(Point)
    /// `touch move`/`up` named a touch id that is not down, or `down` one that is.
    case touchNotDown(Int)
    /// `touch down` named a touch id that is already down.
    case touchAlreadyDown(Int)
    /// Half tiling was asked of a profile whose compositor has none (sway
    /// 1.7, weston 10).
    case halfTilingUnsupported(profile: String)

    public var description: String {
        switch self {
        case .noSuchWindow(let selector): "no window matches \(selector)"
        case .ambiguousWindow(let selector, let matches):
            "\(selector) matches windows \(matches.map(String.init).joined(separator: ", ")); select one by id (id:N)"
        case .noSuchDisplay(let name, let known):
            known.isEmpty
                ? "no display named \"\(name)\": no display is plugged in; plug one first (ctl plug NAME WxH)"
                : "no display named \"\(name)\"; the displays are \(known.joined(separator: ", "))"
        case .invalidLayout(let error): "the change would make the layout invalid: \(error)"
        case .noDisplay: "no display is plugged; plug one first"
        case .windowNotMapped(let id): "window \(id) is not mapped yet (it has not committed a buffer)"
        case .windowGone(let id): "window \(id) is gone: its client destroyed its wl_surface"
        case .untypable(let character): "the us keymap cannot type \(String(reflecting: character))"
        case .unknownKeyName(let name): "\"\(name)\" is not a key name the keymap has (try Return, Escape, Tab, BackSpace, F1)"
        case .noKeymap: "no keymap: xkbcommon could not compile one (apt-get install xkb-data)"
        case .timedOut(let what): "timed out waiting for \(what)"
        case .screenshotTooLarge(let size, let limit):
            "the screenshot would be \(size.width)×\(size.height) px (\(Self.gibibytes(size))); the limit is \(limit) px "
                + "(SimulatorLimits.maximumScreenshotPixels); picture one display, or the layout at a lower scale"
        case .noWindowAt(let point): "no window is under \(point.x),\(point.y) (global logical points); `diorama ctl windows` lists where they are"
        case .touchNotDown(let id): "touch \(id) is not down; put it down first (touch down --id \(id))"
        case .touchAlreadyDown(let id): "touch \(id) is already down; lift it first or use another id"
        case .halfTilingUnsupported(let profile):
            "the \(profile) profile has no half tiling, as its compositor has no such binding; "
                + "run under kwin-5.27, mutter-43 or modern to tile a window to half its display"
        }
    }

    /// RGBA bytes of a picture of `size`, in GiB, for the message above.
    private static func gibibytes(_ size: Size) -> String {
        let bytes = Double(size.width) * Double(size.height) * 4
        let value = bytes / Double(1 << 30)
        return value >= 10 ? "\(Int(value.rounded())) GiB" : "\((value * 10).rounded() / 10) GiB"
    }
}

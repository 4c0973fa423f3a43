/// Whether a window's frame reaches a display crisp: each pixel of the
/// buffer it committed is one pixel of the display, in its own colour.
///
/// A compositor that scales or resamples a frame (a 1x buffer on a 2x
/// display, a 2x buffer shrunk to 1.5x) changes the pixels along every edge
/// of text and shapes; a frame drawn for the display's scale, placed on whole
/// pixels, shows unchanged. The simulator judges it from a screenshot of the
/// display (`Simulator.frameCrispness(ofWindow:)`); scenarios write it
/// `expect W crisp`.
public enum FrameCrispness: Hashable, Sendable, CustomStringConvertible {
    /// The display shows every pixel of the buffer, and `differing` of them
    /// in another colour (0: crisp; more: something covers the window, or
    /// its content changed between the commit and the screenshot).
    case compared(display: String, scale: Scale, pixels: Size, differing: Int)
    /// The buffer's pixels cover another number of display pixels: the
    /// compositor scaled the frame, so it was not drawn for this scale.
    case resampled(display: String, scale: Scale, buffer: Size, onDisplay: Size)
    /// The window is not inside one display (it spans several, or none):
    /// it cannot be drawn for every scale it shows at.
    case notOnOneDisplay(displays: [String])
    /// The buffer is rotated or cropped by a viewport source: its pixels are
    /// not compared one for one.
    case notComparable(reason: String)

    public var isCrisp: Bool {
        if case .compared(_, _, _, 0) = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .compared(let display, let scale, let pixels, 0):
            return "crisp on \(display) at \(scale)x: the \(pixels) buffer shows pixel for pixel"
        case .compared(let display, let scale, let pixels, let differing):
            return "not crisp on \(display) at \(scale)x: \(differing) of the \(pixels) buffer's pixels show in another colour"
        case .resampled(let display, let scale, let buffer, let onDisplay):
            return "not crisp on \(display) at \(scale)x: the \(buffer) buffer is resampled onto \(onDisplay) display pixels"
        case .notOnOneDisplay(let displays):
            return displays.isEmpty
                ? "not crisp: the window is on no display"
                : "not crisp: the window spans \(displays.joined(separator: ", ")) and is drawn for one scale"
        case .notComparable(let reason):
            return "not judged: \(reason)"
        }
    }
}

import DioramaGraphics
import DioramaModel

extension ScreenshotTaker {
    /// Whether `window`'s main surface reaches its display crisp: inside one
    /// display, its buffer covering exactly as many display pixels as it has
    /// (edges rounded as ``ScreenCompositor`` rounds them), and the display's
    /// screenshot showing each of those pixels in the buffer's colour.
    ///
    /// Judged on the screenshot rather than on the sizes alone, so that what
    /// a person would see is what passes: the same comparison the Cairo
    /// screenshot tests make against Cairo's own rendering
    /// (``DioramaGraphics/PixelImage/pixelsDiffering(from:at:)``). Subsurfaces
    /// and popups are drawn but not judged; a window covered by another
    /// shows the other's pixels and is not crisp.
    ///
    /// - Throws: ``SimulatorControlError/windowNotMapped(_:)`` for a window
    ///   that shows no buffer.
    func crispness(of window: Window) throws(SimulatorControlError) -> FrameCrispness {
        guard let content = window.contents.first, let buffer = content.buffer else { throw .windowNotMapped(window.id) }
        guard content.bufferTransform == .normal, content.viewportSource == nil else {
            return .notComparable(reason: "the buffer is transformed or cropped by a viewport source, so its pixels are not the display's one for one")
        }
        let rect = Rect(origin: content.origin, size: content.size)
        let covering = arrangement.plugged.filter { $0.logicalRect.intersection(rect) != nil }
        guard covering.count == 1, let display = covering.first, display.logicalRect.intersection(rect) == rect else {
            return .notOnOneDisplay(displays: covering.map(\.name))
        }
        let onDisplay = ScreenCompositor(origin: display.logicalRect.origin, scale: display.scale).pixelRect(ofLogical: rect)
        guard onDisplay.size == buffer.size else {
            return .resampled(display: display.name, scale: display.scale, buffer: buffer.size, onDisplay: onDisplay.size)
        }
        let screenshot = try self.screenshot(ofDisplay: display.name)
        guard let differing = buffer.withPixels({ screenshot.image.pixelsDiffering(from: $0, at: onDisplay.origin) }) else {
            return .notComparable(reason: "the buffer's memory cannot be read (its pool is gone)")
        }
        return .compared(display: display.name, scale: display.scale, pixels: buffer.size, differing: differing)
    }
}

import DioramaGraphics
import DioramaModel

/// Screenshots: each display, or the whole layout, composited in software
/// from the committed buffers (``ScreenCompositor`` describes how), of the
/// windows in stacking order. ``Simulator`` forwards its public screenshot
/// methods here; the control endpoint takes plans, to charge their memory
/// to the ``ScreenshotMemoryBudget`` before the pixels exist.
struct ScreenshotTaker {
    let arrangement: DisplayArrangement
    let shell: ShellRegistry
    let limits: SimulatorLimits

    private var displays: [Display] { arrangement.plugged }

    /// What `name` shows now, at the display's scale.
    ///
    /// - Parameter orientation: ``ScreenshotOrientation/upright`` (default) is
    ///   what a person sees — `transformedPixelSize`, portrait for a 90°
    ///   display; ``ScreenshotOrientation/framebuffer`` is the panel's pixels,
    ///   the mode's size with the display's transform applied.
    func screenshot(
        ofDisplay name: String,
        orientation: ScreenshotOrientation = .upright
    ) throws(SimulatorControlError) -> Screenshot {
        try screenshotPlan(ofDisplay: name, orientation: orientation).take()
    }

    /// A display's screenshot measured but not taken: what
    /// ``screenshot(ofDisplay:orientation:)`` draws.
    func screenshotPlan(ofDisplay name: String, orientation: ScreenshotOrientation) throws(SimulatorControlError) -> ScreenshotPlan {
        let display = try arrangement.requireDisplay(name)
        let configuration = display.configuration
        let size = configuration.transformedPixelSize
        try checkScreenshotSize(size)
        return ScreenshotPlan(size: size) { [stackingOrder = shell.stackingOrder] in
            var image = PixelBuffer(width: size.width, height: size.height, filledWith: .black)
            ScreenCompositor(origin: display.logicalRect.origin, scale: display.scale).draw(stackingOrder, into: &image)
            if orientation == .framebuffer && configuration.transform != .normal {
                image = Self.framebuffer(from: image, transform: configuration.transform)
            }
            return Screenshot(
                image: image, display: name, scale: display.scale, logicalRect: display.logicalRect,
                orientation: orientation)
        }
    }

    /// The whole layout in one picture: the union of every display's logical
    /// rectangle at `scale` pixels per point (default 1, one pixel per point,
    /// so the picture stays small; pass the highest display scale to keep
    /// every detail). Each display's area is drawn as that display would
    /// (black where no window is), clipped to it; area no display covers is
    /// transparent, and windows there are not drawn, as no screen shows them.
    ///
    /// - Throws: ``SimulatorControlError/noDisplay`` when every display is
    ///   unplugged: there is no layout to picture (and a PNG cannot be 0x0);
    ///   ``SimulatorControlError/screenshotTooLarge(_:limit:)`` when the
    ///   picture would exceed ``SimulatorLimits/maximumScreenshotPixels``.
    func layoutScreenshot(scale: Scale = .one) throws(SimulatorControlError) -> Screenshot {
        try layoutScreenshotPlan(scale: scale).take()
    }

    /// The layout's screenshot measured but not taken: what
    /// ``layoutScreenshot(scale:)`` draws.
    func layoutScreenshotPlan(scale: Scale) throws(SimulatorControlError) -> ScreenshotPlan {
        guard let first = displays.first else { throw .noDisplay }
        let union = displays.dropFirst().reduce(first.logicalRect) { union, display in
            let rect = display.logicalRect
            let minX = min(union.minX, rect.minX), minY = min(union.minY, rect.minY)
            return Rect(x: minX, y: minY, width: max(union.maxX, rect.maxX) - minX, height: max(union.maxY, rect.maxY) - minY)
        }
        let compositor = ScreenCompositor(origin: union.origin, scale: scale)
        let size = compositor.pixelRect(ofLogical: union).size
        try checkScreenshotSize(size)
        return ScreenshotPlan(size: size) { [displays = displays, stackingOrder = shell.stackingOrder] in
            var image = PixelBuffer(width: size.width, height: size.height, filledWith: .clear)
            for display in displays {
                let area = compositor.pixelRect(ofLogical: display.logicalRect)
                image.fill(area, color: .black, blendMode: .copy)
                compositor.draw(stackingOrder, into: &image, clip: area)
            }
            return Screenshot(image: image, display: nil, scale: scale, logicalRect: union, orientation: .upright)
        }
    }

    /// Refuses a picture bigger than the limit before its pixels are
    /// allocated (a spread-out layout at scale 16 would need hundreds of GiB).
    func checkScreenshotSize(_ size: Size) throws(SimulatorControlError) {
        let limit = limits.maximumScreenshotPixels
        let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        guard overflow || pixels > limit else { return }
        throw .screenshotTooLarge(size, limit: limit)
    }

    /// The panel's pixels for an upright picture: the display's transform
    /// applied to it. A transform's inverse undoes it: quarter turns the other
    /// way round; a flipped transform (mirror, then rotate) is its own inverse.
    static func framebuffer(from upright: PixelBuffer, transform: OutputTransform) -> PixelBuffer {
        let inverse = transform.isFlipped ? transform : OutputTransform(rawValue: (4 - transform.quarterTurns) % 4)!
        let size = BufferPlacement.transformedSize(of: upright.size, by: inverse)
        var panel = PixelBuffer(width: size.width, height: size.height, filledWith: .clear)
        panel.composite(
            upright, placement: BufferPlacement(destination: panel.bounds, transform: inverse, filter: .nearest),
            blendMode: .copy)
        return panel
    }
}

/// A screenshot whose size is known and checked but whose pixels are not
/// allocated yet: a control request takes the picture's memory from the
/// ``ScreenshotMemoryBudget`` in between. Taken on the simulator's thread,
/// at once (it draws the windows as they are then).
struct ScreenshotPlan {
    /// The picture's size in pixels.
    let size: Size
    let take: () -> Screenshot

    /// The memory the picture's pixels take (4 bytes each).
    var bytes: Int { size.width * size.height * 4 }
}

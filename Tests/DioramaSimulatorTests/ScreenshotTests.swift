import DioramaGraphics
import DioramaModel
import DioramaPNGTestSupport
import DioramaSimulator
import DioramaSimulatorHarness
import Foundation
import Testing
import WaylandClient

/// The screenshot compositor on known buffers: pixel-exact expectations for
/// each way a buffer can reach the screen.
@Suite struct ScreenshotTests {
    /// Four 128x96-point displays side by side: A at 1x, B at 2x, C at 1.5x,
    /// and R, a 128x96 panel turned 90° (96x128 points, portrait).
    static let layout = DisplayLayout(displays: [
        DisplayConfiguration(name: "A", mode: DisplayMode(width: 128, height: 96), position: Point(x: 0, y: 0)),
        DisplayConfiguration(
            name: "B", mode: DisplayMode(width: 256, height: 192), scale: Scale(integer: 2)!,
            position: Point(x: 128, y: 0)),
        DisplayConfiguration(
            name: "C", mode: DisplayMode(width: 192, height: 144), scale: Scale(1.5)!,
            position: Point(x: 256, y: 0)),
        DisplayConfiguration(
            name: "R", mode: DisplayMode(width: 128, height: 96), transform: .rotated90,
            position: Point(x: 384, y: 0)),
    ])

    static let blue: UInt32 = 0xFF00_00FF
    static let white: UInt32 = 0xFFFF_FFFF
    /// A 1-pixel checkerboard: blue where x + y is even, white where odd.
    static func checker(_ x: Int, _ y: Int) -> UInt32 { (x + y) % 2 == 0 ? blue : white }
    /// Every pixel a different colour, to see where each one went.
    static func distinct(_ x: Int, _ y: Int) -> UInt32 { 0xFF00_0000 | UInt32(x * 40 + 20) << 16 | UInt32(y * 40 + 20) << 8 }

    let harness: Simulator.Harness
    let client: WindowingClient

    init() throws {
        harness = try Simulator.Harness(layout: Self.layout)
        client = try WindowingClient(harness: harness)
    }

    /// Maps a window showing a `width` × `height` buffer drawn by `pixel`, with
    /// the given buffer scale, transform and viewport, and moves it to `position`.
    @discardableResult
    func show(
        _ appID: String, width: Int, height: Int, scale: Int32 = 1, transform: WlOutput.Transform = .normal,
        source: (Double, Double, Double, Double)? = nil, destination: (Int32, Int32)? = nil,
        format: WlShm.Format = .xrgb8888, at position: Point, pixel: (Int, Int) -> UInt32
    ) throws -> ClientWindow {
        let window = client.makeWindow(appID: appID, fractional: false, viewport: source != nil || destination != nil)
        try harness.roundtrip(client.connection)
        window.ackLastConfigure()
        let buffer = ShmBufferFactory.makeBuffer(shm: client.shm, width: width, height: height, format: format, pixel: pixel)
        window.surface.attach(buffer: buffer, x: 0, y: 0)
        window.surface.setBufferScale(scale: scale)
        window.surface.setBufferTransform(transform: transform)
        if let source { window.viewport?.setSource(x: source.0, y: source.1, width: source.2, height: source.3) }
        if let destination { window.viewport?.setDestination(width: destination.0, height: destination.1) }
        window.surface.damageBuffer(x: 0, y: 0, width: Int32(width), height: Int32(height))
        window.surface.commit()
        try harness.roundtrip(client.connection)
        try harness.simulator.moveWindow(.appID(appID), to: position)
        try harness.roundtrip(client.connection)
        return window
    }

    func pixel(_ screenshot: Screenshot, _ x: Int, _ y: Int) -> UInt32 { screenshot.image.pixel(x: x, y: y).argb }

    /// Every pixel of `size` at `origin` in the screenshot, row by row, as hex.
    func region(_ screenshot: Screenshot, origin: Point, size: Size) -> [[String]] {
        (0..<size.height).map { y in (0..<size.width).map { x in hex(pixel(screenshot, origin.x + x, origin.y + y)) } }
    }

    func expected(_ size: Size, _ pixel: (Int, Int) -> UInt32) -> [[String]] {
        (0..<size.height).map { y in (0..<size.width).map { x in hex(pixel(x, y)) } }
    }

    func hex(_ value: UInt32) -> String { String(value, radix: 16) }

    @Test func oneXBufferOnOneXDisplayIsCopiedExactly() throws {
        try show("a", width: 4, height: 4, at: Point(x: 10, y: 10), pixel: Self.checker)
        let shot = try harness.simulator.screenshot(ofDisplay: "A")
        #expect(shot.image.size == Size(width: 128, height: 96))
        #expect(region(shot, origin: Point(x: 10, y: 10), size: Size(width: 4, height: 4)) == expected(Size(width: 4, height: 4), Self.checker))
        #expect(pixel(shot, 9, 10) == 0xFF00_0000, "no window: black")
        #expect(pixel(shot, 14, 13) == 0xFF00_0000)
    }

    @Test func twoXBufferOnTwoXDisplayIsCopiedExactly() throws {
        try show("b", width: 8, height: 8, scale: 2, at: Point(x: 128 + 5, y: 5), pixel: Self.checker)
        let shot = try harness.simulator.screenshot(ofDisplay: "B")
        #expect(shot.image.size == Size(width: 256, height: 192))
        #expect(region(shot, origin: Point(x: 10, y: 10), size: Size(width: 8, height: 8)) == expected(Size(width: 8, height: 8), Self.checker))
        #expect(pixel(shot, 9, 9) == 0xFF00_0000)
    }

    @Test func oneXBufferOnTwoXDisplayIsBlurred() throws {
        try show("c", width: 4, height: 4, scale: 1, at: Point(x: 128 + 5, y: 5), pixel: Self.checker)
        let shot = try harness.simulator.screenshot(ofDisplay: "B")
        // Output pixel (1, 1) samples buffer point (0.75, 0.75): a quarter of
        // the way from pixel centre (0, 0) to (1, 1) on each axis. Bilinear
        // weights 64/256: red = ((0·192 + 255·64)·192 + (255·192 + 0·64)·64 + 32768) >> 16 = 96.
        #expect(pixel(shot, 11, 11) == 0xFF60_60FF, "neighbouring buffer pixels averaged, got \(hex(pixel(shot, 11, 11)))")
        #expect(pixel(shot, 12, 11) == 0xFF9F_9FFF, "the mirror position: 255 − 96")
        // The corner pixel's centre maps inside buffer pixel (0, 0)'s half: unmixed.
        #expect(pixel(shot, 10, 10) == Self.blue)
        // Nowhere inside is the crisp 1-pixel checkerboard.
        let inner = region(shot, origin: Point(x: 11, y: 11), size: Size(width: 6, height: 6)).joined()
        #expect(!inner.contains(hex(Self.white)) && !inner.contains(hex(Self.blue)))
    }

    @Test func aWrongScaleIsVisibleInTheFinePatches() throws {
        // The same 64x48-point window drawn right (128x96 at buffer scale 2) and
        // wrong (64x48 at 1) on the 2x display, each compared with what a
        // right client would show.
        let size = Size(width: 128, height: 96)
        let pattern = TestPattern(label: "2x", finePatchSize: 8)
        var crisp = PixelBuffer(width: size.width, height: size.height)
        pattern.draw(into: &crisp)
        var blurry = PixelBuffer(width: 64, height: 48)
        TestPattern(label: "1x", finePatchSize: 4).draw(into: &blurry)

        try show("right", width: 128, height: 96, scale: 2, at: Point(x: 128, y: 0)) { crisp[$0, $1].argb }
        let right = try harness.simulator.screenshot(ofDisplay: "B")
        try show("wrong", width: 64, height: 48, scale: 1, at: Point(x: 192, y: 48)) { blurry[$0, $1].argb }
        let both = try harness.simulator.screenshot(ofDisplay: "B")
        for corner in TestPattern.Corner.allCases {
            #expect(pattern.finePatchFidelity(corner, in: right.image, patternSize: size, origin: .zero) == 1, "\(corner)")
            let fidelity = pattern.finePatchFidelity(corner, in: both.image, patternSize: size, origin: Point(x: 128, y: 96))
            #expect(fidelity < 0.5, "\(corner): a 1x buffer upscaled to 2x must not look crisp (fidelity \(fidelity))")
        }
    }

    @Test func viewportScalesABufferOntoAFractionalDisplayExactly() throws {
        // A fractional-scale client at 1.5: a 6x6 buffer (4 points × 1.5)
        // with a 4x4 viewport destination, at point (2, 2) → pixel (3, 3).
        try show("d", width: 6, height: 6, destination: (4, 4), at: Point(x: 256 + 2, y: 2), pixel: Self.checker)
        let shot = try harness.simulator.screenshot(ofDisplay: "C")
        #expect(shot.image.size == Size(width: 192, height: 144))
        #expect(region(shot, origin: Point(x: 3, y: 3), size: Size(width: 6, height: 6)) == expected(Size(width: 6, height: 6), Self.checker))
        #expect(pixel(shot, 2, 3) == 0xFF00_0000 && pixel(shot, 9, 3) == 0xFF00_0000)
    }

    @Test func viewportSourceCropsTheBuffer() throws {
        try show("e", width: 4, height: 4, source: (1, 1, 2, 2), destination: (2, 2), at: Point(x: 20, y: 20), pixel: Self.distinct)
        let shot = try harness.simulator.screenshot(ofDisplay: "A")
        #expect(
            region(shot, origin: Point(x: 20, y: 20), size: Size(width: 2, height: 2))
                == expected(Size(width: 2, height: 2)) { Self.distinct($0 + 1, $1 + 1) })
    }

    @Test func bufferTransform90ShowsTheBufferTurnedClockwise() throws {
        // A 2x3 buffer with transform 90 is a 3x2 surface: the buffer holds the
        // picture turned counter-clockwise, so surface pixel (x, y) is buffer
        // pixel (y, 2 − x) — the surface's top row is the buffer's left column
        // read bottom to top.
        try show("f", width: 2, height: 3, transform: ._90, at: Point(x: 10, y: 10), pixel: Self.distinct)
        let shot = try harness.simulator.screenshot(ofDisplay: "A")
        #expect(
            region(shot, origin: Point(x: 10, y: 10), size: Size(width: 3, height: 2))
                == expected(Size(width: 3, height: 2)) { Self.distinct($1, 2 - $0) })
    }

    @Test func rotatedDisplayIsPortraitUprightAndTurnedInItsFramebuffer() throws {
        try show("g", width: 3, height: 2, at: Point(x: 384, y: 0), pixel: Self.distinct)
        let upright = try harness.simulator.screenshot(ofDisplay: "R")
        #expect(upright.image.size == Size(width: 96, height: 128), "a 90° display's screenshot is portrait")
        #expect(region(upright, origin: .zero, size: Size(width: 3, height: 2)) == expected(Size(width: 3, height: 2), Self.distinct))

        // The panel (128x96) holds the picture turned 90° counter-clockwise:
        // upright (x, y) is at framebuffer (y, 95 − x); the top-left corner
        // ends at the bottom-left.
        let panel = try harness.simulator.screenshot(ofDisplay: "R", orientation: .framebuffer)
        #expect(panel.image.size == Size(width: 128, height: 96))
        for y in 0..<2 {
            for x in 0..<3 {
                #expect(pixel(panel, y, 95 - x) == Self.distinct(x, y), "upright (\(x), \(y))")
            }
        }
    }

    @Test func windowsStackInMappingAndFocusOrder() throws {
        try show("red", width: 20, height: 20, at: Point(x: 10, y: 10)) { _, _ in 0xFFFF_0000 }
        try show("green", width: 20, height: 20, at: Point(x: 20, y: 20)) { _, _ in 0xFF00_FF00 }
        var shot = try harness.simulator.screenshot(ofDisplay: "A")
        #expect(pixel(shot, 15, 15) == 0xFFFF_0000)
        #expect(pixel(shot, 25, 25) == 0xFF00_FF00, "the window mapped last is on top")
        #expect(pixel(shot, 35, 35) == 0xFF00_FF00)

        try harness.simulator.focusWindow(.appID("red"))
        try harness.roundtrip(client.connection)
        shot = try harness.simulator.screenshot(ofDisplay: "A")
        #expect(pixel(shot, 25, 25) == 0xFFFF_0000, "focus raises")
        #expect(harness.simulator.stackingOrder.map(\.appID) == ["green", "red"])
    }

    @Test func subsurfacesAreDrawnOverTheirParentAtTheirOffset() throws {
        let window = try show("parent", width: 20, height: 20, at: Point(x: 10, y: 10)) { _, _ in 0xFFFF_0000 }
        let subcompositor = try client.connection.bind(WlSubcompositor.self)
        let child = client.compositor.createSurface()
        let subsurface = subcompositor.getSubsurface(surface: child, parent: window.surface)
        subsurface.setPosition(x: 5, y: 6)
        child.attach(buffer: ShmBufferFactory.makeBuffer(shm: client.shm, width: 4, height: 4, pixel: Self.checker), x: 0, y: 0)
        child.commit()
        try harness.roundtrip(client.connection)
        let shot = try harness.simulator.screenshot(ofDisplay: "A")
        #expect(region(shot, origin: Point(x: 15, y: 16), size: Size(width: 4, height: 4)) == expected(Size(width: 4, height: 4), Self.checker))
        #expect(pixel(shot, 14, 16) == 0xFFFF_0000, "the parent around it")
        _ = subsurface
    }

    @Test func translucentBuffersBlendOverWhatIsBelow() throws {
        try show("under", width: 10, height: 10, at: Point(x: 10, y: 10)) { _, _ in 0xFFFF_FFFF }
        // Premultiplied half-transparent blue over white: 0x80 + 0x7F·(1 − 128/255).
        try show("over", width: 10, height: 10, format: .argb8888, at: Point(x: 10, y: 10)) { _, _ in 0x8000_0080 }
        let shot = try harness.simulator.screenshot(ofDisplay: "A")
        let blended = shot.image.pixel(x: 12, y: 12)
        #expect(blended.alpha == 255)
        #expect(blended.blue == 255)
        #expect(blended.red == blended.green && (126...128).contains(Int(blended.red)), "got \(blended)")
    }

    @Test func layoutScreenshotCoversTheUnionAtOnePixelPerPoint() throws {
        try show("h", width: 8, height: 8, scale: 2, at: Point(x: 128 + 60, y: 40), pixel: Self.checker)
        let shot = try harness.simulator.layoutScreenshot()
        #expect(shot.logicalRect == Rect(x: 0, y: 0, width: 480, height: 128))
        #expect(shot.image.size == Size(width: 480, height: 128))
        #expect(shot.image.pixel(x: 10, y: 100).argb == 0, "below the 96-point-high displays: no display, transparent")
        #expect(pixel(shot, 10, 10) == 0xFF00_0000, "display A, no window: black")
        #expect(pixel(shot, 400, 120) == 0xFF00_0000, "the portrait display reaches y 128")
        // The 2x buffer shown at 1 pixel per point: 4x4 pixels, each the mix of 2x2.
        #expect(shot.pixelPosition(ofLogical: Point(x: 188, y: 40)) == Point(x: 188, y: 40))
        let mixed = shot.image.pixel(x: 189, y: 41)
        #expect(mixed.argb != Self.blue && mixed.argb != Self.white, "downscaled 2:1 by bilinear sampling")

        let doubled = try harness.simulator.layoutScreenshot(scale: Scale(integer: 2)!)
        #expect(doubled.image.size == Size(width: 960, height: 256))
        #expect(region(doubled, origin: Point(x: 376, y: 80), size: Size(width: 8, height: 8)) == expected(Size(width: 8, height: 8), Self.checker))
    }

    @Test func screenshotsWriteAsPNGThatReadBackIdentical() throws {
        try show("i", width: 4, height: 4, at: Point(x: 10, y: 10), pixel: Self.checker)
        let shot = try harness.simulator.screenshot(ofDisplay: "A")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-shot-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try shot.writePNG(to: path)
        let decoded = try PNG.read(contentsOf: URL(fileURLWithPath: path))
        #expect(decoded.pixelBuffer == shot.image)
        #expect(decoded.text["Display"] == "A")
        #expect(decoded.text["Scale"] == "1")
    }

    @Test func unknownDisplayIsAnErrorListingTheDisplays() throws {
        #expect(throws: SimulatorControlError.noSuchDisplay("Z", known: ["A", "B", "C", "R"])) {
            try harness.simulator.screenshot(ofDisplay: "Z")
        }
    }
}

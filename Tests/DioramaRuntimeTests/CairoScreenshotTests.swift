import DioramaGraphics
import DioramaModel
import DioramaSimulator
import Foundation
import Testing

@testable import Diorama

/// A scene drawing Pango text and Cairo shapes with the `.cairo` renderer,
/// in process against the simulator, moved across a 1×, a 1.5× and a 2×
/// display. "Crisp" is measured as: the display's screenshot of the window
/// is, pixel for pixel, what Cairo renders at that display's scale — the
/// compositor neither scaled nor resampled the frame, so no edge is blurred.
/// The same comparison (`PixelImage.pixelsDiffering(from:at:)`) against the
/// window's own buffer is the simulator's crispness judgement, which a
/// scenario's `expect W crisp` asks for (Examples/Sketchpad does, for an
/// app outside the package); it must agree here.
@MainActor @Suite(.serialized) struct CairoScreenshotTests {
    /// What the scene draws, in points: the same for the reference.
    static func drawContent(_ drawable: CairoDrawable) {
        drawable.clear(to: 0xFF10_1820)
        drawable.fill(CGRect(x: 8, y: 8, width: 40, height: 3), color: 0xFFE0_8030)
        drawable.drawText("Diorama ƒ 1.5× crisp", at: CGPoint(x: 8, y: 16), font: "Sans 13", color: 0xFFFF_FFFF)
    }

    final class TextContent: RootContent {
        func draw(_ drawable: Drawable, in scene: WindowScene) {
            Issue.record("the Cairo scene drew in software")
        }
        func draw(in drawable: CairoDrawable, for scene: WindowScene) {
            CairoScreenshotTests.drawContent(drawable)
        }
    }

    static let displays: [(name: String, x: Int, scale: Scale)] = [
        ("DP-1", 0, .one), ("DP-2", 1280, Scale(1.5)!), ("DP-3", 2560, Scale(integer: 2)!),
    ]

    @Test("Pango text and Cairo shapes are what Cairo renders at 1×, 1.5× (through the viewport) and 2×")
    func textIsCrispAtEveryScale() throws {
        let layout = DisplayLayout(
            displays: Self.displays.map { display in
                DisplayConfiguration(
                    name: display.name,
                    mode: DisplayMode(width: display.scale.pixels(forLogical: 1280), height: display.scale.pixels(forLogical: 800)),
                    scale: display.scale, position: Point(x: display.x, y: 0))
            })
        let app = try InProcessWaylandApp(layout: layout)
        defer { app.stop() }
        let simulator = app.simulator
        try app.application.launch()
        let scene = try #require(app.application.connectedScenes.first)
        scene.drawableLayer.renderer = .cairo
        scene.rootContent = TextContent()

        for display in Self.displays {
            // On whole pixels at every scale: 40 points are 60 pixels at 1.5×.
            let position = Point(x: display.x + 40, y: 40)
            try simulator.perform { simulator in
                try simulator.moveWindow(.id(1), toDisplay: display.name)
                try simulator.moveWindow(.id(1), to: position)
                simulator.flushClients()
            }
            let size = Size(width: 300, height: 200)
            try simulator.perform { simulator in
                try simulator.resizeWindow(.id(1), to: size)
                simulator.flushClients()
            }
            let buffer = display.scale.pixels(forLogical: size.width)
            try app.pump(until: "a \(buffer)-pixel-wide Cairo frame on \(display.name)") {
                try simulator.perform { simulator in
                    let window = try simulator.window(.id(1))
                    return window.bufferSize?.width == buffer && window.lastAckedSerial == window.lastConfigure?.serial
                }
            }
            #expect(scene.drawableLayer.activeRenderer == .cairo)
            let screenshot = try simulator.perform { simulator in try simulator.screenshot(ofDisplay: display.name) }
            let scale = display.scale.doubleValue
            let origin = Point(x: display.scale.pixels(forLogical: 40), y: display.scale.pixels(forLogical: 40))
            let pixelSize = Size(width: buffer, height: display.scale.pixels(forLogical: size.height))
            let reference = Self.reference(size: pixelSize, scale: scale)
            let differing = screenshot.image.pixelsDiffering(from: reference, at: origin)
            #expect(
                differing == 0, "\(differing) of \(pixelSize.width * pixelSize.height) pixels differ from Cairo's rendering at \(scale)× on \(display.name)")
            let crispness = try simulator.perform { simulator in try simulator.frameCrispness(ofWindow: .id(1)) }
            #expect(crispness == .compared(display: display.name, scale: display.scale, pixels: pixelSize, differing: 0))
        }
    }

    /// Cairo's own rendering of the content at `scale`, `size` pixels: an
    /// image surface of its own with that device scale, not the runtime's.
    static func reference(size: Size, scale: Double) -> PixelBuffer {
        var pixels = [UInt32](repeating: 0, count: size.width * size.height)
        pixels.withUnsafeMutableBytes { bytes in
            let surface = cairo_image_surface_create_for_data(
                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(size.width),
                Int32(size.height), Int32(size.width * 4))
            cairo_surface_set_device_scale(surface, scale, scale)
            let context: OpaquePointer = cairo_create(surface)
            // Layouts of its own: new ones, not the runtime's kept ones.
            drawContent(CairoDrawable(context: context, size: size, contentsScale: scale, layouts: TextLayoutCache()))
            cairo_destroy(context)
            cairo_surface_flush(surface)
            cairo_surface_destroy(surface)
        }
        return PixelBuffer(width: size.width, height: size.height, pixels: pixels)
    }
}

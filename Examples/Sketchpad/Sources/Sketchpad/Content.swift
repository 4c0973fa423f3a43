import Diorama

/// The Canvas scene's content: a drawing in the stroke colour and a palette,
/// drawn with Cairo in points and labelled with Pango, so lines and text are
/// crisp at 1×, 1.5× and 2× alike (the scene asks for
/// `DrawableLayer.Renderer.cairo`). Keys: `c` switches the colour, `i` opens
/// the Inspector.
@MainActor
final class SketchCanvas: RootContent {
    /// The label's font: a Pango font description, its size in points.
    static let labelFont = "Sans Bold 16"

    /// The software renderer's frame (if the Cairo renderer was refused):
    /// the same picture, through Cairo over the frame's pixels.
    func draw(_ drawable: Drawable, in scene: WindowScene) {
        drawable.withCairo { draw(in: $0, for: scene) }
    }

    func draw(in drawable: CairoDrawable, for scene: WindowScene) {
        let below = (scene.delegate as? CanvasSceneDelegate)?.paletteBelow ?? false
        let stroke = SketchModel.shared.strokeColor
        let bounds = drawable.pointSize
        drawable.clear(to: PixelColor.white.argb)
        // The palette: one 40-point swatch per colour, the current one framed.
        for (index, color) in StrokeColor.allCases.enumerated() {
            let offset = Double(12 + index * 52)
            let origin = below ? CGPoint(x: offset, y: bounds.height - 52) : CGPoint(x: bounds.width - 52, y: offset)
            if color == stroke {
                drawable.fill(CGRect(x: origin.x - 3, y: origin.y - 3, width: 46, height: 46), color: PixelColor.gray.argb)
            }
            drawable.fill(CGRect(origin: origin, size: CGSize(width: 40, height: 40)), color: color.pixelColor.argb)
        }
        // The drawing: a zig-zag stroke across the free area, one path.
        let width = bounds.width - (below ? 0 : 76)
        let height = bounds.height - (below ? 76 : 0)
        let context = drawable.context
        cairo_set_line_width(context, 6)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        func zigZag(_ x: Double) -> Double {
            let phase = Int(x / 8) % 20
            return height / 3 + Double(phase < 10 ? phase : 20 - phase) * (height / 30)
        }
        var x = 24.0
        cairo_move_to(context, x, zigZag(x))
        while x < width - 26 {
            x += 8
            cairo_line_to(context, x, zigZag(x))
        }
        let argb = stroke.pixelColor.argb
        func channel(_ shift: UInt32) -> Double { Double((argb >> shift) & 0xFF) / 255 }
        cairo_set_source_rgb(context, channel(16), channel(8), channel(0))
        cairo_stroke(context)
        drawable.drawText(
            "color \(stroke.rawValue)", at: CGPoint(x: 20, y: 14), font: Self.labelFont, color: PixelColor.black.argb)
    }

    func pressesBegan(_ presses: [Press], in scene: WindowScene) {
        guard let press = presses.first, !press.isRepeat else { return }
        switch press.key.charactersIgnoringModifiers {
        case "c":
            SketchModel.shared.strokeColor = SketchModel.shared.strokeColor.next
        case "i":
            // UIKit's shape: the request names the scene it comes from.
            let request = SceneSessionActivationRequest(
                userActivity: UserActivity(activityType: SketchActivity.inspect),
                options: SceneActivationRequestOptions(requestingScene: scene))
            Application.shared.activateSceneSession(for: request) { error in
                print("Sketchpad: no Inspector: \(error)")
            }
        default:
            break
        }
    }
}

/// The Inspector scene's content: the stroke colour, large. Its scene asks
/// for OpenGL ES; `draw(_:in:)` is the software fallback, which also labels
/// the swatch.
@MainActor
final class InspectorPanel: RootContent {
    /// The same picture with OpenGL ES: two clears, the second scissored to
    /// the swatch (GL counts rows from the bottom).
    func draw(in drawable: GLESDrawable, for scene: WindowScene) {
        let scale = max(1, Int(drawable.contentsScale.rounded()))
        func clear(to color: PixelColor) {
            let argb = color.argb
            func channel(_ shift: UInt32) -> GLfloat { GLfloat((argb >> shift) & 0xFF) / 255 }
            glClearColor(channel(16), channel(8), channel(0), 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        }
        clear(to: PixelColor(rgb: 0xF0F0F0))
        let swatch = Rect(x: 20 * scale, y: 60 * scale, width: 120 * scale, height: 120 * scale)
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(
            GLint(swatch.minX), GLint(drawable.size.height - swatch.maxY), GLsizei(swatch.width), GLsizei(swatch.height))
        clear(to: SketchModel.shared.strokeColor.pixelColor)
        glDisable(GLenum(GL_SCISSOR_TEST))
    }

    func draw(_ drawable: Drawable, in scene: WindowScene) {
        let scale = max(1, Int(drawable.contentsScale.rounded()))
        let stroke = SketchModel.shared.strokeColor
        drawable.withCanvas { canvas in
            canvas.fill(Rect(x: 0, y: 0, width: drawable.size.width, height: drawable.size.height), color: PixelColor(rgb: 0xF0F0F0))
            canvas.fill(Rect(x: 20 * scale, y: 60 * scale, width: 120 * scale, height: 120 * scale), color: stroke.pixelColor)
        }
        drawable.withCairo { cairo in
            cairo.drawText(
                "stroke \(stroke.rawValue)", at: CGPoint(x: 20, y: 16), font: SketchCanvas.labelFont,
                color: PixelColor.black.argb)
        }
    }
}

import Diorama

/// The Canvas scene's content: a drawing in the stroke colour and a palette.
/// Keys: `c` switches the colour, `i` opens the Inspector.
@MainActor
final class SketchCanvas: RootContent {
    func draw(_ drawable: Drawable, in scene: WindowScene) {
        let below = (scene.delegate as? CanvasSceneDelegate)?.paletteBelow ?? false
        let scale = max(1, Int(drawable.contentsScale.rounded()))
        let stroke = SketchModel.shared.strokeColor
        drawable.withCanvas { canvas in
            canvas.fill(Rect(x: 0, y: 0, width: drawable.size.width, height: drawable.size.height), color: .white)
            // The palette: one swatch per colour, the current one framed.
            let swatch = 40 * scale
            for (index, color) in StrokeColor.allCases.enumerated() {
                let offset = (12 + index * 52) * scale
                let origin =
                    below
                    ? Point(x: offset, y: drawable.size.height - swatch - 12 * scale)
                    : Point(x: drawable.size.width - swatch - 12 * scale, y: offset)
                if color == stroke {
                    canvas.fill(
                        Rect(
                            x: origin.x - 3 * scale, y: origin.y - 3 * scale, width: swatch + 6 * scale,
                            height: swatch + 6 * scale), color: .gray)
                }
                canvas.fill(Rect(x: origin.x, y: origin.y, width: swatch, height: swatch), color: color.pixelColor)
            }
            // The drawing: a zig-zag stroke across the free area.
            let width = drawable.size.width - (below ? 0 : 76 * scale)
            let height = drawable.size.height - (below ? 76 * scale : 0)
            let thickness = 6 * scale
            var x = 20 * scale
            while x < width - 20 * scale - thickness {
                let phase = (x / (8 * scale)) % 20
                let y = height / 3 + (phase < 10 ? phase : 20 - phase) * (height / 30)
                canvas.fill(Rect(x: x, y: y, width: thickness, height: thickness), color: stroke.pixelColor)
                x += 2 * scale
            }
            canvas.draw("color \(stroke.rawValue)", at: Point(x: 20 * scale, y: 16 * scale), color: .black, scale: 2 * scale)
        }
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
            canvas.draw("stroke \(stroke.rawValue)", at: Point(x: 20 * scale, y: 20 * scale), color: .black, scale: 2 * scale)
        }
    }
}

import Diorama
import Foundation

/// Both scenes' content: the test pattern, the scene's traits, and the time.
/// Keys in the main scene: space starts/stops, `f` switches the time format,
/// `r` resets; in either scene `c` cycles the pointer's image over it
/// (arrow, text beam, hidden). A press in the top strip (``dragStripHeight`` points) drags the
/// window, as a title bar would.
@MainActor
final class TimerContent: RootContent {
    func draw(_ drawable: Drawable, in scene: WindowScene) {
        let main = scene.delegate as? MainSceneDelegate
        let format = main?.timeFormat ?? .hoursMinutesSeconds
        let model = TimerModel.shared
        let time = format.format(model.elapsedSeconds)
        drawable.drawDiagnostics(
            for: scene, title: "TimerApp \(scene.title)",
            extraLines: ["time \(time)\(model.isRunning ? "" : " (paused)")  format \(format.rawValue)"])
        // The time itself, large, near the bottom: Pango text in points,
        // crisp at whatever scale the scene is drawn.
        drawable.withCairo { cairo in
            let size = cairo.textSize(time, font: Self.timeFont)
            let bounds = cairo.pointSize
            cairo.drawText(
                time,
                at: CGPoint(
                    x: max(8, (Double(bounds.width) - Double(size.width)) / 2),
                    y: max(8, Double(bounds.height) - Double(size.height) - 24)),
                font: Self.timeFont, color: 0xFFFF_FF00)
        }
    }

    /// The time's font: a Pango font description, its size in points.
    static let timeFont = "Sans Bold 40"

    /// The height of the strip at the top that drags the window, in points.
    static let dragStripHeight = 32.0

    /// A primary press (finger or left button) in the top strip starts a
    /// drag-move of the window; the compositor carries it from there.
    func touchesBegan(_ touches: [Touch], in scene: WindowScene) {
        guard let touch = touches.first, touch.isPrimaryButton, touch.location.y < Self.dragStripHeight else { return }
        scene.beginInteractiveMove()
    }

    /// The cursor `c` switches to: arrow → text → hidden → arrow.
    static func cursorAfter(_ cursor: SceneCursor) -> SceneCursor {
        switch cursor {
        case .arrow: .named("text")
        case .named: .hidden
        case .hidden: .arrow
        }
    }

    func pressesBegan(_ presses: [Press], in scene: WindowScene) {
        for press in presses { keyWentDown(press.key, in: scene) }
    }

    private func keyWentDown(_ key: Key, in scene: WindowScene) {
        switch key.characters {
        case " ": TimerModel.shared.toggleRunning()
        case "r": TimerModel.shared.reset()
        case "c": scene.cursor = Self.cursorAfter(scene.cursor)
        case "f":
            guard let main = scene.delegate as? MainSceneDelegate else { return }
            main.setTimeFormat(main.timeFormat.next, in: scene)
        default: break
        }
    }
}

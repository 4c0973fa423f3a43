import Diorama

/// The colour strokes are drawn in; the title shows its name.
enum StrokeColor: String, CaseIterable {
    case ink, red, blue

    var pixelColor: PixelColor {
        switch self {
        case .ink: PixelColor(rgb: 0x202030)
        case .red: PixelColor(rgb: 0xD02020)
        case .blue: PixelColor(rgb: 0x2050D0)
        }
    }

    var next: StrokeColor {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}

/// The app's one piece of state, shared by both scenes: changing the colour
/// redraws every scene and retitles the canvas.
@MainActor
final class SketchModel {
    static let shared = SketchModel()

    var strokeColor = StrokeColor.ink {
        didSet {
            guard strokeColor != oldValue else { return }
            for scene in Application.shared.connectedScenes {
                (scene.delegate as? TitledByStrokeColor)?.updateTitle(of: scene)
                scene.setNeedsDisplay()
            }
        }
    }
}

/// The activity the canvas saves (its stroke colour) and the one that asks
/// for an Inspector scene.
enum SketchActivity {
    static let canvas = "org.diorama.examples.Sketchpad.canvas"
    static let inspect = "org.diorama.examples.Sketchpad.inspect"
}

/// A scene delegate whose title names the stroke colour (so the colour is
/// visible from outside: a window list, a scenario).
@MainActor
protocol TitledByStrokeColor {
    func updateTitle(of scene: WindowScene)
}

import Diorama

/// The Board scene: 640×420 points to start with, drawn with Cairo.
@MainActor
final class BoardSceneDelegate: WindowSceneDelegate {
    required init() {}

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
        scene.preferredContentSize = Size(width: 640, height: 420)
        scene.drawableLayer.renderer = .cairo
        scene.title = Board.title(saying: "ready")
    }
}

/// A card: where it is on the board (points, before panning) and which side is up.
struct Card {
    var frame: CGRect
    var isFlipped = false
}

/// The board's content. The title says what the last input did, so a
/// scenario can check it (`expect board title "…"`).
@MainActor
final class Board: RootContent {
    private var cards = (0..<3).map { Card(frame: CGRect(x: 20 + Double($0) * 140, y: 20, width: 120, height: 80)) }
    private var selected: Int? = 0
    /// The card a touch is carrying, by the touch's id.
    private var dragging: (card: Int, touch: Int)?
    /// How far the board has been scrolled (content moves the other way).
    private var pan = CGPoint.zero
    private var hovered: Int?
    /// Repeats of the key held now.
    private var repeats = 0

    static func title(saying what: String) -> String { "Pinboard: \(what)" }

    /// The card under a point of the scene, topmost first.
    private func card(at location: CGPoint) -> Int? {
        let onBoard = CGPoint(x: location.x + pan.x, y: location.y + pan.y)
        return cards.indices.last { cards[$0].frame.contains(onBoard) }
    }

    private func say(_ what: String, in scene: WindowScene) {
        scene.title = Self.title(saying: what)
        scene.setNeedsDisplay()
    }

    private static func position(_ point: CGPoint) -> String { "\(Int(point.x)),\(Int(point.y))" }

    // MARK: Touches: drag, double-tap

    func touchesBegan(_ touches: [Touch], in scene: WindowScene) {
        guard let touch = touches.first, touch.isPrimaryButton, let index = card(at: touch.location) else { return }
        selected = index
        if touch.tapCount == 2 {
            cards[index].isFlipped.toggle()
            say("flipped card \(index + 1)", in: scene)
        } else {
            dragging = (index, touch.id)
            say("picked card \(index + 1)", in: scene)
        }
    }

    func touchesMoved(_ touches: [Touch], in scene: WindowScene) {
        guard let dragging, let touch = touches.first(where: { $0.id == dragging.touch }) else { return }
        cards[dragging.card].frame.origin.x += touch.location.x - touch.previousLocation.x
        cards[dragging.card].frame.origin.y += touch.location.y - touch.previousLocation.y
        scene.setNeedsDisplay()
    }

    func touchesEnded(_ touches: [Touch], in scene: WindowScene) {
        guard let dragging, touches.contains(where: { $0.id == dragging.touch }) else { return }
        self.dragging = nil
        say("dropped card \(dragging.card + 1) at \(Self.position(cards[dragging.card].frame.origin))", in: scene)
    }

    func touchesCancelled(_ touches: [Touch], in scene: WindowScene) {
        dragging = nil
    }

    // MARK: Keys: arrows nudge (Shift: further), Tab selects, Return flips, Escape deselects

    func pressesBegan(_ presses: [Press], in scene: WindowScene) {
        for press in presses {
            repeats = press.isRepeat ? repeats + 1 : 0
            let key = press.key
            let step: Double = key.modifierFlags.contains(.shift) ? 50 : 10
            switch key.keyCode {
            case .leftArrow: nudge(dx: -step, dy: 0)
            case .rightArrow: nudge(dx: step, dy: 0)
            case .upArrow: nudge(dx: 0, dy: -step)
            case .downArrow: nudge(dx: 0, dy: step)
            case .tab:
                let count = cards.count
                selected = ((selected ?? -1) + (key.modifierFlags.contains(.shift) ? count - 1 : 1)) % count
                say("selected card \(selected! + 1) with \(Self.describe(key))", in: scene)
            case .returnOrEnter:
                guard let selected else { break }
                cards[selected].isFlipped.toggle()
                say("flipped card \(selected + 1)", in: scene)
            case .escape:
                selected = nil
                say("nothing selected", in: scene)
            default:
                break
            }
        }
        scene.setNeedsDisplay()
    }

    func pressesEnded(_ presses: [Press], in scene: WindowScene) {
        guard let press = presses.first, [.leftArrow, .rightArrow, .upArrow, .downArrow].contains(press.key.keyCode) else { return }
        say("released \(Self.describe(press.key)) after \(repeats > 0 ? "repeating" : "one press")", in: scene)
        repeats = 0
    }

    private func nudge(dx: Double, dy: Double) {
        guard let selected else { return }
        cards[selected].frame = cards[selected].frame.offsetBy(dx: dx, dy: dy)
    }

    /// `shift+tab`, `rightArrow`: the key's name with the modifiers held.
    static func describe(_ key: Key) -> String {
        let modifiers: [(KeyModifierFlags, String)] = [(.shift, "shift"), (.control, "control"), (.alternate, "alt"), (.command, "command")]
        return (modifiers.filter { key.modifierFlags.contains($0.0) }.map(\.1) + [key.keyCode.description]).joined(separator: "+")
    }

    // MARK: Pointer: hover highlights, scroll pans

    func pointerHovered(_ hover: PointerHover, in scene: WindowScene) {
        let under = card(at: hover.location)
        guard under != hovered else { return }
        hovered = under
        scene.setNeedsDisplay()
    }

    func pointerExited(in scene: WindowScene) {
        hovered = nil
        scene.setNeedsDisplay()
    }

    func scrolled(_ scroll: PointerScroll, in scene: WindowScene) {
        pan.x += scroll.delta.x
        pan.y += scroll.delta.y
        say("panned to \(Self.position(pan))", in: scene)
    }

    // MARK: Drawing

    func draw(_ drawable: Drawable, in scene: WindowScene) {
        drawable.withCairo { draw(in: $0, for: scene) }
    }

    func draw(in drawable: CairoDrawable, for scene: WindowScene) {
        drawable.clear(to: 0xFF5B_4636)
        for (index, card) in cards.enumerated() {
            let frame = card.frame.offsetBy(dx: -pan.x, dy: -pan.y)
            if index == selected { drawable.fill(frame.insetBy(dx: -3, dy: -3), color: 0xFFFF_D24A) }
            let face: UInt32 = card.isFlipped ? 0xFF2E_5C8A : (index == hovered ? 0xFFFF_FFF4 : 0xFFF4_EBD0)
            drawable.fill(frame, color: face)
            let ink: UInt32 = card.isFlipped ? 0xFFFF_FFFF : 0xFF20_2020
            drawable.drawText(
                card.isFlipped ? "back \(index + 1)" : "card \(index + 1)", at: CGPoint(x: frame.minX + 10, y: frame.minY + 10),
                font: "Sans 14", color: ink)
        }
    }
}

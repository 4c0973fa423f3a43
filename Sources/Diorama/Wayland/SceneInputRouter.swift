import DioramaClient
import Foundation

/// Turns the seat's pointer, touch and keyboard events into the scene
/// callbacks of `RootContent` (touchesBegan/Moved/Ended/Cancelled,
/// pointerHovered/Exited, scrolled, keyPressed with repeats), each recorded
/// in the runtime trace as an `input` record.
///
/// Wayland positions are surface-local logical points, which is what a
/// scene's coordinates are: they pass through unscaled at any buffer or
/// fractional scale.
@MainActor
final class SceneInputRouter {
    /// The scene shown by a surface, if it is one of ours.
    private let sceneForSurface: (Surface) -> WindowScene?

    // Pointer: the scene under it, where, and the buttons held (each a touch).
    private weak var pointerScene: WindowScene?
    /// The pointer that entered `pointerScene`: the one whose image follows that scene's cursor.
    private weak var enteredPointer: Pointer?
    private var pointerLocation = CGPoint.zero
    private var pointerTouches: [Int: Touch] = [:]
    private var pendingScroll = CGPoint.zero

    // Touchscreen: each finger's scene and last touch, and the frame's batch.
    private var fingers: [Int: (scene: WindowScene, touch: Touch)] = [:]
    private var pendingBatch: [(event: String, scene: WindowScene, touch: Touch)] = []

    /// The last press (pointer button or finger) still held and its seat:
    /// what `xdg_toplevel.move` must quote.
    private var heldPress: (seat: Seat, serial: UInt32)?

    private(set) lazy var keyRepeater = KeyRepeater { [weak self] keycode in self?.keyRepeated(keycode) }
    private weak var keyboard: Keyboard?

    init(sceneForSurface: @escaping (Surface) -> WindowScene?) {
        self.sceneForSurface = sceneForSurface
    }

    /// Asks the compositor to move `toplevel` with the press still held;
    /// false when nothing is held (a compositor would ignore the request).
    func beginInteractiveMove(of toplevel: Toplevel) -> Bool {
        guard let heldPress else { return false }
        toplevel.beginInteractiveMove(seat: heldPress.seat, serial: heldPress.serial)
        return true
    }

    /// `scene.cursor` changed: the pointer over it shows the new image now;
    /// a pointer elsewhere picks it up when it next enters the scene.
    func cursorChanged(in scene: WindowScene?) {
        guard let scene, pointerScene === scene, let enteredPointer else { return }
        enteredPointer.showCursor(scene.cursor)
    }

    private func record(
        _ event: String, in scene: WindowScene, touch: Touch? = nil, location: CGPoint? = nil,
        text: String? = nil, isRepeat: Bool? = nil
    ) {
        scene.trace.record(
            .input(
                scene: scene.traceName, event: event, touch: touch, location: location ?? touch?.location,
                text: text, isRepeat: isRepeat))
    }

    private func deliver(_ event: String, _ touches: [Touch], to scene: WindowScene) {
        guard !touches.isEmpty else { return }
        for touch in touches { record(event, in: scene, touch: touch) }
        guard let content = scene.rootContent else { return }
        switch event {
        case "touchesBegan": content.touchesBegan(touches, in: scene)
        case "touchesMoved": content.touchesMoved(touches, in: scene)
        case "touchesEnded": content.touchesEnded(touches, in: scene)
        default: content.touchesCancelled(touches, in: scene)
        }
    }
}

extension SceneInputRouter: @preconcurrency PointerHandler {
    /// Asked as the pointer enters a surface: the scene's cursor (the arrow
    /// over a surface that is not a scene's).
    func cursor(over surface: Surface?) -> SceneCursor {
        surface.flatMap(sceneForSurface)?.cursor ?? .arrow
    }

    /// The pointer came onto one of our scenes: a hover starts there.
    func pointerEntered(_ pointer: Pointer, surface: Surface?, position: CGPoint, serial: UInt32) {
        pointerScene = surface.flatMap(sceneForSurface)
        enteredPointer = pointer
        pointerLocation = position
        guard let scene = pointerScene else { return }
        record("pointerHovered", in: scene, location: position)
        scene.rootContent?.pointerHovered(at: position, in: scene)
    }

    /// The pointer left (also when the compositor's move grab took it):
    /// buttons still held will not be released here, so their touches are
    /// cancelled; the hover ends.
    func pointerLeft(_ pointer: Pointer, surface: Surface?, serial: UInt32) {
        guard let scene = pointerScene else { return }
        let held = pointerTouches.values.sorted { $0.id < $1.id }
        pointerTouches.removeAll()
        deliver("touchesCancelled", held, to: scene)
        record("pointerExited", in: scene)
        scene.rootContent?.pointerExited(in: scene)
        pointerScene = nil
    }

    /// Motion with buttons held moves their touches; without, it hovers.
    func pointerMoved(_ pointer: Pointer, position: CGPoint, timeMillis: UInt32) {
        pointerLocation = position
        guard let scene = pointerScene else { return }
        if pointerTouches.isEmpty {
            record("pointerHovered", in: scene, location: position)
            scene.rootContent?.pointerHovered(at: position, in: scene)
            return
        }
        for (id, touch) in pointerTouches {
            pointerTouches[id] = Touch(id: id, kind: .indirectPointer, location: position, previousLocation: touch.location)
        }
        deliver("touchesMoved", pointerTouches.values.sorted { $0.id < $1.id }, to: scene)
    }

    /// A press begins a touch (as a mouse click does on iPadOS); its serial
    /// is kept for `beginInteractiveMove`. A release ends it.
    func pointerButtonChanged(_ pointer: Pointer, button: UInt32, isPressed: Bool, serial: UInt32, timeMillis: UInt32) {
        guard let scene = pointerScene else { return }
        let id = Int(button)
        if isPressed {
            if let seat = pointer.seat { heldPress = (seat, serial) }
            let touch = Touch(id: id, kind: .indirectPointer, location: pointerLocation, previousLocation: pointerLocation)
            pointerTouches[id] = touch
            deliver("touchesBegan", [touch], to: scene)
        } else if let touch = pointerTouches.removeValue(forKey: id) {
            if pointerTouches.isEmpty && fingers.isEmpty { heldPress = nil }
            deliver(
                "touchesEnded",
                [
                    Touch(
                        id: id, kind: .indirectPointer, location: pointerLocation,
                        previousLocation: touch.location)
                ], to: scene)
        }
    }

    /// Scroll amounts add up until the frame that ends the group (wl_pointer
    /// v5); an older pointer has no frames, so each arrives alone.
    func pointerScrolled(_ pointer: Pointer, axis: ScrollAxis, value: Double, discreteSteps: Int?, timeMillis: UInt32) {
        if axis == .vertical { pendingScroll.y += value } else { pendingScroll.x += value }
        if !pointer.groupsEventsInFrames { pointerFrameEnded(pointer) }
    }

    func pointerFrameEnded(_ pointer: Pointer) {
        guard pendingScroll != .zero else { return }
        let delta = pendingScroll
        pendingScroll = .zero
        guard let scene = pointerScene else { return }
        record("scrolled", in: scene, location: delta)
        scene.rootContent?.scrolled(by: delta, at: pointerLocation, in: scene)
    }
}

extension SceneInputRouter: @preconcurrency TouchHandler {
    /// Touch events are batched until the frame, then delivered as one call
    /// per kind (began, moved, ended) and scene, as UIKit groups a touch event.
    func touchWentDown(_ touch: DioramaClient.Touch, id: Int, surface: Surface, position: CGPoint, serial: UInt32) {
        guard let scene = sceneForSurface(surface) else { return }
        if let seat = touch.seat { heldPress = (seat, serial) }
        let began = Touch(id: id, kind: .direct, location: position, previousLocation: position)
        fingers[id] = (scene, began)
        pendingBatch.append(("touchesBegan", scene, began))
    }

    func touchMoved(_ touch: DioramaClient.Touch, id: Int, surface: Surface, position: CGPoint) {
        guard let finger = fingers[id] else { return }
        let moved = Touch(id: id, kind: .direct, location: position, previousLocation: finger.touch.location)
        fingers[id] = (finger.scene, moved)
        // Several motions of one finger in a frame: the last one, from the first's start.
        if let index = pendingBatch.firstIndex(where: { $0.event == "touchesMoved" && $0.touch.id == id }) {
            pendingBatch[index].touch.location = position
        } else {
            pendingBatch.append(("touchesMoved", finger.scene, moved))
        }
    }

    func touchWentUp(_ touch: DioramaClient.Touch, id: Int, surface: Surface) {
        guard let finger = fingers.removeValue(forKey: id) else { return }
        if fingers.isEmpty && pointerTouches.isEmpty { heldPress = nil }
        pendingBatch.append(("touchesEnded", finger.scene, finger.touch))
    }

    func touchFrameEnded(_ touch: DioramaClient.Touch) {
        let batch = pendingBatch
        pendingBatch.removeAll()
        for event in ["touchesBegan", "touchesMoved", "touchesEnded"] {
            var scenes: [WindowScene] = []
            for entry in batch where entry.event == event && !scenes.contains(where: { $0 === entry.scene }) {
                scenes.append(entry.scene)
            }
            for scene in scenes {
                deliver(event, batch.filter { $0.event == event && $0.scene === scene }.map(\.touch), to: scene)
            }
        }
    }

    func touchesCancelled(_ touch: DioramaClient.Touch, ids: [Int32: Surface]) {
        pendingBatch.removeAll()
        let cancelled = fingers
        fingers.removeAll()
        if pointerTouches.isEmpty { heldPress = nil }
        var scenes: [WindowScene] = []
        for (_, finger) in cancelled where !scenes.contains(where: { $0 === finger.scene }) { scenes.append(finger.scene) }
        for scene in scenes {
            deliver("touchesCancelled", cancelled.values.filter { $0.scene === scene }.map(\.touch).sorted { $0.id < $1.id }, to: scene)
        }
    }
}

extension SceneInputRouter: @preconcurrency KeyboardHandler {
    /// A key went down while one of our surfaces had keyboard focus; it
    /// starts repeating if the keymap says it repeats.
    func keyPressed(_ keyboard: Keyboard, event: KeyEvent) {
        self.keyboard = keyboard
        deliverKey(keysym: event.keysym, text: event.text ?? "", isRepeat: false, focus: keyboard.focusedSurface)
        keyRepeater.keyPressed(event.keycode, repeats: keyboard.keymap?.keyRepeats(event.keycode) ?? false)
    }

    func keyReleased(_ keyboard: Keyboard, event: KeyEvent) {
        keyRepeater.keyReleased(event.keycode)
    }

    func keyboardLeft(_ keyboard: Keyboard, surface: Surface?) {
        keyRepeater.stop()
    }

    func repeatInfoChanged(_ keyboard: Keyboard, rate: Int, delayMillis: Int) {
        keyRepeater.rate = rate
        keyRepeater.delayMillis = delayMillis
    }

    /// The repeater's tick: the held key again, with the modifiers in effect now.
    private func keyRepeated(_ keycode: UInt32) {
        guard let keyboard, let keymap = keyboard.keymap, keyboard.focusedSurface != nil else {
            keyRepeater.stop()
            return
        }
        deliverKey(
            keysym: keymap.keysym(forKeycode: keycode), text: keymap.text(forKeycode: keycode) ?? "",
            isRepeat: true, focus: keyboard.focusedSurface)
    }

    private func deliverKey(keysym: UInt32, text: String, isRepeat: Bool, focus: Surface?) {
        guard let focus, let scene = sceneForSurface(focus) else { return }
        record("keyPressed", in: scene, text: text, isRepeat: isRepeat)
        scene.rootContent?.keyPressed(KeyPress(keysym: keysym, text: text, isRepeat: isRepeat), in: scene)
    }
}

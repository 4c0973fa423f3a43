import DioramaClient
import Foundation

/// Turns the seat's pointer, touch and keyboard events into the scene
/// callbacks of `RootContent` (touchesBegan/Moved/Ended/Cancelled,
/// pointerHovered/Exited, scrolled, pressesBegan/Ended/Cancelled with
/// repeats, tap counts and modifier flags), each recorded
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
    /// The time of the last pointer event, in seconds: what an enter (which
    /// carries none) and a scroll frame are stamped with.
    private var pointerTimestamp: TimeInterval = 0
    private var pointerTaps = TapCounter()

    // Touchscreen: each finger's scene and last touch, and the frame's batch.
    private var fingers: [Int: (scene: WindowScene, touch: Touch)] = [:]
    private var pendingBatch: [(event: String, scene: WindowScene, touch: Touch)] = []
    private var fingerTaps = TapCounter()

    /// The last press (pointer button or finger) still held and its seat:
    /// what `xdg_toplevel.move` must quote.
    private var heldPress: (seat: Seat, serial: UInt32)?

    private(set) lazy var keyRepeater = KeyRepeater { [weak self] keycode in self?.keyRepeated(keycode) }
    private weak var keyboard: Keyboard?
    /// The key down last, while it is down, and when (for repeats' timestamps).
    private var heldKey: (press: Press, at: ContinuousClock.Instant)?
    /// The modifier keys in effect, from `wl_keyboard.modifiers`.
    private var modifierFlags: KeyModifierFlags = []

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
        _ event: String, in scene: WindowScene, touch: Touch? = nil, location: CGPoint? = nil, press: Press? = nil,
        modifiers: KeyModifierFlags? = nil
    ) {
        scene.trace.record(
            .input(
                scene: scene.traceName, event: event, touch: touch, location: location ?? touch?.location, press: press,
                modifiers: modifiers ?? press?.key.modifierFlags))
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

    /// The pointer entered or moved over `scene` with no button held.
    private func hover(in scene: WindowScene) {
        let hover = PointerHover(location: pointerLocation, modifierFlags: modifierFlags, timestamp: pointerTimestamp)
        record("pointerHovered", in: scene, location: hover.location, modifiers: hover.modifierFlags)
        scene.rootContent?.pointerHovered(hover, in: scene)
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
        hover(in: scene)
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
        pointerTimestamp = Self.seconds(timeMillis)
        guard let scene = pointerScene else { return }
        if pointerTouches.isEmpty {
            hover(in: scene)
            return
        }
        for (id, touch) in pointerTouches { pointerTouches[id] = touch.moved(to: position, at: pointerTimestamp) }
        deliver("touchesMoved", pointerTouches.values.sorted { $0.id < $1.id }, to: scene)
    }

    /// A press begins a touch (as a mouse click does on iPadOS), counting
    /// taps per button; its serial is kept for `beginInteractiveMove`. A
    /// release ends it.
    func pointerButtonChanged(_ pointer: Pointer, button: UInt32, isPressed: Bool, serial: UInt32, timeMillis: UInt32) {
        pointerTimestamp = Self.seconds(timeMillis)
        guard let scene = pointerScene else { return }
        let id = Int(button)
        if isPressed {
            if let seat = pointer.seat { heldPress = (seat, serial) }
            let taps = pointerTaps.press(from: id, at: pointerLocation, timestamp: pointerTimestamp)
            let touch = Touch(
                id: id, kind: .indirectPointer, location: pointerLocation, previousLocation: pointerLocation,
                timestamp: pointerTimestamp, tapCount: taps)
            pointerTouches[id] = touch
            deliver("touchesBegan", [touch], to: scene)
        } else if let touch = pointerTouches.removeValue(forKey: id) {
            if pointerTouches.isEmpty && fingers.isEmpty { heldPress = nil }
            deliver("touchesEnded", [touch.moved(to: pointerLocation, at: pointerTimestamp)], to: scene)
        }
    }

    /// Scroll amounts add up until the frame that ends the group (wl_pointer
    /// v5); an older pointer has no frames, so each arrives alone.
    func pointerScrolled(_ pointer: Pointer, axis: ScrollAxis, value: Double, discreteSteps: Int?, timeMillis: UInt32) {
        pointerTimestamp = Self.seconds(timeMillis)
        if axis == .vertical { pendingScroll.y += value } else { pendingScroll.x += value }
        if !pointer.groupsEventsInFrames { pointerFrameEnded(pointer) }
    }

    func pointerFrameEnded(_ pointer: Pointer) {
        guard pendingScroll != .zero else { return }
        let scroll = PointerScroll(delta: pendingScroll, location: pointerLocation, modifierFlags: modifierFlags, timestamp: pointerTimestamp)
        pendingScroll = .zero
        guard let scene = pointerScene else { return }
        record("scrolled", in: scene, location: scroll.delta, modifiers: scroll.modifierFlags)
        scene.rootContent?.scrolled(scroll, in: scene)
    }
}

extension SceneInputRouter: @preconcurrency TouchHandler {
    /// Touch events are batched until the frame, then delivered as one call
    /// per kind (began, moved, ended) and scene, as UIKit groups a touch event.
    func touchWentDown(_ touch: DioramaClient.Touch, id: Int, surface: Surface, position: CGPoint, serial: UInt32, timeMillis: UInt32) {
        guard let scene = sceneForSurface(surface) else { return }
        if let seat = touch.seat { heldPress = (seat, serial) }
        let timestamp = Self.seconds(timeMillis)
        let taps = fingerTaps.press(from: -1, at: position, timestamp: timestamp)
        let began = Touch(id: id, kind: .direct, location: position, previousLocation: position, timestamp: timestamp, tapCount: taps)
        fingers[id] = (scene, began)
        pendingBatch.append(("touchesBegan", scene, began))
    }

    func touchMoved(_ touch: DioramaClient.Touch, id: Int, surface: Surface, position: CGPoint, timeMillis: UInt32) {
        guard let finger = fingers[id] else { return }
        let moved = finger.touch.moved(to: position, at: Self.seconds(timeMillis))
        fingers[id] = (finger.scene, moved)
        // Several motions of one finger in a frame: the last one, from the first's start.
        if let index = pendingBatch.firstIndex(where: { $0.event == "touchesMoved" && $0.touch.id == id }) {
            pendingBatch[index].touch.location = position
            pendingBatch[index].touch.timestamp = moved.timestamp
        } else {
            pendingBatch.append(("touchesMoved", finger.scene, moved))
        }
    }

    func touchWentUp(_ touch: DioramaClient.Touch, id: Int, surface: Surface, timeMillis: UInt32) {
        guard let finger = fingers.removeValue(forKey: id) else { return }
        if fingers.isEmpty && pointerTouches.isEmpty { heldPress = nil }
        var ended = finger.touch
        ended.timestamp = Self.seconds(timeMillis)
        pendingBatch.append(("touchesEnded", finger.scene, ended))
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
    /// A key went down while one of our surfaces had keyboard focus: a
    /// `pressesBegan`; it starts repeating if the keymap says it repeats.
    func keyPressed(_ keyboard: Keyboard, event: KeyEvent) {
        self.keyboard = keyboard
        guard let keymap = keyboard.keymap else { return }
        let press = Press(key: key(event.keycode, in: keymap), timestamp: Self.seconds(event.timeMillis))
        heldKey = (press, ContinuousClock.now)
        deliverPresses(.began, [press], focus: keyboard.focusedSurface)
        keyRepeater.keyPressed(event.keycode, repeats: keymap.keyRepeats(event.keycode))
    }

    /// A key came up: a `pressesEnded`, with the modifiers in effect as it went down.
    func keyReleased(_ keyboard: Keyboard, event: KeyEvent) {
        keyRepeater.keyReleased(event.keycode)
        guard let keymap = keyboard.keymap else { return }
        var key = key(event.keycode, in: keymap)
        if let held = heldKey, held.press.key.keyCode == key.keyCode {
            key = held.press.key
            heldKey = nil
        }
        deliverPresses(.ended, [Press(key: key, timestamp: Self.seconds(event.timeMillis))], focus: keyboard.focusedSurface)
    }

    /// Focus left with a key down: it will not come up here, so its press is
    /// cancelled (UIKit's `pressesCancelled`).
    func keyboardLeft(_ keyboard: Keyboard, surface: Surface?) {
        keyRepeater.stop()
        guard let held = heldKey else { return }
        heldKey = nil
        deliverPresses(.cancelled, [held.press], focus: surface)
    }

    /// Modifier keys changed (also on focus entry): what later presses, hovers and scrolls carry.
    func modifiersChanged(_ keyboard: Keyboard, modifiers: KeyboardModifiers) {
        modifierFlags = Self.flags(modifiers)
    }

    func repeatInfoChanged(_ keyboard: Keyboard, rate: Int, delayMillis: Int) {
        keyRepeater.rate = rate
        keyRepeater.delayMillis = delayMillis
    }

    /// The repeater's tick: the held key again, with the modifiers in effect
    /// now, stamped with the time since it went down.
    private func keyRepeated(_ keycode: UInt32) {
        guard let keyboard, let keymap = keyboard.keymap, keyboard.focusedSurface != nil, let held = heldKey else {
            keyRepeater.stop()
            return
        }
        let elapsed = ContinuousClock.now - held.at
        let press = Press(
            key: key(keycode, in: keymap),
            timestamp: held.press.timestamp + Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            isRepeat: true)
        deliverPresses(.began, [press], focus: keyboard.focusedSurface)
    }

    /// The key as the keymap reads it now.
    private func key(_ keycode: UInt32, in keymap: Keymap) -> Key {
        Key(
            characters: keymap.text(forKeycode: keycode) ?? "", charactersIgnoringModifiers: keymap.unmodifiedText(forKeycode: keycode) ?? "",
            keyCode: KeyCode(rawValue: keycode), modifierFlags: modifierFlags)
    }

    /// Where a key press is; the runtime trace's `input` event for each
    /// (`keyPressed`, the name key-downs had before `pressesBegan` existed,
    /// stays: the trace format only ever adds).
    private enum PressPhase: String {
        case began = "keyPressed"
        case ended = "keyReleased"
        case cancelled = "keyCancelled"
    }

    private func deliverPresses(_ phase: PressPhase, _ presses: [Press], focus: Surface?) {
        guard let focus, let scene = sceneForSurface(focus) else { return }
        for press in presses { record(phase.rawValue, in: scene, press: press) }
        guard let content = scene.rootContent else { return }
        switch phase {
        case .began: content.pressesBegan(presses, in: scene)
        case .ended: content.pressesEnded(presses, in: scene)
        case .cancelled: content.pressesCancelled(presses, in: scene)
        }
    }

    /// Wayland's millisecond event times, in seconds.
    static func seconds(_ millis: UInt32) -> TimeInterval { Double(millis) / 1000 }

    /// xkb's modifier names in UIKit's terms.
    static func flags(_ modifiers: KeyboardModifiers) -> KeyModifierFlags {
        let pairs: [(KeyboardModifiers, KeyModifierFlags)] = [
            (.shift, .shift), (.capsLock, .capsLock), (.control, .control), (.alt, .alternate), (.logo, .command),
            (.numLock, .numLock),
        ]
        return pairs.reduce(into: []) { flags, pair in if modifiers.contains(pair.0) { flags.insert(pair.1) } }
    }
}

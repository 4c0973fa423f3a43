import Dispatch

/// Repeats a held key as the compositor asked (`wl_keyboard.repeat_info`):
/// the first repeat after `delayMillis`, then `rate` per second, until the
/// key comes up, another key goes down, or the scene loses keyboard focus.
/// Wayland leaves repeating to clients; the compositor sends one press.
///
/// Time comes from `schedule`, the main queue in the runtime; tests pass one
/// they step by hand, so no test waits on a clock.
@MainActor
final class KeyRepeater {
    /// Runs `body` after `milliseconds`; returns what cancels it.
    typealias Schedule = @MainActor (_ milliseconds: Int, _ body: @escaping @MainActor () -> Void) -> (@MainActor () -> Void)

    /// Characters per second; 0 turns repeat off.
    var rate = 25
    var delayMillis = 600
    /// The evdev code of the key repeating now.
    private(set) var heldKeycode: UInt32?
    private let schedule: Schedule
    private let repeatKey: @MainActor (UInt32) -> Void
    private var cancelPending: (@MainActor () -> Void)?

    /// - Parameter repeatKey: delivers one repeat of the key (the caller
    ///   looks up its keysym and text with the modifiers in effect then).
    init(schedule: @escaping Schedule = KeyRepeater.mainQueue, repeatKey: @escaping @MainActor (UInt32) -> Void) {
        self.schedule = schedule
        self.repeatKey = repeatKey
    }

    /// The main queue's clock: what the runtime repeats on.
    static func mainQueue(_ milliseconds: Int, _ body: @escaping @MainActor () -> Void) -> (@MainActor () -> Void) {
        let item = DispatchWorkItem { MainActor.assumeIsolated { body() } }
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(milliseconds), execute: item)
        return { item.cancel() }
    }

    /// A key went down: it repeats if the keymap says it does and repeat is on.
    func keyPressed(_ keycode: UInt32, repeats: Bool) {
        stop()
        guard repeats, rate > 0 else { return }
        heldKeycode = keycode
        arm(after: delayMillis)
    }

    /// A key came up: only the repeating key stops the repeat.
    func keyReleased(_ keycode: UInt32) {
        if keycode == heldKeycode { stop() }
    }

    /// Focus left, or the keyboard went away.
    func stop() {
        cancelPending?()
        cancelPending = nil
        heldKeycode = nil
    }

    private func arm(after milliseconds: Int) {
        cancelPending = schedule(max(1, milliseconds)) { [weak self] in self?.fire() }
    }

    private func fire() {
        guard let keycode = heldKeycode, rate > 0 else { return }
        repeatKey(keycode)
        // The callback may have released the key (or stopped repeat).
        guard heldKeycode == keycode else { return }
        arm(after: 1000 / rate)
    }
}

/// Told what happens on a seat's keyboard.
package protocol KeyboardHandler: AnyObject {
    /// The compositor sent a (new) keymap and it compiled: from now on key
    /// events carry keysyms and text. Fires right after the keyboard is
    /// created, and when the layout changes.
    func keymapChanged(_ keyboard: Keyboard, keymap: Keymap)
    /// The compositor's keymap could not be used; keys arrive without keysyms.
    func keymapFailed(_ keyboard: Keyboard, error: KeymapError)
    /// One of our surfaces got keyboard focus; `pressedKeycodes` are keys
    /// already held down (evdev codes).
    func keyboardEntered(_ keyboard: Keyboard, surface: Surface?, pressedKeycodes: [UInt32])
    /// Our surface lost keyboard focus.
    func keyboardLeft(_ keyboard: Keyboard, surface: Surface?)
    /// A key went down while our surface had focus.
    func keyPressed(_ keyboard: Keyboard, event: KeyEvent)
    /// A key came up.
    func keyReleased(_ keyboard: Keyboard, event: KeyEvent)
    /// Modifier or layout state changed (Shift pressed, Caps Lock toggled).
    func modifiersChanged(_ keyboard: Keyboard, modifiers: KeyboardModifiers)
    /// Key repeat settings: `rate` characters per second (0: no repeat)
    /// after `delayMillis`.
    func repeatInfoChanged(_ keyboard: Keyboard, rate: Int, delayMillis: Int)
}

extension KeyboardHandler {
    package func keymapChanged(_ keyboard: Keyboard, keymap: Keymap) {}
    package func keymapFailed(_ keyboard: Keyboard, error: KeymapError) {}
    package func keyboardEntered(_ keyboard: Keyboard, surface: Surface?, pressedKeycodes: [UInt32]) {}
    package func keyboardLeft(_ keyboard: Keyboard, surface: Surface?) {}
    package func keyPressed(_ keyboard: Keyboard, event: KeyEvent) {}
    package func keyReleased(_ keyboard: Keyboard, event: KeyEvent) {}
    package func modifiersChanged(_ keyboard: Keyboard, modifiers: KeyboardModifiers) {}
    package func repeatInfoChanged(_ keyboard: Keyboard, rate: Int, delayMillis: Int) {}
}

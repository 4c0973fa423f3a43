import DioramaScenarios
import DioramaSimulator
import HeadlessCompositors

/// Keys on Mutter: `type`, `press W key K`, `release W key K` and `hold W
/// key K for D` go through the RemoteDesktop session that also presses the
/// move keybinding (`NotifyKeyboardKeysym`, a keysym and whether it is
/// down). Mutter finds the keycode and the level's modifiers itself, and
/// the key stays down between steps until released, as a real key does; the
/// app repeats it meanwhile.
///
/// Mutter gives keys to the focused window, and no step can choose it here
/// (no scripting interface): a key step for a window whose scene is not
/// the active one is skipped with that reason. Mutter says nothing about
/// when a client got a key, so for a Diorama app each step then waits (up
/// to the scenario's timeout) for the app's trace to show it, and fails
/// naming what arrived.
extension MutterScenarioBackend {
    /// Why pointer steps are skipped: a point of a window is a point of the
    /// screen only where the window is, which Mutter does not tell; and
    /// RemoteDesktop places the pointer only relative to where it is, or at
    /// a point of a ScreenCast stream of a monitor, which is not opened here.
    static func noPointer(_ keyword: String) -> String {
        "the mutter backend drives no pointer or touchscreen: a window point needs the window's place on its monitor, which Mutter 43 does not tell (no scripting interface), and RemoteDesktop places the pointer only relative to where it is or on a ScreenCast stream of a monitor, which this backend does not open (`\(keyword)`)"
    }

    /// `type W "…"`: each character's keysym pressed and released in turn.
    func type(_ text: String, into window: NameReference) async throws -> StepOutcome {
        var keysyms: [UInt32] = []
        for character in text.unicodeScalars {
            guard let keysym = Keysyms.typing(character) else {
                return .failed("no keysym types \(String(reflecting: Character(character))); type it with `press W key NAME`")
            }
            keysyms.append(keysym)
        }
        return try await pressKeys(
            in: window, expected: keysyms.count, counting: { typedKeys(in: $0) }, what: "\(keysyms.count) keys typed",
            witness: "keyPressed"
        ) { keys in
            for keysym in keysyms {
                try keys.setKey(keysym, pressed: true)
                try keys.setKey(keysym, pressed: false)
            }
        }
    }

    /// `press W key K` (down) and `release W key K` (up).
    func setKey(_ key: String, down: Bool, in window: NameReference) async throws -> StepOutcome {
        guard let keysym = Keysyms.named(key) else { return .failed("`\(key)` is not a key name xkbcommon knows (try Return, Shift_L, Right, F1)") }
        return try await pressKeys(
            in: window, expected: 1, counting: { down ? keyPresses(in: $0) : keyReleases(in: $0) },
            what: "\(key) \(down ? "pressed" : "released")", witness: down ? "keyPressed" : "keyReleased"
        ) { keys in
            try keys.setKey(keysym, pressed: down)
        }
    }

    /// `hold W key K for D`: down, D of real time (the app's repeat timer
    /// runs), up.
    func holdKey(_ key: String, for duration: ScenarioDuration, in window: NameReference) async throws -> StepOutcome {
        guard let keysym = Keysyms.named(key) else { return .failed("`\(key)` is not a key name xkbcommon knows (try Return, Shift_L, Right, F1)") }
        return try await pressKeys(
            in: window, expected: 1, counting: { keyReleases(in: $0) }, what: "\(key) held for \(duration)", witness: "keyReleased"
        ) { keys in
            try keys.setKey(keysym, pressed: true)
            try await Task.sleep(for: duration.duration)
            try keys.setKey(keysym, pressed: false)
        }
    }

    /// Presses keys for `window` with `press`, after checking it has the
    /// focus, then waits for `expected` more of the app's `witness` records
    /// (`counting` them in its trace).
    private func pressKeys(
        in window: NameReference, expected: Int, counting: (WindowBinding<Never>) -> Int?, what: String, witness: String,
        _ press: (MutterRemoteDesktop) async throws -> Void
    ) async throws -> StepOutcome {
        guard let compositor else { return .failed("Mutter is not running") }
        guard await isFocused(window.name) else {
            let state = connectorFacts(of: window.name).activationState
            let known = state.value.map { "its scene is \($0.rawValue)" } ?? "its scene's state is not known"
            return .skipped("Mutter gives keys to the focused window and cannot be told which to focus, and `\(window.name)` is not focused (\(known))")
        }
        let binding = windows[window.name]
        let before = binding.flatMap(counting)
        try await press(try keyboard(of: compositor))
        guard let binding, let before else { return .done(detail: "\(what) through RemoteDesktop") }
        let arrived = await waitForInput(expected, since: before) { counting(binding) }
        guard arrived >= expected else {
            return .failed(
                "\(what) through RemoteDesktop, but the app's trace shows \(arrived) of \(expected) \(witness) within \(timeout); Mutter lost the rest"
            )
        }
        return .done(detail: "\(what) through RemoteDesktop; the app saw \(arrived) \(witness)")
    }
}

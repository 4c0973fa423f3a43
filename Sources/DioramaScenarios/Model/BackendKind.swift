/// Where a scenario runs (`--on …`, and the `backend:` hint in a file).
package enum BackendKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// The embedded simulator, in-process; every step and clause, every profile.
    case sim
    /// A headless sway started for the run; steps become sway IPC commands.
    case sway
    /// A single-output headless weston; for start-up and scale expectations.
    case weston
    /// A headless KWin 5.27 on its own session bus; outputs through
    /// kscreen-doctor, windows through KWin scripts.
    case kwin
    /// A headless Mutter 43 on its own session bus; monitors through
    /// DisplayConfig, no window control.
    case mutter
}

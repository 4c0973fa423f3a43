import DioramaModel
import DioramaScenarios
import HeadlessCompositors

/// Half tiling on Mutter: `tile W left|right` and `untile W` press Mutter
/// 43's tiling keybinding (Super+Left/Right) through the RemoteDesktop
/// session, which acts on the focused window. The same key again untiles
/// a window, so the backend remembers the half each window was tiled to.
extension MutterScenarioBackend {
    /// `tile W SIDE` (`half` set) or `untile W` (nil): the key of the half
    /// asked for, or of the half the window is on when untiling; nothing
    /// when it is already so. Skipped, with the reason, when the window is
    /// not the focused one. Mutter says nothing back about tiling, so the
    /// step settles as any other does; a window whose minimum width is more
    /// than half the monitor stays as it was (Mutter does not tile it).
    func tile(_ window: NameReference, to half: HalfTile?) async throws -> StepOutcome {
        guard let compositor else { return .failed("Mutter is not running") }
        let current = halfTiles[window.name]
        guard half != current else {
            return .done(detail: half.map { "already tiled to the \($0.rawValue) half" } ?? "not tiled")
        }
        guard await isFocused(window.name) else {
            return .skipped(
                "Mutter 43 tiles a window only by keybinding, which tiles the focused window, and `\(window.name)` is not focused")
        }
        let side = { (half: HalfTile?) in half.map { $0 == .left ? MutterHeadless.Side.left : .right } }
        let key = try keyboard(of: compositor).tileFocusedWindow(from: side(current), to: side(half))
        halfTiles[window.name] = half
        return .done(detail: key.map { "Super+\($0.rawValue.capitalized) through RemoteDesktop" })
    }
}

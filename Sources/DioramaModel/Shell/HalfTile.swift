/// The half of a display's usable area a window is quick-tiled to: what
/// KWin's Meta+Left/Right (`workspace.slotWindowQuickTileLeft()`) and
/// Mutter's Super+Left/Right do. The control protocol, the scenario step
/// `tile W left` and every backend speak of it by this name.
public enum HalfTile: String, CaseIterable, Hashable, Sendable {
    /// The left half: the window touches the area's left, top and bottom edges.
    case left
    /// The right half: the window touches the area's right, top and bottom edges.
    case right

    /// The `tiled_*` states a half-tiled window is told: the three edges of
    /// the area it touches. KWin 5.27 and Mutter 43 both send these three
    /// (the edge towards the other half touches nothing), measured with
    /// clients of xdg_wm_base v4.
    public var edges: ToplevelStates {
        switch self {
        case .left: [.tiledLeft, .tiledTop, .tiledBottom]
        case .right: [.tiledRight, .tiledTop, .tiledBottom]
        }
    }
}

/// Whether a scene is drawn as the active, focused window, as in
/// `UIUserInterfaceActiveAppearance`. Controls dim their accent colours when inactive.
public enum ActiveAppearance: String, Hashable, Sendable, Codable, CaseIterable {
    /// Not known yet.
    case unspecified
    /// The scene's window is the focused one.
    case active
    /// Another window has focus.
    case inactive

    /// From the `activated` state of the latest `xdg_toplevel.configure`: the
    /// compositor's statement that the window has focus.
    public init(isActivated: Bool) {
        self = isActivated ? .active : .inactive
    }
}

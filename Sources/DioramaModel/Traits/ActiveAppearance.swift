/// Whether a scene is drawn as the active, focused window, as in
/// `UIUserInterfaceActiveAppearance`. Controls dim their accent colours when inactive.
public enum ActiveAppearance: String, Hashable, Sendable, Codable, CaseIterable {
    case unspecified
    case active
    case inactive

    /// From the `activated` state of the latest `xdg_toplevel.configure`: the
    /// compositor's statement that the window has focus.
    public init(isActivated: Bool) {
        self = isActivated ? .active : .inactive
    }
}

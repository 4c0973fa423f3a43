/// A coarse description of how much room a scene has along one axis, as in
/// `UIUserInterfaceSizeClass`. Layouts switch between compact and regular designs on
/// it instead of on exact widths.
public enum SizeClass: String, Hashable, Sendable, Codable, CaseIterable {
    /// Not known yet: the scene has no size (before its first configure).
    case unspecified
    /// Narrow (or short): one column, a tab bar instead of a sidebar.
    case compact
    /// Wide (or tall) enough for the full iPad layout.
    case regular
}

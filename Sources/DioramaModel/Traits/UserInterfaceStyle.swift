/// Light or dark appearance, as in `UIUserInterfaceStyle`.
public enum UserInterfaceStyle: String, Hashable, Sendable, Codable, CaseIterable {
    /// Not known.
    case unspecified
    /// Light appearance.
    case light
    /// Dark appearance.
    case dark

    /// The style for the desktop's `org.freedesktop.appearance` `color-scheme` setting
    /// (the XDG desktop portal): 1 prefers dark, 2 prefers light, and 0 (no preference)
    /// is light because that is UIKit's default appearance. Unknown values are
    /// ``unspecified``.
    public init(freedesktopColorScheme value: UInt32) {
        switch value {
        case 1: self = .dark
        case 0, 2: self = .light
        default: self = .unspecified
        }
    }
}

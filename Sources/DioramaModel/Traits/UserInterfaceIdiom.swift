/// The kind of device the app should design for, as in `UIUserInterfaceIdiom`.
///
/// Diorama presents every scene as an iPad scene (``pad``) by default: the windowing
/// model it brings to Wayland is the iPad's, and iPad layouts handle any window size.
/// Other idioms exist so tests and previews can exercise idiom-dependent code.
public enum UserInterfaceIdiom: String, Hashable, Sendable, Codable, CaseIterable {
    /// Not known.
    case unspecified
    /// An iPhone.
    case phone
    /// An iPad: Diorama's default.
    case pad
    /// An Apple TV.
    case tv
    /// A CarPlay screen.
    case carPlay
    /// A Mac.
    case mac
    /// A Vision Pro.
    case vision
}

/// The kind of device the app should design for, as in `UIUserInterfaceIdiom`.
///
/// Diorama presents every scene as an iPad scene (``pad``) by default: the windowing
/// model it brings to Wayland is the iPad's, and iPad layouts handle any window size.
/// Other idioms exist so tests and previews can exercise idiom-dependent code.
public enum UserInterfaceIdiom: String, Hashable, Sendable, Codable, CaseIterable {
    case unspecified
    case phone
    case pad
    case tv
    case carPlay
    case mac
    case vision
}

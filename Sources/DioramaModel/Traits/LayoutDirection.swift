import Foundation

/// Which way text and leading/trailing layouts run, as in
/// `UITraitEnvironmentLayoutDirection`.
public enum LayoutDirection: String, Hashable, Sendable, Codable, CaseIterable {
    /// Not known.
    case unspecified
    /// Text and layout run left to right.
    case leftToRight
    /// Text and layout run right to left.
    case rightToLeft

    /// The direction of a language such as `"en"`, `"ar"` or `"he-IL"`, from
    /// Foundation's locale data: what the runtime uses for the app's preferred
    /// localization.
    public init(languageIdentifier: String) {
        switch Locale.Language(identifier: languageIdentifier).characterDirection {
        case .rightToLeft: self = .rightToLeft
        case .leftToRight: self = .leftToRight
        default: self = .unspecified
        }
    }
}

/// One trait of a ``TraitCollection``, named so code can register for changes to
/// particular traits, as with `registerForTraitChanges(_:handler:)`.
public enum Trait: String, Hashable, Sendable, Codable, CaseIterable {
    /// ``TraitCollection/displayScale``.
    case displayScale
    /// ``TraitCollection/horizontalSizeClass``.
    case horizontalSizeClass
    /// ``TraitCollection/verticalSizeClass``.
    case verticalSizeClass
    /// ``TraitCollection/userInterfaceIdiom``.
    case userInterfaceIdiom
    /// ``TraitCollection/layoutDirection``.
    case layoutDirection
    /// ``TraitCollection/activeAppearance``.
    case activeAppearance
    /// ``TraitCollection/userInterfaceStyle``.
    case userInterfaceStyle
}

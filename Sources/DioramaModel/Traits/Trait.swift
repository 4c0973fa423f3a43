/// One trait of a ``TraitCollection``, named so code can register for changes to
/// particular traits, as with `registerForTraitChanges(_:handler:)`.
public enum Trait: String, Hashable, Sendable, Codable, CaseIterable {
    case displayScale
    case horizontalSizeClass
    case verticalSizeClass
    case userInterfaceIdiom
    case layoutDirection
    case activeAppearance
    case userInterfaceStyle
}

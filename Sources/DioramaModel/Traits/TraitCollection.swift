/// The environment a scene's content adapts to, as in `UITraitCollection`.
///
/// The runtime builds a new collection whenever the window's size, scale, focus or the
/// desktop's appearance changes, then compares it with the previous one using
/// ``changedTraits(from:)`` and notifies only the observers registered for a trait
/// that actually changed. Equal collections mean no notification at all, so a
/// configure that only repeats the current state costs nothing.
public struct TraitCollection: Hashable, Sendable, Codable {
    /// Pixels per point, from the resolved scale (1.0, 1.25, 1.5, 2.0…).
    public var displayScale: Double
    /// Compact or regular, from the window's width (see ``SizeClassThresholds``).
    public var horizontalSizeClass: SizeClass
    /// Compact or regular, from the window's height (see ``SizeClassThresholds``).
    public var verticalSizeClass: SizeClass
    /// The kind of device to design for (``UserInterfaceIdiom/pad`` unless the app says otherwise).
    public var userInterfaceIdiom: UserInterfaceIdiom
    /// The direction text and layout run in.
    public var layoutDirection: LayoutDirection
    /// Whether the scene's window has focus.
    public var activeAppearance: ActiveAppearance
    /// Light or dark.
    public var userInterfaceStyle: UserInterfaceStyle

    /// A collection; what is not given is unspecified, but for a 1× scale, the iPad idiom, left to right and light.
    public init(
        displayScale: Double = 1,
        horizontalSizeClass: SizeClass = .unspecified,
        verticalSizeClass: SizeClass = .unspecified,
        userInterfaceIdiom: UserInterfaceIdiom = .pad,
        layoutDirection: LayoutDirection = .leftToRight,
        activeAppearance: ActiveAppearance = .unspecified,
        userInterfaceStyle: UserInterfaceStyle = .light
    ) {
        self.displayScale = displayScale
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.userInterfaceIdiom = userInterfaceIdiom
        self.layoutDirection = layoutDirection
        self.activeAppearance = activeAppearance
        self.userInterfaceStyle = userInterfaceStyle
    }

    /// The traits of a scene of `size` points at `scale`: size classes from
    /// `thresholds`, `displayScale` from the exact scale, the rest as given.
    public init(
        sceneSize size: Size, scale: Scale,
        thresholds: SizeClassThresholds = .iPad,
        userInterfaceIdiom: UserInterfaceIdiom = .pad,
        layoutDirection: LayoutDirection = .leftToRight,
        activeAppearance: ActiveAppearance = .unspecified,
        userInterfaceStyle: UserInterfaceStyle = .light
    ) {
        self.init(
            displayScale: scale.doubleValue,
            horizontalSizeClass: thresholds.horizontalSizeClass(forWidth: size.width),
            verticalSizeClass: thresholds.verticalSizeClass(forHeight: size.height),
            userInterfaceIdiom: userInterfaceIdiom,
            layoutDirection: layoutDirection,
            activeAppearance: activeAppearance,
            userInterfaceStyle: userInterfaceStyle)
    }

    /// The traits whose values differ between `previous` and this collection; empty
    /// when nothing changed. Observers registered for any of these traits are the ones
    /// to call.
    public func changedTraits(from previous: TraitCollection) -> Set<Trait> {
        var changed = Set<Trait>()
        if displayScale != previous.displayScale { changed.insert(.displayScale) }
        if horizontalSizeClass != previous.horizontalSizeClass { changed.insert(.horizontalSizeClass) }
        if verticalSizeClass != previous.verticalSizeClass { changed.insert(.verticalSizeClass) }
        if userInterfaceIdiom != previous.userInterfaceIdiom { changed.insert(.userInterfaceIdiom) }
        if layoutDirection != previous.layoutDirection { changed.insert(.layoutDirection) }
        if activeAppearance != previous.activeAppearance { changed.insert(.activeAppearance) }
        if userInterfaceStyle != previous.userInterfaceStyle { changed.insert(.userInterfaceStyle) }
        return changed
    }

    /// Whether an observer registered for `traits` should be told about the change
    /// from `previous` to this collection.
    public func affects(_ traits: Set<Trait>, comparedWith previous: TraitCollection) -> Bool {
        !changedTraits(from: previous).isDisjoint(with: traits)
    }
}

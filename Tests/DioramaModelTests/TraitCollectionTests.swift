import DioramaModel
import Testing

@Suite("Size classes and traits")
struct TraitCollectionTests {
    @Test(
        "horizontal size class follows the documented 600 pt threshold",
        arguments: [
            (0, SizeClass.unspecified), (320, .compact), (375, .compact), (438, .compact), (592, .compact), (599, .compact),
            (600, .regular), (678, .regular), (744, .regular), (1180, .regular), (1366, .regular),
        ])
    func horizontal(width: Int, expected: SizeClass) {
        #expect(SizeClassThresholds.iPad.horizontalSizeClass(forWidth: width) == expected)
    }

    @Test(
        "vertical size class follows the documented 480 pt threshold",
        arguments: [
            (-1, SizeClass.unspecified), (320, .compact), (440, .compact), (479, .compact), (480, .regular), (820, .regular),
        ])
    func vertical(height: Int, expected: SizeClass) {
        #expect(SizeClassThresholds.iPad.verticalSizeClass(forHeight: height) == expected)
    }

    @Test("thresholds are configurable")
    func customThresholds() {
        let thresholds = SizeClassThresholds(minimumRegularWidth: 700, minimumRegularHeight: 300)
        #expect(thresholds.horizontalSizeClass(forWidth: 678) == .compact)
        #expect(thresholds.verticalSizeClass(forHeight: 320) == .regular)
    }

    @Test("a scene's traits come from its size and exact scale; the idiom defaults to pad")
    func sceneTraits() {
        let traits = TraitCollection(sceneSize: Size(width: 1180, height: 820), scale: Scale(numerator120: 150))
        #expect(traits.displayScale == 1.25)
        #expect(traits.horizontalSizeClass == .regular)
        #expect(traits.verticalSizeClass == .regular)
        #expect(traits.userInterfaceIdiom == .pad)
        let slideOver = TraitCollection(sceneSize: Size(width: 320, height: 820), scale: .one)
        #expect(slideOver.horizontalSizeClass == .compact)
    }

    @Test("changedTraits lists exactly the traits that differ")
    func changedTraits() {
        let before = TraitCollection(sceneSize: Size(width: 1180, height: 820), scale: .one, activeAppearance: .active)
        #expect(before.changedTraits(from: before).isEmpty)

        let narrower = TraitCollection(sceneSize: Size(width: 500, height: 820), scale: .one, activeAppearance: .active)
        #expect(narrower.changedTraits(from: before) == [.horizontalSizeClass])

        // A resize within the same size class changes no trait at all.
        let slightlyNarrower = TraitCollection(sceneSize: Size(width: 1000, height: 700), scale: .one, activeAppearance: .active)
        #expect(slightlyNarrower.changedTraits(from: before).isEmpty)

        var everything = before
        everything.displayScale = 2
        everything.horizontalSizeClass = .compact
        everything.verticalSizeClass = .compact
        everything.userInterfaceIdiom = .phone
        everything.layoutDirection = .rightToLeft
        everything.activeAppearance = .inactive
        everything.userInterfaceStyle = .dark
        #expect(everything.changedTraits(from: before) == Set(Trait.allCases))
        #expect(everything.affects([.userInterfaceStyle], comparedWith: before))
        #expect(!narrower.affects([.displayScale, .userInterfaceStyle], comparedWith: before))
    }

    @Test("trait values from desktop state")
    func desktopMappings() {
        #expect(UserInterfaceStyle(freedesktopColorScheme: 1) == .dark)
        #expect(UserInterfaceStyle(freedesktopColorScheme: 2) == .light)
        #expect(UserInterfaceStyle(freedesktopColorScheme: 0) == .light)
        #expect(UserInterfaceStyle(freedesktopColorScheme: 9) == .unspecified)
        #expect(ActiveAppearance(isActivated: true) == .active)
        #expect(ActiveAppearance(isActivated: false) == .inactive)
        #expect(LayoutDirection(languageIdentifier: "ar") == .rightToLeft)
        #expect(LayoutDirection(languageIdentifier: "he-IL") == .rightToLeft)
        #expect(LayoutDirection(languageIdentifier: "en-GB") == .leftToRight)
    }
}

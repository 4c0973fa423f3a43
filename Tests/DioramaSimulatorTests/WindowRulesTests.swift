import DioramaModel
import Testing

@testable import DioramaSimulator

/// The strategies that say what a profile's window rules mean
/// (`Shell/WindowRules.swift`), checked on their own; the window manager's
/// use of them is covered end to end by the profile suites.
@Suite struct WindowRulesTests {
    @Test func aNewWindowOpensOnTheDefaultDisplayOrWhereFocusIs() {
        let everyDisplayExists: (String) -> Bool = { _ in true }
        #expect(NewWindowDisplay.defaultDisplay.displayName(default: "DP-1", focused: "DP-2", exists: everyDisplayExists) == "DP-1")
        #expect(NewWindowDisplay.focusedDisplay.displayName(default: "DP-1", focused: "DP-2", exists: everyDisplayExists) == "DP-2")
        #expect(
            NewWindowDisplay.focusedDisplay.displayName(default: "DP-1", focused: "DP-2", exists: { $0 != "DP-2" }) == "DP-1",
            "a focused display that is gone leaves the default")
        #expect(
            NewWindowDisplay.focusedDisplay.displayName(default: "DP-1", focused: nil, exists: everyDisplayExists) == "DP-1",
            "before anything had focus")
        #expect(
            NewWindowDisplay.pointerDisplay.displayName(
                default: "DP-1", focused: "DP-2", underPointer: "DP-3", exists: everyDisplayExists) == "DP-3",
            "the pointer's display, wherever focus is")
        #expect(
            NewWindowDisplay.pointerDisplay.displayName(default: "DP-1", focused: "DP-2", underPointer: nil, exists: everyDisplayExists)
                == "DP-1", "a pointer on no display leaves the default")
    }

    @Test func sizeHintsClampEveryConfigureOrOnlyInteractiveOnes() {
        #expect(SizeHintsPolicy.always.clamps(interactive: false))
        #expect(SizeHintsPolicy.always.clamps(interactive: true))
        #expect(!SizeHintsPolicy.interactiveResizeOnly.clamps(interactive: false))
        #expect(SizeHintsPolicy.interactiveResizeOnly.clamps(interactive: true))
    }

    @Test func onlyTilingProfilesTileAWindowAsItMaps() {
        let tiling = CompositorProfile.all.filter(\.windowPlacement.tilesOnMap).map(\.name)
        #expect(tiling == [CompositorProfile.sway17.name])
        #expect(!WindowPlacement.floating.tilesOnMap)
    }

    @Test func aWindowOnAShrunkDisplayGetsNewBoundsOrIsFittedToIt() {
        let area = Size(width: 640, height: 400)
        #expect(WindowsOnResizedDisplay.newBounds.boundsFollowDisplay)
        #expect(!WindowsOnResizedDisplay.newBounds.boundsInEveryConfigure, "only when they changed")
        #expect(WindowsOnResizedDisplay.newBounds.boundsChangeSendsConfigure)
        #expect(WindowsOnResizedDisplay.newBounds.fittedSize(Size(width: 640, height: 480), in: area, extent: area) == nil)
        #expect(!WindowsOnResizedDisplay.fitToDisplay.boundsFollowDisplay)
        #expect(WindowsOnResizedDisplay.fitToDisplay.fittedSize(Size(width: 640, height: 480), in: area, extent: area) == Size(width: 640, height: 400))
        #expect(WindowsOnResizedDisplay.fitToDisplay.fittedSize(Size(width: 500, height: 300), in: area, extent: area) == nil, "it fits already")
        #expect(CompositorProfile.kwin527.windowsOnResizedDisplay == .fitToDisplay)
    }

    /// Mutter 43 sends a window on a rescaled monitor nothing while it fits
    /// within all monitors' extent, and the display's current bounds with
    /// every configure it sends; a window beyond the extent is cut to it.
    @Test func aWindowOnAShrunkMutterMonitorIsToldNothingUntilItsNextConfigureWhichCarriesTheBounds() {
        let rule = CompositorProfile.mutter43.windowsOnResizedDisplay
        #expect(rule == .boundsWithEveryConfigure)
        #expect(rule.boundsFollowDisplay && rule.boundsInEveryConfigure)
        #expect(!rule.boundsChangeSendsConfigure)
        let monitor = Size(width: 960, height: 600)
        let extent = Size(width: 1920, height: 600)
        #expect(rule.fittedSize(Size(width: 640, height: 480), in: monitor, extent: extent) == nil)
        #expect(rule.fittedSize(Size(width: 1600, height: 1000), in: monitor, extent: extent) == Size(width: 1600, height: 600))
    }
}

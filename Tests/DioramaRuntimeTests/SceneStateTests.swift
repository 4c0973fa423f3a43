import DioramaModel
import Testing

@testable import Diorama

@Suite struct SceneStateTests {
    @Test func lifecycleEventsFollowUIKitOrder() {
        #expect(SceneLifecycle.events(from: .unattached, to: .foregroundActive) == [.willEnterForeground, .didBecomeActive])
        #expect(SceneLifecycle.events(from: .foregroundActive, to: .background) == [.willResignActive, .didEnterBackground])
        #expect(SceneLifecycle.events(from: .background, to: .foregroundInactive) == [.willEnterForeground])
        #expect(SceneLifecycle.events(from: .foregroundInactive, to: .foregroundActive) == [.didBecomeActive])
        #expect(SceneLifecycle.events(from: .foregroundActive, to: .foregroundActive).isEmpty)
        #expect(SceneLifecycle.eventsForDisconnect(from: .foregroundActive) == [.willResignActive, .didEnterBackground, .didDisconnect])
        #expect(SceneLifecycle.eventsForDisconnect(from: .unattached) == [.didDisconnect])
    }

    @Test func theFirstFrameOnASingleTwoTimesOutputIsAlreadyAtScaleTwo() {
        // Before any enter event: the only output's scale applies, so no blurry first frame.
        var facts = CompositorFacts()
        facts.configuredSize = Size(width: 640, height: 400)
        facts.allScreens = [Screens.twoX]
        let state = SceneState.compute(facts: facts, settings: SceneSettings(), previous: nil)
        #expect(state.resolvedScale.scale == Scale(integer: 2))
        #expect(state.bufferGeometry.bufferSize == Size(width: 1280, height: 800))
        #expect(state.bufferGeometry.bufferScale == 2)
        #expect(state.drawableSize == Size(width: 1280, height: 800))
    }

    @Test("a restored or preferred size the client picks stays within the configure's bounds; a configured size does not")
    func aSizeTheClientPicksStaysWithinTheConfigureBounds() {
        var facts = CompositorFacts()
        facts.allScreens = [Screens.twoX]
        facts.configureBounds = Size(width: 1280, height: 800)
        var settings = SceneSettings()
        // A session saved on a larger display.
        settings.restoredContentSize = Size(width: 5300, height: 3201)
        #expect(SceneState.compute(facts: facts, settings: settings, previous: nil).size == Size(width: 1280, height: 800))
        settings.restoredContentSize = nil
        settings.preferredContentSize = Size(width: 1000, height: 2000)
        #expect(SceneState.compute(facts: facts, settings: settings, previous: nil).size == Size(width: 1000, height: 800))
        // The compositor's own size is not the client's choice: it stays.
        facts.configuredSize = Size(width: 1500, height: 900)
        #expect(SceneState.compute(facts: facts, settings: settings, previous: nil).size == Size(width: 1500, height: 900))
    }

    @Test func aSceneFullscreenOnAnOutputHasThatScreenBeforeItEntersAnything() {
        // An external-display scene, before enter: its screen is the output it
        // asked for, not the first one.
        var facts = CompositorFacts()
        facts.configuredSize = Size(width: 640, height: 400)
        facts.allScreens = [Screens.twoX, Screens.oneX]
        #expect(SceneState.compute(facts: facts, settings: SceneSettings(), previous: nil).screen?.name == Screens.twoX.name)
        facts.requestedScreenName = Screens.oneX.name
        #expect(SceneState.compute(facts: facts, settings: SceneSettings(), previous: nil).screen?.name == Screens.oneX.name)
    }

    @Test func fractionalPreferredScaleUsesTheViewport() throws {
        var facts = CompositorFacts.mapped(on: [Screens.oneX], all: [Screens.oneX, Screens.twoX], size: Size(width: 100, height: 50))
        facts.fractionalPreferred = Scale(1.5)
        facts.hasViewport = true
        let state = SceneState.compute(facts: facts, settings: SceneSettings(), previous: nil)
        #expect(state.bufferGeometry.bufferSize == Size(width: 150, height: 75))
        #expect(state.bufferGeometry.bufferScale == 1)
        #expect(state.bufferGeometry.viewportDestination == Size(width: 100, height: 50))
        #expect(state.traitCollection.displayScale == 1.5)
    }

    @Test func aSurfaceSpanningTwoOutputsUsesTheLargerScaleAndThatScreen() {
        let facts = CompositorFacts.mapped(on: [Screens.oneX, Screens.twoX], all: [Screens.oneX, Screens.twoX])
        let state = SceneState.compute(facts: facts, settings: SceneSettings(), previous: nil)
        #expect(state.resolvedScale.scale == Scale(integer: 2))
        #expect(state.screen?.name == "DP-2")
    }

    @Test func interactiveResizeKeepsTheDrawableUntilItEnds() {
        var facts = CompositorFacts.mapped(on: [Screens.twoX], all: [Screens.twoX], size: Size(width: 600, height: 400))
        facts.hasViewport = true
        let before = SceneState.compute(facts: facts, settings: SceneSettings(), previous: nil)
        #expect(before.drawableSize == Size(width: 1200, height: 800))
        facts.isResizing = true
        facts.configuredSize = Size(width: 700, height: 500)
        let during = SceneState.compute(facts: facts, settings: SceneSettings(), previous: before)
        #expect(during.size == Size(width: 700, height: 500))
        #expect(during.drawableSize == Size(width: 1200, height: 800))
        #expect(during.bufferGeometry.viewportDestination == Size(width: 700, height: 500))
        #expect(during.effectiveGeometry.isInteractivelyResizing)
        facts.isResizing = false
        let after = SceneState.compute(facts: facts, settings: SceneSettings(), previous: during)
        #expect(after.drawableSize == Size(width: 1400, height: 1000))
        #expect(SceneStateChanges(from: during, to: after).newDrawableSize == Size(width: 1400, height: 1000))
    }

    @Test func belowTheMinimumWhenFloatingCommitsTheMinimum() throws {
        var settings = SceneSettings()
        settings.sizeRestrictions = try SizeRestrictions(minimumSize: Size(width: 500, height: 0))
        let facts = CompositorFacts.mapped(on: [Screens.oneX], all: [Screens.oneX], size: Size(width: 320, height: 240))
        let state = SceneState.compute(facts: facts, settings: settings, previous: nil)
        #expect(state.size == Size(width: 500, height: 240))
        #expect(!state.effectiveGeometry.isBelowMinimumSize)

        var tiled = facts
        tiled.isTiled = true
        let constrained = SceneState.compute(facts: tiled, settings: settings, previous: nil)
        #expect(constrained.size == Size(width: 320, height: 240))
        #expect(constrained.effectiveGeometry.isBelowMinimumSize)
    }

    @Test func aConfigureThatChangesNothingProducesNoChanges() {
        let facts = CompositorFacts.mapped(on: [Screens.oneX], all: [Screens.oneX])
        let first = SceneState.compute(facts: facts, settings: SceneSettings(), previous: nil)
        let second = SceneState.compute(facts: facts, settings: SceneSettings(), previous: first)
        #expect(SceneStateChanges(from: first, to: second).isEmpty)
    }
}

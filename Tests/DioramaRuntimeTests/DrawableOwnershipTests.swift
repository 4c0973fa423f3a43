import DioramaModel
import Foundation
import Testing

@testable import Diorama

/// Who owns the drawable's size: the runtime (`autoResizeDrawable`, the
/// default) or the app (`drawableSize` set with it off), as MTKView and
/// CAMetalLayer let an app choose.
@MainActor @Suite(.serialized) struct DrawableOwnershipTests {
    @Test func anAppOwnedDrawableIsTheBufferWithAViewportScaledToTheBounds() {
        var facts = CompositorFacts.mapped(on: [Screens.twoX], all: [Screens.twoX], size: Size(width: 600, height: 400))
        facts.hasViewport = true
        var settings = SceneSettings()
        settings.appOwnedDrawableSize = Size(width: 320, height: 180)
        let state = SceneState.compute(facts: facts, settings: settings, previous: nil)
        #expect(state.drawableSize == Size(width: 320, height: 180))
        #expect(
            state.bufferGeometry
                == BufferGeometry(
                    bufferSize: Size(width: 320, height: 180), bufferScale: 1,
                    viewportDestination: Size(width: 600, height: 400)))
        #expect(state.traitCollection.displayScale == 2, "the traits still follow the display")

        // Resizing the window changes the viewport, not the drawable.
        facts.configuredSize = Size(width: 800, height: 500)
        let resized = SceneState.compute(facts: facts, settings: settings, previous: state)
        #expect(resized.drawableSize == Size(width: 320, height: 180))
        #expect(resized.bufferGeometry.viewportDestination == Size(width: 800, height: 500))
        #expect(SceneStateChanges(from: state, to: resized).newDrawableSize == nil, "drawableSizeWillChange does not fire")
    }

    @Test func withoutAViewportAnAppOwnedDrawableIsPlacedIntoABoundsTimesScaleBuffer() {
        let facts = CompositorFacts.mapped(on: [Screens.twoX], all: [Screens.twoX], size: Size(width: 600, height: 400))
        var settings = SceneSettings()
        settings.appOwnedDrawableSize = Size(width: 320, height: 180)
        let state = SceneState.compute(facts: facts, settings: settings, previous: nil)
        #expect(state.drawableSize == Size(width: 320, height: 180))
        #expect(
            state.bufferGeometry
                == BufferGeometry(
                    bufferSize: Size(width: 1200, height: 800), bufferScale: 2,
                    viewportDestination: nil))
    }

    @Test func withoutAViewportAnInteractiveResizeResizesTheDrawableAtOnce() {
        var facts = CompositorFacts.mapped(on: [Screens.twoX], all: [Screens.twoX], size: Size(width: 600, height: 400))
        let before = SceneState.compute(facts: facts, settings: SceneSettings(), previous: nil)
        facts.isResizing = true
        facts.configuredSize = Size(width: 700, height: 500)
        let during = SceneState.compute(facts: facts, settings: SceneSettings(), previous: before)
        #expect(during.effectiveGeometry.isInteractivelyResizing)
        #expect(during.drawableSize == Size(width: 1400, height: 1000), "no viewport: nothing could scale a kept drawable")
        #expect(
            during.bufferGeometry
                == BufferGeometry(
                    bufferSize: Size(width: 1400, height: 1000), bufferScale: 2,
                    viewportDestination: nil))
    }

    @Test func theLayerHandsOwnershipBackAndForthAndRejectsSizesItCannotUse() throws {
        CallbackLog.reset()
        let backend = FakeBackend(screens: [Screens.oneX])
        let application = try makeApplication(plist: try writeInfoPlist(), store: temporaryStore(), backend: backend)
        try application.launch()
        let scene = try #require(application.connectedScenes.first)
        let content = RecordingContent()
        scene.rootContent = content
        var rejections: [DrawableSizing.AppSizeError] = []
        scene.drawableLayer.reportRejection = { rejections.append($0) }
        var facts = CompositorFacts.mapped(on: [Screens.oneX], all: backend.screenDescriptions)
        facts.hasViewport = true
        scene.update(facts: facts)
        #expect(scene.drawableLayer.autoResizeDrawable, "on by default, as MTKView")
        #expect(scene.drawableLayer.drawableSize == Size(width: 800, height: 600))

        scene.drawableLayer.drawableSize = Size(width: 100, height: 100)
        #expect(rejections == [.ownedByRuntime(Size(width: 100, height: 100))])
        #expect(scene.drawableLayer.drawableSize == Size(width: 800, height: 600))

        scene.drawableLayer.autoResizeDrawable = false
        #expect(scene.state?.drawableSize == Size(width: 800, height: 600), "turning it off keeps the size it has")
        scene.drawableLayer.drawableSize = Size(width: 0, height: 100)
        scene.drawableLayer.drawableSize = Size(width: 100, height: 20_000)
        #expect(
            rejections.dropFirst() == [
                .empty(Size(width: 0, height: 100)),
                .tooLarge(Size(width: 100, height: 20_000), maximumDimension: 16_384),
            ])
        #expect(scene.drawableLayer.lastRejection != nil)

        scene.drawableLayer.drawableSize = Size(width: 320, height: 180)
        #expect(scene.drawableLayer.lastRejection == nil)
        #expect(content.drawableSizes.last == Size(width: 320, height: 180), "drawableSizeWillChange fires for the app's size too")
        #expect(scene.drawableLayer.drawableSize == Size(width: 320, height: 180))
        #expect(scene.state?.bufferGeometry.bufferSize == Size(width: 320, height: 180))
        #expect(scene.state?.bufferGeometry.viewportDestination == Size(width: 800, height: 600))

        scene.drawableLayer.autoResizeDrawable = true
        #expect(content.drawableSizes.last == Size(width: 800, height: 600), "back to bounds × scale")
        #expect(scene.drawableLayer.drawableSize == Size(width: 800, height: 600))
    }

    @Test func theErrorsSayWhatToDo() {
        #expect(DrawableSizing.AppSizeError.ownedByRuntime(Size(width: 1, height: 1)).description.contains("set autoResizeDrawable = false first"))
        #expect(DrawableSizing.AppSizeError.empty(Size(width: 0, height: 1)).description.contains("at least 1×1"))
        #expect(DrawableSizing.AppSizeError.tooLarge(Size(width: 20_000, height: 1), maximumDimension: 16_384).description.contains("at most 16384×16384"))
    }
}

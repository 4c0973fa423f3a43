import Testing

@testable import Diorama

/// The frame pacer's decisions, as values: what happened → whether to draw.
@Suite struct FramePacerTests {
    /// A pacer past connecting, with its first frame committed and in flight.
    private func pacerWithFrameInFlight() -> FramePacer {
        var pacer = FramePacer()
        pacer.sceneConnected()
        pacer.willDraw()
        pacer.didCommit()
        return pacer
    }

    @Test func nothingIsDrawnUntilTheSceneConnectsThenTheFirstFrameIs() {
        var pacer = FramePacer()
        pacer.configureReceived()
        pacer.geometryChanged()
        pacer.drawRequested()
        #expect(pacer.state == .connecting)
        #expect(!pacer.shouldDraw, "willConnectTo has not run: the frame would not show what the delegate sets up")
        pacer.sceneConnected()
        #expect(pacer.state == .idle)
        #expect(pacer.shouldDraw)
    }

    @Test func anIdlePacerDrawsOnlyWhenSomethingWantsAFrame() {
        var pacer = pacerWithFrameInFlight()
        pacer.frameCallbackDone(ofCommit: pacer.committedFrames)
        #expect(pacer.state == .idle)
        #expect(!pacer.shouldDraw, "nothing asked for a frame")
        pacer.drawRequested()
        #expect(pacer.shouldDraw)
    }

    @Test func contentRequestsWaitForTheFrameCallback() {
        var pacer = pacerWithFrameInFlight()
        pacer.drawRequested()
        #expect(pacer.state == .waitingForFrameCallback)
        #expect(!pacer.shouldDraw, "never faster than the output shows")
        pacer.frameCallbackDone(ofCommit: pacer.committedFrames)
        #expect(pacer.shouldDraw)
    }

    @Test func aConfigureIsAnsweredAtOnceEvenWithAFrameInFlight() {
        var pacer = pacerWithFrameInFlight()
        pacer.configureReceived()
        #expect(pacer.shouldDraw)
        pacer.willDraw()
        pacer.didCommit()
        #expect(!pacer.shouldDraw, "the commit acknowledged it")
    }

    @Test func aNewGeometrySupersedesTheFrameInFlight() {
        var pacer = pacerWithFrameInFlight()
        pacer.geometryChanged()
        #expect(pacer.shouldDraw, "the frame in flight was drawn for a scale or size that no longer holds")
    }

    @Test func duringAnInteractiveResizeWithAKeptDrawableGeometryWaitsForTheCallback() {
        var pacer = pacerWithFrameInFlight()
        pacer.interactiveResizeChanged(keepsDrawable: true)
        pacer.geometryChanged()
        #expect(!pacer.shouldDraw, "the compositor scales the kept drawable; the callback paces the redraws")
        pacer.configureReceived()
        #expect(pacer.shouldDraw, "a configure is still answered at once")

        var ended = pacerWithFrameInFlight()
        ended.interactiveResizeChanged(keepsDrawable: true)
        ended.interactiveResizeChanged(keepsDrawable: false)
        ended.geometryChanged()
        #expect(ended.shouldDraw, "the resize ended: the full-size drawable supersedes at once")
    }

    @Test func aRequestMadeWhileDrawingIsForTheNextFrameAtTheCallback() {
        var pacer = FramePacer()
        pacer.sceneConnected()
        pacer.willDraw()
        pacer.drawRequested()
        #expect(!pacer.shouldDraw, "no frame starts inside a frame")
        pacer.didCommit()
        #expect(pacer.state == .waitingForFrameCallback)
        #expect(!pacer.shouldDraw, "a game asking for its next frame from draw waits for the callback")
        pacer.frameCallbackDone(ofCommit: pacer.committedFrames)
        #expect(pacer.shouldDraw)
    }

    @Test func aGeometryChangeWhileDrawingSupersedesTheFrameJustCommitted() {
        var pacer = FramePacer()
        pacer.sceneConnected()
        pacer.willDraw()
        pacer.geometryChanged()
        pacer.didCommit()
        #expect(pacer.shouldDraw)
        pacer.willDraw()
        pacer.didCommit()
        #expect(!pacer.shouldDraw, "everything asked for went into the last frame")
    }

    @Test func anAbandonedFrameKeepsWhatItWasForAndTheFrameInFlight() {
        var pacer = pacerWithFrameInFlight()
        pacer.configureReceived()
        pacer.willDraw()
        #expect(pacer.state == .drawing(frameInFlight: true, reasons: [.configurePending]))
        pacer.geometryChanged()
        pacer.drawAbandoned()
        #expect(pacer.state == .waitingForFrameCallback)
        #expect(pacer.reasons == [.configurePending, .geometryChanged])
        #expect(pacer.shouldDraw)
    }

    @Test func aFrameCallbackWhileDrawingOverAFrameInFlightIsRemembered() {
        var pacer = pacerWithFrameInFlight()
        pacer.geometryChanged()
        pacer.willDraw()
        pacer.frameCallbackDone(ofCommit: pacer.committedFrames)
        pacer.drawAbandoned()
        #expect(pacer.state == .idle, "the older frame's callback fired while the new one was drawn")
    }

    @Test func aBackgroundAcknowledgementClearsOnlyTheConfigure() {
        var pacer = pacerWithFrameInFlight()
        pacer.frameCallbackDone(ofCommit: pacer.committedFrames)
        pacer.configureReceived()
        pacer.drawRequested()
        pacer.committedWithoutFrame()
        #expect(pacer.reasons == [.contentRequested], "the content still wants its frame once visible")
    }

    @Test func aSupersededFramesCallbackAfterTheNewCommitDoesNotStartAFrame() {
        var pacer = pacerWithFrameInFlight()
        let superseded = pacer.committedFrames
        pacer.geometryChanged()
        pacer.willDraw()
        pacer.drawRequested()  // a game asks for its next frame from draw
        pacer.didCommit()
        pacer.frameCallbackDone(ofCommit: superseded)
        #expect(pacer.state == .waitingForFrameCallback, "the new frame is still in flight")
        #expect(!pacer.shouldDraw, "the next frame waits for the new commit's callback")
        pacer.frameCallbackDone(ofCommit: pacer.committedFrames)
        #expect(pacer.shouldDraw)
    }

    @Test func aFrameOvertakenByANewGeometryIsRedrawnAFewTimesThenCommitted() {
        let pacer = pacerWithFrameInFlight()
        for redraws in 0..<FramePacer.maximumRedrawsBeforeCommit {
            #expect(pacer.redrawsOvertakenFrame(after: redraws), "redraw \(redraws + 1) of an overtaken frame")
        }
        #expect(
            !pacer.redrawsOvertakenFrame(after: FramePacer.maximumRedrawsBeforeCommit),
            "a compositor changing the geometry faster than we draw must not stall the commit")
    }

    @Test func aDisplayChangeWhileDrawingMakesTheNextGeometryWaitForTheCallback() {
        var pacer = pacerWithFrameInFlight()
        pacer.geometryChanged()
        #expect(pacer.shouldDraw, "a single display change supersedes the frame in flight at once")
        pacer.willDraw()
        pacer.displayChanged()  // read just before the commit
        pacer.geometryChanged()
        pacer.didCommit()
        #expect(pacer.isOutpaced, "the displays changed while the frame was drawn")
        #expect(pacer.reasons.contains(.geometryChanged))
        #expect(!pacer.shouldDraw, "outpaced: the new geometry waits for the frame callback")
        #expect(!pacer.redrawsOvertakenFrame(after: 0), "outpaced: an overtaken frame is committed as it is")
        pacer.configureReceived()
        #expect(pacer.shouldDraw, "a configure is still answered at once")

        pacer.frameCallbackDone(ofCommit: pacer.committedFrames)
        pacer.willDraw()
        pacer.didCommit()
        #expect(!pacer.isOutpaced, "a frame drawn with no display change meanwhile ends the storm")
        pacer.geometryChanged()
        #expect(pacer.shouldDraw, "reactions are at once again")
    }

    /// A script's moves arriving in bursts between frames: once outpaced,
    /// a display change in every refresh keeps the storm going although
    /// none lands while a frame is drawn; a refresh with none ends it.
    @Test func aDisplayChangeInEveryRefreshKeepsTheStormGoingAndAQuietRefreshEndsIt() {
        var pacer = pacerWithFrameInFlight()
        pacer.geometryChanged()
        pacer.willDraw()
        pacer.displayChanged()
        pacer.geometryChanged()
        pacer.didCommit()
        #expect(pacer.isOutpaced)
        for refresh in 1...3 {
            pacer.displayChanged()  // a burst between frames
            pacer.geometryChanged()
            #expect(!pacer.shouldDraw, "refresh \(refresh): the new geometry waits for the callback")
            pacer.frameCallbackDone(ofCommit: pacer.committedFrames)
            #expect(pacer.isOutpaced, "refresh \(refresh): a change came during it")
            #expect(pacer.shouldDraw, "refresh \(refresh): one frame for it")
            pacer.willDraw()
            pacer.didCommit()
            #expect(pacer.isOutpaced, "refresh \(refresh): the frame answered a change that came in the storm")
        }
        pacer.frameCallbackDone(ofCommit: pacer.committedFrames)
        #expect(!pacer.isOutpaced, "a refresh with no display change ends the storm")
        pacer.displayChanged()
        pacer.geometryChanged()
        #expect(pacer.shouldDraw, "reactions are at once again")
    }

    @Test func displayChangesBetweenFramesDoNotMakeThePacerOutpaced() {
        var pacer = pacerWithFrameInFlight()
        pacer.displayChanged()
        pacer.geometryChanged()
        #expect(pacer.shouldDraw)
        pacer.willDraw()
        pacer.didCommit()
        #expect(!pacer.isOutpaced, "the change came before the frame, which answered it")
        pacer.displayChanged()
        pacer.geometryChanged()
        #expect(pacer.shouldDraw, "the next change supersedes at once too")
    }

    @Test func aRedrawStartsWithNoDisplayChangeNoted() {
        var pacer = pacerWithFrameInFlight()
        pacer.geometryChanged()
        pacer.willDraw()
        pacer.displayChanged()
        pacer.geometryChanged()
        pacer.drawAbandoned()  // overtaken: drawn again
        pacer.willDraw()
        pacer.didCommit()
        #expect(!pacer.isOutpaced, "the redraw itself saw no change: one change during a frame is no storm")
    }
}

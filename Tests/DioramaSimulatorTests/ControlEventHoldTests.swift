import Testing

@testable import DioramaSimulator

/// When the events of back-to-back control requests stay queued, and when
/// they go out (`ControlEventHold`; times in nanoseconds).
@Suite struct ControlEventHoldTests {
    /// Ends a turn: whether its events stay queued.
    private func endOfTurn(_ hold: inout ControlEventHold, at now: UInt64, someoneWaits: Bool) -> Bool {
        hold.keepsEventsAtEndOfTurn(now: now, someoneWaits: someoneWaits)
    }

    @Test func aControlTurnsEventsWaitForTheNextRequestUpToTheLongestHold() {
        var hold = ControlEventHold()
        hold.holdThisTurn()
        #expect(endOfTurn(&hold, at: 1_000, someoneWaits: false), "the first request's events wait")
        #expect(hold.isHolding)
        hold.holdThisTurn()
        #expect(endOfTurn(&hold, at: 1_000 + ControlEventHold.longest - 1, someoneWaits: false), "so do the next ones, within the bound")
        hold.holdThisTurn()
        #expect(!endOfTurn(&hold, at: 1_000 + ControlEventHold.longest, someoneWaits: false), "the oldest held event has waited long enough")
        #expect(!hold.isHolding)
        // The bound counts from the first event held after the flush.
        hold.holdThisTurn()
        #expect(endOfTurn(&hold, at: 10_000_000, someoneWaits: false))
    }

    @Test func anyOtherTurnFlushesWhatIsHeld() {
        var hold = ControlEventHold()
        hold.holdThisTurn()
        #expect(endOfTurn(&hold, at: 1_000, someoneWaits: false))
        // A client's request, a wait or a screenshot: not a control connection's quick requests.
        #expect(!endOfTurn(&hold, at: 2_000, someoneWaits: false))
        #expect(!hold.isHolding)
        // The permission was for one turn only.
        #expect(!endOfTurn(&hold, at: 3_000, someoneWaits: false))
    }

    @Test func nothingIsHeldWhileSomeoneWaits() {
        var hold = ControlEventHold()
        hold.holdThisTurn()
        #expect(!endOfTurn(&hold, at: 1_000, someoneWaits: true), "a waiter answered must find every event out")
        #expect(!hold.isHolding)
        hold.holdThisTurn()
        #expect(endOfTurn(&hold, at: 2_000, someoneWaits: false))
        hold.holdThisTurn()
        #expect(!endOfTurn(&hold, at: 3_000, someoneWaits: true), "a waiter that came meanwhile ends the hold")
        #expect(!hold.isHolding)
    }

    @Test func theConnectionAboutToSleepReleasesTheHold() {
        var hold = ControlEventHold()
        hold.holdThisTurn()
        #expect(endOfTurn(&hold, at: 1_000, someoneWaits: false))
        hold.released()
        #expect(!hold.isHolding)
        hold.holdThisTurn()
        #expect(endOfTurn(&hold, at: 1_000 + ControlEventHold.longest, someoneWaits: false), "a new hold starts its own bound")
    }
}

import Testing

@testable import Diorama

/// Key repeat as `wl_keyboard.repeat_info` asks, on a clock the test steps by
/// hand: no test here waits on time.
@MainActor
@Suite struct KeyRepeaterTests {
    /// A schedule that records what was asked and runs it when told.
    @MainActor
    final class ManualSchedule {
        var pending: [(milliseconds: Int, body: @MainActor () -> Void, cancelled: Bool)] = []

        func schedule(_ milliseconds: Int, _ body: @escaping @MainActor () -> Void) -> (@MainActor () -> Void) {
            pending.append((milliseconds, body, false))
            let index = pending.count - 1
            return { [unowned self] in self.pending[index].cancelled = true }
        }

        /// Runs the newest scheduled job that was not cancelled; its delay.
        func runNext() -> Int? {
            guard let index = pending.lastIndex(where: { !$0.cancelled }) else { return nil }
            let job = pending[index]
            pending[index].cancelled = true
            job.body()
            return job.milliseconds
        }
    }

    @Test func aHeldKeyRepeatsAfterTheDelayThenAtTheRateUntilReleased() {
        let clock = ManualSchedule()
        var repeated: [UInt32] = []
        let repeater = KeyRepeater(schedule: { clock.schedule($0, $1) }) { repeated.append($0) }
        repeater.rate = 25
        repeater.delayMillis = 600
        repeater.keyPressed(30, repeats: true)
        #expect(clock.pending.map(\.milliseconds) == [600])
        #expect(clock.runNext() == 600)
        #expect(clock.runNext() == 40)
        #expect(clock.runNext() == 40)
        #expect(repeated == [30, 30, 30])
        repeater.keyReleased(31)  // another key: still repeating
        #expect(repeater.heldKeycode == 30)
        repeater.keyReleased(30)
        #expect(clock.runNext() == nil)
        #expect(repeated.count == 3)
    }

    @Test func modifiersRateZeroAndFocusLossDoNotRepeat() {
        let clock = ManualSchedule()
        var repeated: [UInt32] = []
        let repeater = KeyRepeater(schedule: { clock.schedule($0, $1) }) { repeated.append($0) }
        repeater.keyPressed(42, repeats: false)  // Shift: the keymap says it does not repeat
        #expect(clock.runNext() == nil)
        repeater.rate = 0
        repeater.keyPressed(30, repeats: true)
        #expect(clock.runNext() == nil)
        repeater.rate = 25
        repeater.keyPressed(30, repeats: true)
        repeater.stop()  // keyboard focus left
        #expect(clock.runNext() == nil)
        // A new key takes over the repeat from the one before.
        repeater.keyPressed(30, repeats: true)
        repeater.keyPressed(48, repeats: true)
        _ = clock.runNext()
        #expect(repeated == [48])
    }
}

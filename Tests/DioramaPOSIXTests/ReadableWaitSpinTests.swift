import DioramaPOSIX
import Testing

/// `ReadableWait.spin(for:until:)`, the look without sleeping that control
/// and sway IPC readers make before they sleep: it stops at the first
/// attempt that got something, gives up once its time passed, and never
/// tries when it has no time at all.
@Suite struct ReadableWaitSpinTests {
    @Test func stopsAtTheFirstAttemptThatGotSomething() {
        var attempts = 0
        let arrived = ReadableWait.spin(for: .seconds(60)) {
            attempts += 1
            return attempts == 3
        }
        #expect(arrived)
        #expect(attempts == 3)
    }

    @Test func givesUpWhenNothingArrivesInItsTime() {
        var attempts = 0
        let arrived = ReadableWait.spin(for: .microseconds(200)) {
            attempts += 1
            return false
        }
        #expect(!arrived)
        #expect(attempts >= 1)
    }

    @Test func withNoTimeItNeverTries() {
        var attempts = 0
        let arrived = ReadableWait.spin(for: .zero) {
            attempts += 1
            return true
        }
        #expect(!arrived)
        #expect(attempts == 0)
    }
}

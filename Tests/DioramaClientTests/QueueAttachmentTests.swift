import DioramaClient
import DioramaModel
import DioramaTestTraits
import Dispatch
import Foundation
import HeadlessCompositors
import Synchronization
import Testing

/// A connection driven by a DispatchQueue instead of a dispatch loop, as the
/// scene runtime drives it from the main queue.
@Suite("connection attached to a dispatch queue", .ownThreads)
struct QueueAttachmentTests {
    /// Results handed from the queue to the test thread.
    final class Outcome: Sendable {
        let frames = Mutex(0)
        let failure = Mutex<ConnectionError?>(nil)
        /// The frame count each time the end-of-batch hook ran.
        let framesAtBatchEnds = Mutex<[Int]>([])
    }

    @Test("frame callbacks are delivered on the queue, each batch followed by `batchDispatched`; a compositor exit reaches `failed` once and stops the source")
    func framesAndFailure() throws {
        let weston = try WestonHeadless.start(scale: 1)
        let client = try ClientHarness(weston)
        let (toplevel, _) = try client.mapToplevel(appID: uniqueAppID("queue"))
        let queue = DispatchQueue(label: "diorama.test.connection")
        let outcome = Outcome()
        let confined = UncheckedBox((client, toplevel))

        let source = queue.sync {
            let (client, toplevel) = confined.value
            // Three frames, each requested from the previous frame's callback.
            func requestFrame() {
                toplevel.surface.frame { _ in
                    let count = outcome.frames.withLock {
                        $0 += 1; return $0
                    }
                    if count < 3 {
                        requestFrame()
                        toplevel.surface.damageAll()
                        toplevel.commit()
                    }
                }
                toplevel.surface.damageAll()
                toplevel.commit()
            }
            requestFrame()
            return UncheckedBox(
                client.connection.attach(
                    to: queue,
                    batchDispatched: {
                        let frames = outcome.frames.withLock { $0 }
                        outcome.framesAtBatchEnds.withLock { $0.append(frames) }
                    },
                    failed: { error in
                        outcome.failure.withLock { $0 = error }
                    }))
        }
        let framesArrived = waitUntil(seconds: 10) { outcome.frames.withLock { $0 } >= 3 }
        #expect(framesArrived, "frames so far: \(outcome.frames.withLock { $0 })")
        // The hook runs after the batch that held the last frame callback.
        let lastBatchSawAll = waitUntil(seconds: 10) { outcome.framesAtBatchEnds.withLock { $0.last } == 3 }
        let batchEnds = outcome.framesAtBatchEnds.withLock { $0 }
        #expect(lastBatchSawAll, "frames at each batch end: \(batchEnds)")
        #expect(!batchEnds.isEmpty && batchEnds == batchEnds.sorted(), "after each wakeup's events: \(batchEnds)")

        weston.stop()
        let failed = waitUntil(seconds: 10) { outcome.failure.withLock { $0 } != nil }
        #expect(failed)
        if case .disconnected? = outcome.failure.withLock({ $0 }) {
        } else {
            Issue.record("expected .disconnected, got \(String(describing: outcome.failure.withLock { $0 }))")
        }
        #expect(queue.sync { source.value.isCancelled })
        queue.sync { _ = confined }
    }
}

/// Moves values the test keeps confined to one queue across `@Sendable` closures.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Polls `condition` every 10 ms for at most `seconds`.
func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}

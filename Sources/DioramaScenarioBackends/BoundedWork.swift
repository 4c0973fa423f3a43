import Foundation
import Synchronization

/// Runs blocking work that cannot be interrupted (compositing a screenshot,
/// encoding its PNG) on a thread of its own, and waits for it no longer than a
/// scenario's timeout. When the time is up the caller goes on with nil and the
/// work is left to finish by itself; its result is dropped.
enum BoundedWork {
    static func run<Result: Sendable>(
        within limit: Duration,
        _ work: @escaping @Sendable () throws -> Result
    ) async throws -> Result? {
        let once = ResumeOnce<Result?>()
        return try await withCheckedThrowingContinuation { continuation in
            once.arm(continuation)
            Thread.detachNewThread {
                do { once.resume(with: .success(try work())) } catch { once.resume(with: .failure(error)) }
            }
            let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                once.resume(with: .success(nil))
            }
        }
    }

    /// The continuation, resumed by whichever of the work and the timer ends first.
    private final class ResumeOnce<Value: Sendable>: Sendable {
        private let continuation = Mutex<CheckedContinuation<Value, any Error>?>(nil)

        func arm(_ continuation: CheckedContinuation<Value, any Error>) {
            self.continuation.withLock { $0 = continuation }
        }

        func resume(with result: Swift.Result<Value, any Error>) {
            let waiting = continuation.withLock { $0.take() }
            waiting?.resume(with: result)
        }
    }
}

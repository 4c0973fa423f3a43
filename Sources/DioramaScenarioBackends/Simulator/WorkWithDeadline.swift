import Foundation

/// Runs slow work (a screenshot's compositing and PNG encoding) on its own
/// thread and waits for it at most until a deadline, so a step that takes
/// too long fails inside the scenario's timeout instead of holding the run.
///
/// Work cannot be interrupted midway; when the deadline passes first the
/// result is abandoned: ``commit(_:)`` then does nothing, so work that
/// finishes late leaves no file behind.
final class WorkWithDeadline: @unchecked Sendable {
    private let lock = NSLock()
    private var abandoned = false

    /// Runs `body` and returns its result, or nil when `timeout` passed first.
    /// `body` gets this object, to publish its result through ``commit(_:)``.
    static func run<Value: Sendable>(within timeout: Duration,
                                     _ body: @escaping @Sendable (WorkWithDeadline) throws -> Value) throws -> Value? {
        let work = WorkWithDeadline()
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<Value>()
        Thread {
            box.set(Result { try body(work) })
            done.signal()
        }.start()
        let (seconds, attoseconds) = timeout.components
        let wait = DispatchTime.now() + .nanoseconds(Int(clamping: seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
        if done.wait(timeout: wait) == .timedOut {
            work.lock.lock()
            work.abandoned = true
            work.lock.unlock()
            // The body may have committed just before: then its result stands.
            guard done.wait(timeout: .now()) == .success else { return nil }
        }
        return try box.get()
    }

    /// Runs `publish` (renaming a finished file into place) unless the
    /// waiter gave up; returns whether it ran.
    @discardableResult
    func commit(_ publish: () throws -> Void) rethrows -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !abandoned else { return false }
        try publish()
        return true
    }

    private final class ResultBox<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var result: Result<Value, any Error>?
        func set(_ value: Result<Value, any Error>) { lock.lock(); result = value; lock.unlock() }
        func get() throws -> Value {
            lock.lock()
            defer { lock.unlock() }
            return try result!.get()
        }
    }
}

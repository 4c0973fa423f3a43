import Foundation

/// Runs `work`, which blocks (a `poll`, a `waitid`, a semaphore), on a
/// thread of its own while the caller is suspended, and returns what it
/// returns.
///
/// Not on `DispatchQueue.global()`: on Linux its threads are the ones
/// Swift runs default-priority tasks on, so a block there holds one of
/// them, and with as many blocked as there are cores every task queued
/// behind waits until libdispatch adds a thread — about a second (measured:
/// two `usleep`s on the global queue of a 2-core machine held a
/// default-priority task for 1.0 s). A thread per wait costs tens of
/// microseconds to start, against waits of milliseconds to minutes.
package func awaitBlocking<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { (done: CheckedContinuation<Value, Never>) in
        startThread(named: blockingWaitThreadName) { done.resume(returning: work()) }
    }
}

/// The name of the threads ``awaitBlocking(_:)`` starts, as `gdb`, `perf`
/// and `/proc/PID/task/*/comm` show it.
package let blockingWaitThreadName = "blocking-wait"

/// Starts a thread that runs `body`, named `name` (at most 15 bytes) where
/// the kernel keeps it, as `gdb`, `perf` and `/proc/PID/task/*/comm` show
/// it. Foundation's `Thread.name` does not reach the kernel on Linux: a
/// thread started by another keeps that one's name, so a wait's thread
/// would look like the Dispatch worker that started it.
package func startThread(named name: String, _ body: @escaping @Sendable () -> Void) {
    let thread = Thread {
        nameCurrentThread(name)
        body()
    }
    thread.start()
}

/// Gives the calling thread `name`: a thread may write its own
/// `/proc/thread-self/comm`. Without `/proc` it keeps its name.
private func nameCurrentThread(_ name: String) {
    let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    _ = name.withCString { write(descriptor, $0, strlen($0)) }
}

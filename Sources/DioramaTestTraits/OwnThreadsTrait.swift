import Foundation
import Testing

/// Runs each test of the suite (or the test) it is given to on threads of
/// its own rather than on Swift's shared cooperative pool, one test per core
/// at a time (``OwnThreadSlots``).
///
/// Why: Swift Testing runs every test body on the cooperative pool, which
/// has one thread per core — two on CI. A test that blocks while a
/// compositor, an app or the `diorama` command works (a synchronous wait
/// for a child's exit or its trace, a socket read) holds one of them for
/// seconds to minutes, and every other test of the process, however quick,
/// waits for a thread: in CI's log no test ended in the first 106 s of a
/// 306 s run. Under this trait the test's task prefers an executor that
/// runs each of its jobs on a new thread, so its blocking waits hold only
/// that thread, and the pool stays free for the tests that compute.
package struct OwnThreadsTrait: SuiteTrait, TestTrait, TestScoping {
    package var isRecursive: Bool { true }

    /// Each test case (each argument of a parameterized test) gets a slot and
    /// threads of its own; a suite only passes the trait on.
    package func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard let slots = OwnThreadSlots.shared else {
            try await function()  // DIORAMA_TEST_THREADS=0: on the shared pool, as without the trait
            return
        }
        await slots.acquire()
        do {
            try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) { try await function() }
        } catch {
            await slots.release()
            throw error
        }
        await slots.release()
    }
}

extension Trait where Self == OwnThreadsTrait {
    /// The tests run on threads of their own, off Swift's shared cooperative
    /// pool (``OwnThreadsTrait``): for tests that block while another
    /// process works.
    package static var ownThreads: Self { Self() }
}

/// A task executor that runs every job on a new thread: a job may block for
/// as long as its test waits, and no job ever waits for a thread another
/// job holds (a test's child tasks inherit the executor, so a serial thread
/// could deadlock a body that blocks on one of them).
final class ThreadPerJobExecutor: TaskExecutor {
    static let shared = ThreadPerJobExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let thread = Thread { job.runSynchronously(on: executor) }
        thread.name = "diorama-test-job"
        thread.start()
    }
}

/// How many tests run off the pool at once: one per core by default, as
/// many as the pool let run before, or `DIORAMA_TEST_THREADS`. Without a
/// bound every such test of the process would start at once (Swift Testing
/// starts all tests together), each with its compositor and apps, and their
/// waits would run out on a loaded machine: with twice the cores, three
/// real-compositor tests failed that way at load 14 (a GL first frame later
/// than weston's quiet period, a held key on sway, a Mutter keybinding).
actor OwnThreadSlots {
    /// Nil when `DIORAMA_TEST_THREADS=0`: the tests then run on the shared
    /// pool as if they had no trait (to compare, or to rule the trait out).
    static let shared: OwnThreadSlots? = {
        let count =
            ProcessInfo.processInfo.environment["DIORAMA_TEST_THREADS"].flatMap { Int($0) }
            ?? ProcessInfo.processInfo.activeProcessorCount
        return count > 0 ? OwnThreadSlots(count: count) : nil
    }()

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) {
        free = count
    }

    /// Returns once a slot is free (waiting without holding a thread) and
    /// takes it.
    func acquire() async {
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    /// Frees a slot: the longest waiting test gets it.
    func release() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
}

import DioramaPOSIX
import Foundation
import Testing

/// Runs each test of the suite (or the test) it is given to on threads of
/// its own rather than on Swift's shared cooperative pool, as many at a time
/// as the machine can take (``SlotAdmission``, ``OwnThreadSlots``): one per
/// core always, up to three per core while the CPU has idle time, a test of
/// `weight` counting as that many; `DIORAMA_TEST_THREADS=N` fixes the count.
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
    /// How many slots one test case takes: 1, or more for a test that
    /// starts a heavy session (KWin, Mutter: about 1.4 s of CPU per start);
    /// 0 for a test that computes in process for seconds and waits for
    /// nothing, or waits for tens of seconds and computes almost nothing
    /// (``offSharedPool``): it takes no slot.
    package var weight: Int

    /// How long the suite runs when it is one of the run's long chains
    /// (zero when it is not): serialized tests that together take a large
    /// share of the run's wall time (a campaign of `check --explore`, a
    /// compositor's fidelity or shipped-suite sessions: the sum of its
    /// tests' slot times in the slot log), or a test of many seconds (the
    /// shipped suite on the simulator, the control flood under foot: its
    /// own time). Their tests get slots before the others, the longest chain
    /// first, so the chains start at once instead of after the tests that
    /// asked first: the run ends no sooner than its longest chain does, and
    /// the short tests fill its last seconds (a 16 s test that asked at 8 s
    /// started at 84 s and ended at 100 s of a 110 s run, with the cores
    /// 30–60 % idle after it). A rough figure is enough: it only orders.
    package var longChain: Duration = .zero

    package var isRecursive: Bool { true }

    /// Each test case (each argument of a parameterized test) gets a slot and
    /// threads of its own; a suite only passes the trait on. A test that has
    /// the trait twice (its suite's and its own weight) takes one slot, of
    /// the larger weight — or none when either is ``offSharedPool``: a test
    /// of an `.ownThreads` suite that mostly waits out timeouts says so.
    package func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        let weights = test.traits.compactMap { ($0 as? Self)?.weight }
        let chosen = weights.contains(0) ? 0 : weights.max()
        return testCase != nil && weight == chosen ? self : nil
    }

    /// Whether the running test already holds a slot (the same weight given twice).
    @TaskLocal private static var holdsSlot = false

    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard let slots = OwnThreadSlots.shared, !Self.holdsSlot else {
            // DIORAMA_TEST_THREADS=0: on the shared pool, as without the trait;
            // a second `.ownThreads` of the same weight: in the slot the first took.
            try await function()
            return
        }
        guard weight > 0 else {
            try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) { try await function() }
            return
        }
        let longChain = test.traits.compactMap { ($0 as? Self)?.longChain }.max() ?? .zero
        let name = Self.logName(test)
        // From here on, every job runs on a thread of its own — the wait for
        // the slot and the hand-back too (the slots' actor then runs there as
        // well). A job left to the shared pool waits behind the tests that
        // compute on it: a test granted its slot at once waited 16 s for a
        // pool thread before its body started, and took 0.3 s after.
        try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) {
            let grant = await slots.acquire(weight: weight, suite: test.id.parent, longChain: longChain)
            do {
                try await Self.$holdsSlot.withValue(true) { try await function() }
            } catch {
                await slots.release(grant, for: name, weight: weight)
                throw error
            }
            await slots.release(grant, for: name, weight: weight)
        }
    }

    /// The test's name in the slot log: the suite and function, with the
    /// display name when there is one.
    private static func logName(_ test: Test) -> String {
        let path = test.id.nameComponents.joined(separator: ".")
        return test.displayName.map { "\(path) \"\($0)\"" } ?? path
    }
}

extension Trait where Self == OwnThreadsTrait {
    /// The tests run on threads of their own, off Swift's shared cooperative
    /// pool (``OwnThreadsTrait``): for tests that block while another
    /// process works.
    package static var ownThreads: Self { Self(weight: 1) }

    /// The same for tests that each take `weight` slots: one that starts
    /// heavy sessions (KWin, Mutter) counts as more than one test. Given to
    /// a test of a suite that has `.ownThreads`, it sets that test's weight.
    package static func ownThreads(weight: Int) -> Self { Self(weight: max(1, weight)) }

    /// For tests that compute in process for seconds (golden runs, scans of
    /// every source file, pixel loops in a debug build), and for tests that
    /// spend tens of seconds waiting out timeouts with almost no CPU (a
    /// hung client's answer and kill timeouts), whose slot would only keep
    /// a test that needs the CPU from starting: on threads of their own,
    /// taking no slot, even in a suite that has `.ownThreads`. On the shared pool such a test holds a
    /// thread until it ends, and Swift Testing's own steps wait behind it —
    /// the step that starts a suite's tests, and the first step of every
    /// `.ownThreads` test: in one run no such test asked for its slot in
    /// the first 7 s, and the last asked at 24 s, when the computing ended.
    package static var offSharedPool: Self { Self(weight: 0) }

    /// The same for a suite (or a test) that is one of the run's long
    /// chains, `longChain` its length (``OwnThreadsTrait/longChain``): its
    /// tests get slots first, the longest chain's first. Given to a test of
    /// a suite that has one too, the longer of the two counts.
    package static func ownThreads(weight: Int = 1, longChain: Duration) -> Self {
        Self(weight: max(1, weight), longChain: longChain)
    }
}

/// A task executor that runs every job on a new thread: a job may block for
/// as long as its test waits, and no job ever waits for a thread another
/// job holds (a test's child tasks inherit the executor, so a serial thread
/// could deadlock a body that blocks on one of them).
package final class ThreadPerJobExecutor: TaskExecutor {
    package static let shared = ThreadPerJobExecutor()

    /// Its threads' name (``startThread(named:_:)``): without it a thread
    /// keeps the name of the pool thread that started it, and cannot be told
    /// apart from one.
    package static let threadName = "test-own-thread"

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        startThread(named: Self.threadName) { job.runSynchronously(on: executor) }
    }
}

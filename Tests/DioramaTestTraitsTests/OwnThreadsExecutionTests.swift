import DioramaPOSIX
import DioramaTestTraits
import Foundation
import Testing

/// Where the traits run a test's body: on a thread of its own (named
/// `test-own-thread`), never on Swift's shared cooperative pool — before
/// and after an `await`, so a hop back to the pool (which may be busy for
/// seconds with tests that compute) never delays the test.
@Suite("threads the traits run tests on")
struct OwnThreadsExecutionTests {
    static let ownThreadName = ThreadPerJobExecutor.threadName

    /// The name of the thread the caller runs on, as the kernel has it.
    static func currentThreadName() -> String? {
        (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8))?
            .trimmingCharacters(in: .newlines)
    }

    /// A yield gives up the thread; the job after it is enqueued anew.
    static func threadNamesAcrossAnAwait() async -> (before: String?, after: String?) {
        let before = currentThreadName()
        await Task.yield()
        return (before, currentThreadName())
    }

    @Test("`.offSharedPool`: the body runs on threads of its own, taking no slot", .offSharedPool)
    func offSharedPoolRunsOffThePool() async {
        let names = await Self.threadNamesAcrossAnAwait()
        #expect(names.before == Self.ownThreadName)
        #expect(names.after == Self.ownThreadName)
    }

    @Test("a synchronous body under `.offSharedPool`", .offSharedPool)
    func synchronousOffSharedPool() {
        #expect(Self.currentThreadName() == Self.ownThreadName)
    }

    @Test("`.ownThreads`: the body, once its slot is granted, runs on threads of its own", .ownThreads)
    func ownThreadsRunsOffThePool() async {
        let names = await Self.threadNamesAcrossAnAwait()
        #expect(names.before == Self.ownThreadName)
        #expect(names.after == Self.ownThreadName)
    }
}

/// `awaitBlocking`: the blocking part of an async wait (a `poll`, a
/// `waitid`) runs on a thread started for it, named `blocking-wait`, not on
/// a Dispatch worker, which is also where Swift runs default-priority tasks.
@Suite("blocking waits off the shared threads")
struct BlockingWaitTests {
    @Test("the work runs on a thread of its own and its value comes back")
    func blockingWorkRunsOnItsOwnThread() async {
        let (name, value) = await awaitBlocking { (OwnThreadsExecutionTests.currentThreadName(), 42) }
        #expect(name == blockingWaitThreadName)
        #expect(value == 42)
    }
}

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

/// Which of a test's `OwnThreadsTrait`s runs it: the larger weight when its
/// suite's and its own differ, except that `.offSharedPool` on the test (a
/// test that mostly waits out timeouts) takes no slot in an `.ownThreads`
/// suite. Asked of the running test itself, with its real traits.
@Suite("the slot a test of an `.ownThreads` suite takes", .ownThreads)
struct OwnThreadsWeightChoiceTests {
    /// The weight of the trait that provides the running test's scope.
    static func chosenWeight() throws -> Int {
        let test = try #require(Test.current)
        let providers = test.traits.compactMap { $0 as? OwnThreadsTrait }
            .filter { $0.scopeProvider(for: test, testCase: Test.Case.current) != nil }
        return try #require(Set(providers.map(\.weight)).first)
    }

    @Test("`.offSharedPool` given to the test: no slot", .offSharedPool)
    func offSharedPoolWins() throws {
        #expect(try Self.chosenWeight() == 0)
    }

    @Test("`.ownThreads(weight: 2)` given to the test: two slots", .ownThreads(weight: 2))
    func theLargerWeightWins() throws {
        #expect(try Self.chosenWeight() == 2)
    }

    @Test("nothing given to the test: the suite's one slot")
    func theSuitesWeight() throws {
        #expect(try Self.chosenWeight() == 1)
    }
}

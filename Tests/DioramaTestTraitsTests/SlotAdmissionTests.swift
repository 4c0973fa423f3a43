import DioramaTestTraits
import Foundation
import Testing

@Suite("admitting tests that run on their own threads")
struct SlotAdmissionTests {
    let byLoad = SlotAdmission.byLoad(cores: 2)

    @Test("within the floor a test starts whatever the load; past it only on idle time, never past the ceiling")
    func floorIdleAndCeiling() {
        #expect(byLoad.floor == 2 && byLoad.ceiling == 6)
        #expect(byLoad.admits(weight: 1, running: 1, idleShare: nil))
        #expect(byLoad.admits(weight: 1, running: 1, idleShare: 0))
        #expect(!byLoad.admits(weight: 1, running: 2, idleShare: nil), "no sample yet: the floor holds")
        #expect(!byLoad.admits(weight: 1, running: 2, idleShare: 0.05), "a busy machine keeps one per core")
        #expect(byLoad.admits(weight: 1, running: 2, idleShare: 0.1), "10 % idle grows it")
        #expect(byLoad.admits(weight: 2, running: 4, idleShare: 0.9))
        #expect(!byLoad.admits(weight: 2, running: 5, idleShare: 1), "the ceiling holds however idle")
    }

    @Test("a test replaces one that ended, past the floor, on the latest sample's idle share, never above what ran before or the ceiling")
    func replacements() {
        let admission = SlotAdmission(floor: 2, ceiling: 6, idleShareToGrow: 0.25)
        // Five ran, one ended: another takes its place on an idle sample…
        #expect(admission.admitsReplacement(weight: 1, running: 4, ranBefore: 5, latestIdleShare: 0.5))
        // …not on a busy one, nor without a fresh sample, nor above what ran.
        #expect(!admission.admitsReplacement(weight: 1, running: 4, ranBefore: 5, latestIdleShare: 0.1))
        #expect(!admission.admitsReplacement(weight: 1, running: 4, ranBefore: 5, latestIdleShare: nil))
        #expect(!admission.admitsReplacement(weight: 2, running: 4, ranBefore: 5, latestIdleShare: 0.9))
        #expect(!admission.admitsReplacement(weight: 1, running: 6, ranBefore: 8, latestIdleShare: 0.9))
        // Within the floor, whatever the sample.
        #expect(admission.admitsReplacement(weight: 1, running: 1, ranBefore: 2, latestIdleShare: nil))
    }

    @Test("a test heavier than the floor runs, alone")
    func heavyTestRunsAlone() {
        let one = SlotAdmission.fixed(1)
        #expect(one.admits(weight: 2, running: 0, idleShare: nil))
        #expect(!one.admits(weight: 1, running: 2, idleShare: 1))
        #expect(!byLoad.admits(weight: 2, running: 1, idleShare: nil))
    }

    @Test("DIORAMA_TEST_THREADS: unset is by load, N a fixed count that never grows, 0 the trait off")
    func environment() {
        #expect(SlotAdmission.fromEnvironment(nil, cores: 2) == byLoad)
        let fixed = SlotAdmission.fromEnvironment("3", cores: 2)
        #expect(fixed == .fixed(3))
        #expect(fixed?.grows == false && byLoad.grows)
        #expect(fixed?.admits(weight: 1, running: 3, idleShare: 1) == false)
        #expect(SlotAdmission.fromEnvironment("0", cores: 2) == nil)
    }

    @Test("the idle share of an interval counts idle and iowait ticks over all ticks; other lines are not the counters")
    func cpuTimes() throws {
        let before = try #require(CPUTimes(procStatLine: "cpu  100 0 50 800 50 0 0 0 0 0"))
        let after = try #require(CPUTimes(procStatLine: "cpu  160 0 70 900 70 0 0 0 0 0"))
        #expect(before.idle == 850 && before.total == 1000)
        #expect(after.idleShare(since: before) == 0.6)
        #expect(before.idleShare(since: before) == nil, "no tick passed")
        #expect(CPUTimes(procStatLine: "cpu0 1 2 3 4 5") == nil)
        #expect(CPUTimes(procStatLine: "cpu  1 x 3 4 5") == nil)
        #expect(CPUTimes.now() != nil, "this machine's /proc/stat reads")
    }

    @Test("a suite that already started goes first, the earliest started first; the rest in the order they asked")
    func queueOrder() {
        var queue = SlotQueue<String>()
        queue.append("new A", weight: 1, suiteRank: nil)
        queue.append("chain 2, next", weight: 2, suiteRank: 2)
        queue.append("new B", weight: 1, suiteRank: nil)
        queue.append("chain 0, next", weight: 1, suiteRank: 0)
        queue.append("later of B's suite", weight: 1, suiteRank: nil)
        queue.suiteStarted(rank: 3) { $0.contains("B") }
        #expect(queue.entries.map(\.waiter) == ["chain 0, next", "chain 2, next", "new B", "later of B's suite", "new A"])
        #expect(queue.removeFirst().waiter == "chain 0, next")
    }

    @Test("long chains' tests go before the others, the longest chain first; among equals and among the rest the same order as without")
    func longChainsFirst() {
        var queue = SlotQueue<String>()
        queue.append("short, started", weight: 1, suiteRank: 0)
        queue.append("short, new", weight: 1, suiteRank: nil)
        queue.append("long, new", weight: 2, suiteRank: nil, longChain: .seconds(20))
        queue.append("long, started later", weight: 1, suiteRank: 3, longChain: .seconds(20))
        queue.append("shorter chain, started first", weight: 1, suiteRank: 0, longChain: .seconds(5))
        queue.append("long, started first", weight: 1, suiteRank: 1, longChain: .seconds(20))
        queue.append("longest, new", weight: 1, suiteRank: nil, longChain: .seconds(30))
        #expect(
            queue.entries.map(\.waiter) == [
                "longest, new", "long, started first", "long, started later", "long, new", "shorter chain, started first",
                "short, started", "short, new",
            ])
    }

    @Test("a test that waits starts when a slot is given back, and the slot log records each test's wait and run")
    func slotsAndLog() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("slot-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("slots.jsonl").path
        let slots = OwnThreadSlots(admission: .fixed(1), log: SlotLog(path: path))
        let first = await slots.acquire(weight: 1, suite: nil)
        let (queued, queuedContinuation) = AsyncStream.makeStream(of: Void.self)
        let second = Task {
            await slots.acquire(weight: 1, suite: nil) { queuedContinuation.yield() }
        }
        for await _ in queued { break }
        let released = Date()
        await slots.release(first, for: "first", weight: 1)
        let secondGrant = await second.value
        #expect(secondGrant.runningAtStart == 0)
        #expect(secondGrant.started >= released && secondGrant.asked < released, "it waited for the slot")
        await slots.release(secondGrant, for: "second", weight: 1)

        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let records = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(records.compactMap { $0["test"] as? String } == ["first", "second"])
        for record in records {
            let asked = try #require(record["asked"] as? Double)
            let started = try #require(record["started"] as? Double)
            let ended = try #require(record["ended"] as? Double)
            #expect(asked <= started && started <= ended, "\(record)")
        }
        #expect(SlotLog(path: "") == nil, "an empty DIORAMA_TEST_SLOT_LOG logs nothing")
    }
}

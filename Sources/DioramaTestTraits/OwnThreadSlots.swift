import Foundation
import Testing

/// How many tests run off the pool at once (``SlotAdmission``): by the
/// machine's idle CPU by default, a fixed count with `DIORAMA_TEST_THREADS`.
/// Without a bound every such test of the process would start at once (Swift
/// Testing starts all tests together), each with its compositor and apps,
/// and on a loaded machine their waits would run out.
///
/// While a test waits past the floor, the slots sample `/proc/stat` every
/// ``sampleInterval`` and admit at most one test per sample: a test's own
/// CPU shows only once it runs, so admitting several on one idle sample
/// would overshoot. The sample is scheduling, not a test's wait: no test
/// waits for it to see an event of its own.
///
/// `DIORAMA_TEST_SLOT_LOG=FILE` appends one JSON line per test case to FILE
/// as it gives its slot back: when it asked, started and ended (seconds
/// since 1970), its weight, the weight running when it started, and the
/// idle share that admitted it — what a test really ran for, which Swift
/// Testing's "passed after" (it counts the wait for a slot) does not say.
package actor OwnThreadSlots {
    /// Nil when `DIORAMA_TEST_THREADS=0`: the tests then run on the shared
    /// pool as if they had no trait (to compare, or to rule the trait out).
    package static let shared: OwnThreadSlots? = {
        let environment = ProcessInfo.processInfo.environment
        return SlotAdmission.fromEnvironment(
            environment["DIORAMA_TEST_THREADS"], cores: ProcessInfo.processInfo.activeProcessorCount
        )
        .map { OwnThreadSlots(admission: $0, log: environment["DIORAMA_TEST_SLOT_LOG"].flatMap { SlotLog(path: $0) }) }
    }()

    /// A quarter of a second: at half a second (until session 31) the
    /// cores were idle 13–14 % of a test run and it took 106.8–107.5 s; at
    /// a quarter, 11–13 % and 99.2–106.4 s (four runs, at 15 % idle to
    /// grow). A test's processes show their CPU within that time, and the
    /// pace of one admission per sample still keeps one idle sample from
    /// admitting many.
    static let sampleInterval: Duration = .milliseconds(250)

    /// What the slot log records of one test case's slot.
    package struct Grant: Sendable {
        package var asked: Date
        package var started: Date
        package var runningAtStart: Int
        /// The idle share that admitted the test past the floor; nil within it.
        package var idleShare: Double?
    }

    private struct Waiter {
        var suite: Test.ID?
        var asked: Date
        var continuation: CheckedContinuation<Grant, Never>
    }

    private let admission: SlotAdmission
    private let log: SlotLog?
    private var running = 0
    private var queue = SlotQueue<Waiter>()
    /// The order in which suites first got a slot (``SlotQueue``).
    private var suiteRanks: [Test.ID: Int] = [:]
    private var sampler: Task<Void, Never>?
    private var lastCPUTimes: CPUTimes?
    /// The idle share of the latest sample and when it was taken: what lets
    /// a waiter replace a test that ended past the floor
    /// (``SlotAdmission/admitsReplacement(weight:running:ranBefore:latestIdleShare:)``).
    private var latestSample: (idleShare: Double, at: ContinuousClock.Instant)?

    package init(admission: SlotAdmission, log: SlotLog?) {
        self.admission = admission
        self.log = log
    }

    /// Returns once `weight` may run (waiting without holding a thread) and
    /// takes it; the test runs until ``release(_:for:weight:)``. `whenQueued`
    /// runs if the test has to wait, once it is in the queue.
    package func acquire(
        weight: Int, suite: Test.ID?, longChain: Duration = .zero, whenQueued: @Sendable () -> Void = {}
    ) async -> Grant {
        let asked = Date()
        if queue.isEmpty, admission.admits(weight: weight, running: running, idleShare: nil) {
            return start(weight: weight, suite: suite, asked: asked, idleShare: nil)
        }
        return await withCheckedContinuation { continuation in
            queue.append(
                Waiter(suite: suite, asked: asked, continuation: continuation), weight: weight,
                suiteRank: suite.flatMap { suiteRanks[$0] }, longChain: longChain)
            startSamplingIfNeeded()
            whenQueued()
        }
    }

    /// Gives `weight` back and lets the waiters that now fit start.
    package func release(_ grant: Grant, for testCase: String, weight: Int) {
        let ranBefore = running
        running -= weight
        log?.record(testCase: testCase, weight: weight, grant: grant, ended: Date())
        admitReplacements(ranBefore: ranBefore)
    }

    /// Starts the waiters at the head of the queue that fit in what the
    /// ended test leaves (``SlotAdmission/admitsReplacement(weight:running:ranBefore:latestIdleShare:)``),
    /// judged on the latest sample while it is fresh (two sample intervals).
    private func admitReplacements(ranBefore: Int) {
        let fresh = latestSample.flatMap { ContinuousClock.now - $0.at <= Self.sampleInterval * 2 ? $0.idleShare : nil }
        while let head = queue.first,
            admission.admitsReplacement(weight: head.weight, running: running, ranBefore: ranBefore, latestIdleShare: fresh)
        {
            startHead(admittedOn: fresh)
        }
    }

    private func start(weight: Int, suite: Test.ID?, asked: Date, idleShare: Double?) -> Grant {
        let grant = Grant(asked: asked, started: Date(), runningAtStart: running, idleShare: idleShare)
        running += weight
        if let suite, suiteRanks[suite] == nil {
            let rank = suiteRanks.count
            suiteRanks[suite] = rank
            queue.suiteStarted(rank: rank) { $0.suite == suite }
        }
        return grant
    }

    /// Starts the waiters at the head of the queue that fit: within the
    /// floor any number; past it, one, and only on a fresh idle sample.
    private func admitWaiters(idleShare: Double?) {
        var sample = idleShare
        while let head = queue.first, admission.admits(weight: head.weight, running: running, idleShare: sample) {
            if startHead(admittedOn: sample) { sample = nil }
        }
    }

    /// Takes the queue's head out and starts it; `idleShare`, the sample it
    /// was admitted on, goes into the slot log when that was past the floor.
    /// Returns whether it was.
    @discardableResult
    private func startHead(admittedOn idleShare: Double?) -> Bool {
        let entry = queue.removeFirst()
        let pastFloor = !admission.admits(weight: entry.weight, running: running, idleShare: nil)
        let grant = start(
            weight: entry.weight, suite: entry.waiter.suite, asked: entry.waiter.asked, idleShare: pastFloor ? idleShare : nil)
        entry.waiter.continuation.resume(returning: grant)
        return pastFloor
    }

    /// While tests wait and the admission can grow, samples the machine's
    /// idle time every ``sampleInterval`` and admits by it; stops when no
    /// test waits.
    private func startSamplingIfNeeded() {
        guard admission.grows, sampler == nil else { return }
        lastCPUTimes = CPUTimes.now()
        // On threads of its own, like the tests it admits: the shared pool
        // may be busy for seconds with tests that compute.
        sampler = Task(executorPreference: ThreadPerJobExecutor.shared) { [weak self] in
            repeat {
                try? await Task.sleep(for: OwnThreadSlots.sampleInterval)
            } while await self?.sampleAndAdmit() == true
        }
    }

    /// One sample: admits by it, and says whether to keep sampling.
    private func sampleAndAdmit() -> Bool {
        guard !queue.isEmpty else {
            sampler = nil
            return false
        }
        let now = CPUTimes.now()
        if let now, let earlier = lastCPUTimes, let idleShare = now.idleShare(since: earlier) {
            latestSample = (idleShare, ContinuousClock.now)
            admitWaiters(idleShare: idleShare)
        }
        lastCPUTimes = now
        return true
    }
}

/// The file `DIORAMA_TEST_SLOT_LOG` names, written one line per test case
/// (appended whole, so several test processes may share it).
package struct SlotLog: Sendable {
    let path: String

    package init?(path: String) {
        guard !path.isEmpty else { return nil }
        self.path = path
    }

    func record(testCase: String, weight: Int, grant: OwnThreadSlots.Grant, ended: Date) {
        var fields: [String: Any] = [
            "test": testCase, "weight": weight, "runningAtStart": grant.runningAtStart,
            "asked": grant.asked.timeIntervalSince1970, "started": grant.started.timeIntervalSince1970,
            "ended": ended.timeIntervalSince1970,
        ]
        fields["idleShare"] = grant.idleShare
        guard var line = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]) else { return }
        line.append(UInt8(ascii: "\n"))
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            FileHandle.standardError.write(Data("DIORAMA_TEST_SLOT_LOG: cannot open \(path) (errno \(errno)); no slot log\n".utf8))
            return
        }
        defer { close(descriptor) }
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}

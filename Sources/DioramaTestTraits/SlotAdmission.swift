import Foundation

/// When a test under ``OwnThreadsTrait`` may start: the policy alone, with no
/// clock and no `/proc`, so that its tests can give it any machine state.
///
/// A test of weight `w` starts when nothing runs (a test heavier than the
/// floor still runs, alone), or when the weight already running plus `w`
/// stays within the floor, or — up to the ceiling — when the machine's CPU
/// was idle for at least `idleShareToGrow` of its time over the last sample
/// (GNU make's `-l` idea, with idle time instead of the load average, which
/// lags by a minute). Most of these tests spend their time waiting for a
/// compositor, an app or a timer, so a count fixed at one per core left the
/// cores idle while dozens of tests queued; past the floor only idle
/// capacity admits more, so a loaded machine (where three real-compositor
/// tests once failed at twice the cores) keeps one per core.
package struct SlotAdmission: Sendable, Equatable {
    /// The weight that always runs: one per core by default.
    package var floor: Int
    /// The most weight that ever runs at once.
    package var ceiling: Int
    /// The share of the machine's CPU time that must have been idle over the
    /// last sample for a test to start past the floor.
    package var idleShareToGrow: Double

    package init(floor: Int, ceiling: Int, idleShareToGrow: Double) {
        self.floor = floor
        self.ceiling = max(floor, ceiling)
        self.idleShareToGrow = idleShareToGrow
    }

    /// A fixed count (`DIORAMA_TEST_THREADS=N`): N at once, whatever the load.
    package static func fixed(_ count: Int) -> Self {
        Self(floor: count, ceiling: count, idleShareToGrow: 1)
    }

    /// The default on a machine of `cores` cores: one per core always, up to
    /// three per core while at least 10 % of the CPU time is idle (0.2 of a
    /// core on CI's two). At a quarter (the threshold until session 27) the
    /// cores were 81 % busy over a test run while short tests queued, and
    /// 87 % at 15 %; two runs each took 100.5 and 106.0 s, then 98.6 and 98.8 s.
    /// With samples every 0.25 s (session 31), 15 % left the cores 11–13 %
    /// idle and runs took 99.2–106.4 s; 10 % left them 8–10.5 % idle and six
    /// runs took 94.4–102.0 s. (At 0.5 s samples, 10 % had not shown a gain:
    /// 108.7 and 103.9 s.)
    package static func byLoad(cores: Int) -> Self {
        Self(floor: cores, ceiling: 3 * cores, idleShareToGrow: 0.10)
    }

    /// Whether the admission can ever go past the floor (then the slots
    /// sample the machine's idle time while tests wait).
    package var grows: Bool { ceiling > floor }

    /// Whether a test of `weight` may start while `running` weight runs;
    /// `idleShare` is the machine's idle share over the last sample, nil
    /// before the first one.
    package func admits(weight: Int, running: Int, idleShare: Double?) -> Bool {
        if running == 0 || running + weight <= floor { return true }
        guard running + weight <= ceiling, let idleShare else { return false }
        return idleShare >= idleShareToGrow
    }

    /// Whether a test of `weight` may take the place of a test that just
    /// ended, without waiting for a new sample: within the floor, as always;
    /// past it, while the weight running stays within what ran before the
    /// end (`ranBefore`) and the latest sample still showed enough idle
    /// time. A replacement does not add to what runs, so the one-test-per-
    /// sample pace of growing (which keeps one idle sample from admitting
    /// many) does not apply: at that pace the last minute of a run, dozens
    /// of tests of a fraction of a second each, started two a second.
    package func admitsReplacement(weight: Int, running: Int, ranBefore: Int, latestIdleShare: Double?) -> Bool {
        if admits(weight: weight, running: running, idleShare: nil) { return true }
        guard running + weight <= min(ranBefore, ceiling), let latestIdleShare else { return false }
        return latestIdleShare >= idleShareToGrow
    }

    /// The admission `DIORAMA_TEST_THREADS` asks for: nil when it is 0 (the
    /// trait is off), a fixed count for a positive number, by load when it is
    /// unset (or not a number).
    package static func fromEnvironment(_ value: String?, cores: Int) -> Self? {
        guard let count = value.flatMap({ Int($0) }) else { return byLoad(cores: cores) }
        return count > 0 ? fixed(count) : nil
    }
}

/// The machine's CPU time counters from the first line of `/proc/stat`
/// (in clock ticks since boot), to tell how much of an interval was idle.
package struct CPUTimes: Sendable, Equatable {
    package var idle: UInt64
    package var total: UInt64

    /// Parses the aggregate `cpu` line; nil for anything else.
    package init?(procStatLine line: Substring) {
        let fields = line.split(separator: " ")
        guard fields.first == "cpu", fields.count >= 5 else { return nil }
        let ticks = fields.dropFirst().compactMap { UInt64($0) }
        guard ticks.count == fields.count - 1 else { return nil }
        // user nice system idle iowait irq softirq steal (guest time is already in user).
        idle = ticks[3] + (ticks.count > 4 ? ticks[4] : 0)
        total = ticks.prefix(8).reduce(0, +)
    }

    /// The machine's counters now; nil where `/proc/stat` cannot be read.
    package static func now() -> CPUTimes? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = text.split(separator: "\n").first
        else { return nil }
        return CPUTimes(procStatLine: line)
    }

    /// The idle share of the time between `earlier` and these counters; nil
    /// when no tick passed.
    package func idleShare(since earlier: CPUTimes) -> Double? {
        guard total > earlier.total, idle >= earlier.idle else { return nil }
        return Double(idle - earlier.idle) / Double(total - earlier.total)
    }
}

/// The tests waiting for a slot, in the order they get one: the tests of
/// long chains before the others, the longest chain first; then, among
/// tests of chains of the same length (and among the other tests), a test
/// of a suite that already started goes first (a serialized suite's next
/// test asks only when the previous one ends, and would otherwise queue
/// behind every test that asked meanwhile: the long chains ended last), the
/// suite that started earliest first; among the rest, the first to ask.
package struct SlotQueue<Waiter> {
    package struct Entry {
        package var waiter: Waiter
        package var weight: Int
        /// The order in which the waiter's suite first got a slot; nil if it
        /// has not yet.
        package var suiteRank: Int?
        /// How long the waiter's chain runs (``OwnThreadsTrait/longChain``);
        /// zero for a test of no long chain.
        package var longChain: Duration
        package var arrival: Int
    }

    private(set) package var entries: [Entry] = []
    private var arrivals = 0

    package init() {}

    package var isEmpty: Bool { entries.isEmpty }
    package var first: Entry? { entries.first }

    package mutating func append(_ waiter: Waiter, weight: Int, suiteRank: Int?, longChain: Duration = .zero) {
        let entry = Entry(waiter: waiter, weight: weight, suiteRank: suiteRank, longChain: longChain, arrival: arrivals)
        arrivals += 1
        let index = entries.firstIndex { Self.precedes(entry, $0) } ?? entries.endIndex
        entries.insert(entry, at: index)
    }

    package mutating func removeFirst() -> Entry {
        entries.removeFirst()
    }

    /// Gives the waiters of a suite that just started its rank (they then
    /// go before the waiters of suites that have not), keeping the order.
    package mutating func suiteStarted(rank: Int, where isOfSuite: (Waiter) -> Bool) {
        for index in entries.indices where entries[index].suiteRank == nil && isOfSuite(entries[index].waiter) {
            entries[index].suiteRank = rank
        }
        entries.sort { Self.precedes($0, $1) }
    }

    /// Long chains first, the longest first: the run ends no sooner than
    /// its longest chain of tests that run one after another, so those start
    /// before the tests that could fill the slots around them, as a
    /// scheduler of jobs of known length does (when every chain merely went
    /// before the rest, a 30 s chain waited 24 s behind chains of tests that
    /// had become short, and ended last). Then, within chains of one length
    /// and among the rest, suites under way in the order they started, then
    /// the rest in the order they asked.
    private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        if a.longChain != b.longChain { return a.longChain > b.longChain }
        switch (a.suiteRank, b.suiteRank) {
        case (let x?, let y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: return a.arrival < b.arrival
        }
    }
}

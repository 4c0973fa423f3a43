import DioramaPOSIX
import Glibc

/// Where the simulator's time comes from: frame-callback timestamps,
/// presentation feedback and trace timestamps all read it.
///
/// Two clocks exist. ``MonotonicClock`` (the default) is `CLOCK_MONOTONIC`
/// and advances by itself; the simulator then delivers frame callbacks from an
/// event-loop timer at each display's refresh rate. ``ManualClock`` only moves
/// when a test says so; frame callbacks then fire only on
/// ``Simulator/deliverFrame()`` or when ``ManualClock/advance(by:)`` crosses a
/// display's vertical blank, so a test sees the same events in the same order
/// on every run.
public protocol SimulatorClock: AnyObject {
    /// Monotonic time in nanoseconds.
    var nanoseconds: UInt64 { get }
    /// True when time passes without anyone calling the clock (a real clock):
    /// the simulator arms a timer for the next vertical blank.
    var advancesByItself: Bool { get }
    /// Registers code to run after time was moved by hand; only a manual clock
    /// calls it. The simulator uses it to deliver frames that became due.
    func observeAdvances(_ observer: @escaping () -> Void)
}

/// `CLOCK_MONOTONIC`, the clock `wp_presentation.clock_id` announces.
public final class MonotonicClock: SimulatorClock {
    /// The system's monotonic clock.
    public init() {}

    public var nanoseconds: UInt64 { MonotonicTime.nanoseconds() }

    public var advancesByItself: Bool { true }

    /// A real clock is never moved by hand, so there is nothing to observe.
    public func observeAdvances(_ observer: @escaping () -> Void) {}
}

/// A clock that stands still until ``advance(by:)``: deterministic time for tests.
///
/// It starts at one second (not zero, so a timestamp of 0 in a trace always
/// means "never").
public final class ManualClock: SimulatorClock {
    public private(set) var nanoseconds: UInt64
    private var observers: [() -> Void] = []

    /// A clock standing at `nanoseconds` (one second unless given).
    public init(startingAt nanoseconds: UInt64 = 1_000_000_000) {
        self.nanoseconds = nanoseconds
    }

    public var advancesByItself: Bool { false }

    public func observeAdvances(_ observer: @escaping () -> Void) {
        observers.append(observer)
    }

    /// Moves time forward; every simulator using this clock then delivers the
    /// frame callbacks whose display reached a vertical blank in the meantime.
    public func advance(by duration: Duration) {
        let (seconds, attoseconds) = duration.components
        precondition(seconds >= 0 && attoseconds >= 0, "a clock cannot go backwards")
        nanoseconds += UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
        for observer in observers { observer() }
    }
}

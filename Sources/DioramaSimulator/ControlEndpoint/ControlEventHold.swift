import DioramaPOSIX

/// Keeps the Wayland events of control requests that follow each other at
/// once queued, so that each client gets them in one message instead of one
/// per request.
///
/// Why: a script that sends its next request as soon as the last one is
/// answered (a drag made of pointer moves, a window moved back and forth)
/// would wake every client it affects once per request. Where a wake-up
/// crosses CPUs it costs the client tens of microseconds before it has read
/// anything, and the simulator the `sendmsg` that causes it; with TimerApp
/// attached, that halved the requests a connection gets answered per second
/// (Docs/performance.md, "Session 38"). A compositor that is not driven by
/// a script flushes once per turn of its event loop, before it sleeps; this
/// is the same rule for a connection that keeps the simulator busy.
///
/// The events of a control request that completes at once (a move, a
/// rescale, input) stay queued after its answer. They go out:
/// - when the connection finds no next request and is about to sleep
///   (``ControlConnection`` asks, after its short spin for the next line);
/// - when anything else flushes: a client's request, a `wait`, a
///   screenshot, the event loop going to sleep;
/// - at once while anyone waits (a `wait` request, a followed trace): a
///   waiter answered finds every event out, as before;
/// - at the latest ``longest`` after the first event held, however fast the
///   requests keep coming;
/// - earlier for a client whose libwayland buffer (4 KiB) fills, which
///   libwayland flushes on its own.
///
/// Touched only under the simulator's loop lock.
struct ControlEventHold {
    /// The longest a queued event waits for the requests after it: a
    /// quarter of a 60 Hz frame. A client still gets a flood's events in
    /// time to show them in the frame they belong to, about 250 messages
    /// a second instead of one per request.
    static let longest: UInt64 = 4_000_000

    /// When the oldest event still held was queued
    /// (``MonotonicTime/nanoseconds()``); nil when nothing is held.
    private var heldSince: UInt64?
    /// Set by the control connection for the turn that carries out its
    /// requests (``holdThisTurn()``); every turn ends by clearing it.
    private var thisTurnMayHold = false

    var isHolding: Bool { heldSince != nil }

    /// Called by a control connection's job: the events this turn queues
    /// may stay queued when the turn ends.
    mutating func holdThisTurn() {
        thisTurnMayHold = true
    }

    /// At the end of a turn of work: whether its queued events stay queued
    /// (false: flush them now, with any held before).
    ///
    /// - Parameters:
    ///   - now: ``MonotonicTime/nanoseconds()``, read only for a turn that
    ///     may hold (every turn of the simulator ends here).
    ///   - someoneWaits: whether a waiter is registered.
    mutating func keepsEventsAtEndOfTurn(now: @autoclosure () -> UInt64, someoneWaits: Bool) -> Bool {
        defer { thisTurnMayHold = false }
        guard thisTurnMayHold, !someoneWaits else {
            heldSince = nil
            return false
        }
        let now = now()
        guard let since = heldSince else {
            heldSince = now
            return true
        }
        guard now &- since < Self.longest else {
            heldSince = nil
            return false
        }
        return true
    }

    /// The held events were flushed (the connection is about to sleep).
    mutating func released() {
        heldSince = nil
    }
}

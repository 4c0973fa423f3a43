/// Conditions someone waits for (a window settled, a trace record, a client
/// that read its events or answered a ping), checked on the simulator's
/// thread only when something happened that could have made one true: a
/// trace record (a commit, an ack, a configure, a connection …), a
/// `wl_output` bind, a pong, a backlogged client's socket draining. Never on
/// a timer: a wait costs nothing while nothing happens.
///
/// The simulator notes such events with ``noteEvent()`` and checks the
/// waiters at the end of each dispatch, once every event of the dispatch
/// has been handled and sent, so a check never sees a half-applied request.
final class SimulatorWaiters {
    /// One waiter: `check` returns true when it is done (it completes its
    /// own caller), `cancel` runs instead when the simulator shuts down.
    private struct Waiter {
        var check: (Simulator) -> Bool
        var cancel: () -> Void
    }
    private var waiters: [UInt64: Waiter] = [:]
    private var nextID: UInt64 = 1
    /// Something happened since the last check.
    private var hasNews = false

    /// Checks `check` now and then after every event until it returns true.
    func add(_ simulator: Simulator, check: @escaping (Simulator) -> Bool, cancel: @escaping () -> Void) {
        guard !check(simulator) else { return }
        waiters[nextID] = Waiter(check: check, cancel: cancel)
        nextID += 1
    }

    /// How many waiters wait (tests watch a wait being registered).
    var count: Int { waiters.count }

    /// Something happened that may complete a waiter.
    func noteEvent() { hasNews = true }

    /// Checks every waiter when something happened since the last time;
    /// the ones done are dropped. A check may add waiters (they are checked
    /// on their own when added).
    func checkIfNews(_ simulator: Simulator) {
        guard hasNews, !waiters.isEmpty else {
            hasNews = false
            return
        }
        hasNews = false
        for (id, waiter) in waiters.sorted(by: { $0.key < $1.key }) where waiter.check(simulator) {
            waiters.removeValue(forKey: id)
        }
    }

    /// The simulator shuts down: every waiter is cancelled.
    func cancelAll() {
        let pending = waiters.values
        waiters.removeAll()
        for waiter in pending { waiter.cancel() }
    }
}

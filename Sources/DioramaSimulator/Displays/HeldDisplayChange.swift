import CWaylandServer
import DioramaModel

/// The part of a display change the simulator has not sent yet, under the
/// variations that hold it back: `delayed-change-events` (a change's
/// surface events and configures, sent a while after its output events)
/// and `coalesced-changes` (a whole change, sent with the next one).
///
/// The event loop's timer sends it when its time is up; ``release()``
/// sends it at once, which every other display change does first, so the
/// events of two changes never interleave. Nothing sleeps: the simulator
/// goes on serving clients while a change is held.
final class HeldDisplayChange {
    /// Display changes whose events are held together (`coalesced-changes`):
    /// each changed display with the state clients were last told, and the
    /// windows whose size or bounds depend on them.
    struct Coalesced {
        var states: [(display: Display, previous: DisplayConfiguration)] = []
        var reconfigure: [Window] = []

        /// Adds a change: a display already held keeps the state clients
        /// were told before the first change, so one batch covers both.
        mutating func add(_ changed: [(display: Display, previous: DisplayConfiguration)], reconfigure windows: [Window]) {
            for entry in changed where !states.contains(where: { $0.display === entry.display }) {
                states.append(entry)
            }
            for window in windows where !reconfigure.contains(where: { $0 === window }) {
                reconfigure.append(window)
            }
        }
    }

    private let eventLoop: OpaquePointer
    private var timer: OpaquePointer?
    /// What sends the held events; nil when nothing is held.
    private var send: (() -> Void)?
    /// Set while the held events are coalesced changes.
    private(set) var coalesced: Coalesced?

    init(eventLoop: OpaquePointer) {
        self.eventLoop = eventLoop
    }

    /// Holds `send` for `delay`, then the timer runs it (unless
    /// ``release()`` or ``takeCoalesced()`` came first). Whatever was held
    /// before is sent first.
    func hold(for delay: Duration, coalescing: Coalesced? = nil, _ send: @escaping () -> Void) {
        release()
        self.send = send
        coalesced = coalescing
        armTimer(delay)
    }

    /// Sends what is held now, if anything.
    func release() {
        guard let send else { return }
        self.send = nil
        coalesced = nil
        disarmTimer()
        send()
    }

    /// The held coalesced changes, to be sent with the next one (nothing is
    /// sent for them now); other held events are sent first and nil returned.
    func takeCoalesced() -> Coalesced? {
        guard let held = coalesced else {
            release()
            return nil
        }
        send = nil
        coalesced = nil
        disarmTimer()
        return held
    }

    /// Drops what is held and the timer; run when the simulator shuts down.
    func tearDown() {
        send = nil
        coalesced = nil
        if let timer { wl_event_source_remove(timer) }
        timer = nil
    }

    /// Fires when the held time is up, on the event loop's thread.
    private func timeIsUp() {
        release()
    }

    private func armTimer(_ delay: Duration) {
        if timer == nil {
            timer = wl_event_loop_add_timer(
                eventLoop,
                { data in
                    guard let data else { return 0 }
                    Unmanaged<HeldDisplayChange>.fromOpaque(data).takeUnretainedValue().timeIsUp()
                    return 0
                }, Unmanaged.passUnretained(self).toOpaque())
        }
        guard let timer else { return }
        let (seconds, attoseconds) = delay.components
        let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        wl_event_source_timer_update(timer, max(1, milliseconds))
    }

    /// A timer set to 0 does not fire.
    private func disarmTimer() {
        if let timer { wl_event_source_timer_update(timer, 0) }
    }
}

import CWaylandServer
import WaylandServer

/// When committed frames are "shown": the moment frame callbacks get `done`
/// and presentation feedback gets `presented`.
///
/// A commit's callbacks wait for the next vertical blank of the surface's
/// display (the window's home display, or the default display for a surface
/// that is not a window's): the first multiple of the display's refresh
/// period after the commit. With a clock that runs by itself a timer fires
/// then; with a ``ManualClock`` nothing fires until the test advances the
/// clock past a blank or calls ``Simulator/deliverFrame()``.
///
/// A second commit before the blank adds its callbacks to the waiting ones
/// (they all fire together) and discards the earlier commit's presentation
/// feedback, because that frame was never shown. Callbacks of a minimized
/// window wait until it is restored.
///
/// With no display plugged nothing is shown, so nothing is paced: every
/// frame waits (as sway stops frame callbacks for surfaces on no output,
/// rather than inventing a 60 Hz clock). When a display is plugged again the
/// waiting frames are shown at its first vertical blank after the plug.
final class FrameScheduler {
    private struct Waiting {
        let surface: Surface
        var callbacks: [WlCallback]
        var feedbacks: [WpPresentationFeedback]
        var committedAt: UInt64
    }

    private let clock: any SimulatorClock
    private let trace: Trace
    /// Where each surface's display is looked up.
    private let arrangement: DisplayArrangement
    private let eventLoop: OpaquePointer
    /// Surfaces with frames waiting, in commit order.
    private var waiting: [Waiting] = []
    private var timer: OpaquePointer?

    init(clock: any SimulatorClock, trace: Trace, arrangement: DisplayArrangement, eventLoop: OpaquePointer) {
        self.clock = clock
        self.trace = trace
        self.arrangement = arrangement
        self.eventLoop = eventLoop
    }

    func surfaceCommitted(_ surface: Surface, callbacks: [WlCallback], feedbacks: [WpPresentationFeedback]) {
        guard !callbacks.isEmpty || !feedbacks.isEmpty else { return }
        let now = clock.nanoseconds
        if let index = waiting.firstIndex(where: { $0.surface === surface }) {
            discard(waiting[index].feedbacks, of: surface)
            waiting[index].callbacks += callbacks
            waiting[index].feedbacks = feedbacks
            waiting[index].committedAt = now
        } else {
            waiting.append(Waiting(surface: surface, callbacks: callbacks, feedbacks: feedbacks, committedAt: now))
        }
        armTimer()
    }

    /// The surface is gone: its callbacks die with it, its feedback is discarded.
    func surfaceDestroyed(_ surface: Surface) {
        discard(surface.pendingFeedbacks, of: surface)
        surface.pendingFeedbacks = []
        guard let index = waiting.firstIndex(where: { $0.surface === surface }) else { return }
        discard(waiting[index].feedbacks, of: surface)
        waiting.remove(at: index)
    }

    /// Delivers every waiting frame whose display passed a vertical blank
    /// since the commit.
    func deliverDueFrames() {
        deliver { entry, display, now in
            let period = display.configuration.mode.refreshPeriodNanoseconds
            return now / period > entry.committedAt / period
        }
        armTimer()
    }

    /// Delivers every waiting frame now (``Simulator/deliverFrame()``).
    func deliverAll() {
        deliver { _, _, _ in true }
    }

    private func deliver(when isDue: (Waiting, Display, UInt64) -> Bool) {
        let now = clock.nanoseconds
        var remaining: [Waiting] = []
        let current = waiting
        waiting = []
        for entry in current {
            guard let display = self.display(of: entry.surface),
                entry.surface.window?.isMinimized != true, isDue(entry, display, now)
            else {
                remaining.append(entry)
                continue
            }
            present(entry, on: display, at: now)
        }
        // Commits made while delivering (a client cannot, but a script can) stay queued.
        waiting = remaining + waiting
    }

    private func present(_ entry: Waiting, on display: Display, at now: UInt64) {
        let surface = entry.surface
        let milliseconds = UInt32(truncatingIfNeeded: now / 1_000_000)
        var anyDone = false
        for callback in entry.callbacks where callback.isAlive {
            callback.sendDone(callbackData: milliseconds)
            callback.destroy()
            anyDone = true
        }
        if anyDone {
            trace.record(.frameDone(surface: surface.id, window: surface.window?.id, timeMilliseconds: milliseconds))
        }
        // The frame is shown: buffers it replaced are free now, after `done`.
        for buffer in surface.buffersReleasedAfterFrame { buffer.release() }
        surface.buffersReleasedAfterFrame = []
        let period = display.configuration.mode.refreshPeriodNanoseconds
        let sequence = now / period
        var anyPresented = false
        for feedback in entry.feedbacks where feedback.isAlive {
            for output in display.outputs(of: feedback.client) { feedback.sendSyncOutput(output: output) }
            let seconds = now / 1_000_000_000
            feedback.sendPresented(
                tvSecHi: UInt32(truncatingIfNeeded: seconds >> 32), tvSecLo: UInt32(truncatingIfNeeded: seconds),
                tvNsec: UInt32(now % 1_000_000_000), refresh: UInt32(clamping: period),
                seqHi: UInt32(truncatingIfNeeded: sequence >> 32), seqLo: UInt32(truncatingIfNeeded: sequence),
                flags: [.vsync])
            feedback.destroy()
            anyPresented = true
        }
        if anyPresented {
            trace.record(.presented(surface: surface.id, window: surface.window?.id, display: display.name, nanoseconds: now))
        }
    }

    private func discard(_ feedbacks: [WpPresentationFeedback], of surface: Surface) {
        var any = false
        for feedback in feedbacks where feedback.isAlive {
            feedback.sendDiscarded()
            feedback.destroy()
            any = true
        }
        if any { trace.record(.presentationDiscarded(surface: surface.id, window: surface.window?.id)) }
    }

    /// Displays are plugged again after none was: frames that waited are
    /// due at the first vertical blank from now, not at once.
    func displaysReturned() {
        let now = clock.nanoseconds
        for index in waiting.indices { waiting[index].committedAt = now }
        armTimer()
    }

    /// The display whose refresh paces the surface: its window's home display
    /// (a popup's or subsurface's window included), else the default display;
    /// nil when no display is plugged.
    private func display(of surface: Surface) -> Display? {
        if let window = surface.window, let home = arrangement.display(named: window.homeDisplayName) { return home }
        return arrangement.defaultDisplay
    }

    // MARK: Real-time timer

    /// With a clock that runs by itself, wakes the event loop at the earliest
    /// vertical blank a waiting frame needs.
    private func armTimer() {
        guard clock.advancesByItself, !waiting.isEmpty else { return }
        if timer == nil {
            timer = wl_event_loop_add_timer(
                eventLoop,
                { data in
                    guard let data else { return 0 }
                    Unmanaged<FrameScheduler>.fromOpaque(data).takeUnretainedValue().deliverDueFrames()
                    return 0
                }, Unmanaged.passUnretained(self).toOpaque())
        }
        let now = clock.nanoseconds
        var earliest = UInt64.max
        for entry in waiting where entry.surface.window?.isMinimized != true {
            guard let display = display(of: entry.surface) else { continue }
            let period = display.configuration.mode.refreshPeriodNanoseconds
            earliest = min(earliest, (entry.committedAt / period + 1) * period)
        }
        guard earliest != .max, let timer else { return }
        let milliseconds = earliest > now ? Int32(clamping: (earliest - now + 999_999) / 1_000_000) : 1
        wl_event_source_timer_update(timer, max(1, milliseconds))
    }

    func tearDown() {
        if let timer { wl_event_source_remove(timer) }
        timer = nil
        waiting.removeAll()
    }
}

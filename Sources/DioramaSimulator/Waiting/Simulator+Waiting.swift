import WaylandServer

// What waiters (``SimulatorWaiters``, ``RemoteControl/wait(for:timeout:)``)
// are woken by, and the facts they wait on that the trace does not hold: when
// a client was last sent events, and whether it answered a ping.

extension Simulator {
    /// Runs `check` now and again after every event that could change what
    /// it looks at (a trace record, a bind, a pong, a client's socket
    /// draining), until it returns true. For code on the simulator's thread
    /// (a ``RemoteControl`` job) that wakes another thread its own way;
    /// dropped silently when the simulator shuts down.
    public func addWaiter(_ check: @escaping (Simulator) -> Bool) {
        waiters.add(self, check: check, cancel: {})
    }

    /// Something outside the simulator that a waiter looks at happened (a
    /// client process exited): the waiters are checked after this dispatch.
    public func wakeWaiters() {
        waiters.noteEvent()
    }

    /// How many waits are registered and not answered yet.
    package var pendingWaiterCount: Int { waiters.count }

    /// Fires for every trace record: it may complete a waiter, and an event
    /// sent to a client dates that client's next flush.
    func traced(_ record: TraceRecord) {
        waiters.noteEvent()
        guard record.event.isSentToClient else { return }
        switch record.event {
        case .displayAdded, .displayChanged, .displayRemoved:
            for client in clientRegistry.all { client.hasUnflushedEvents = true }
        default:
            guard let id = trace.owningClient(of: record.event) else { return }
            for client in clientRegistry.all where client.id == id { client.hasUnflushedEvents = true }
        }
    }

    /// Runs right after the events were flushed to the clients; `sent` is
    /// the clock's time taken just before that write, and goes to each
    /// client that was sent something since the last flush.
    ///
    /// Why before: a client on the other core reads what it is sent and
    /// finds its socket empty again within microseconds, before this thread
    /// has returned from writing to every client. Its `idle` record then
    /// vouched for a time earlier than one taken after the write, and a
    /// scenario settling on it waited for its next wake-up (0.85 s of
    /// TimerApp's tick, in one demo tour of three). Every event queued
    /// before the write was queued before `sent` too, so an `idle` found
    /// empty after `sent` covers them.
    func noteEventsFlushed(sentAfter sent: UInt64) {
        for client in clientRegistry.all where client.hasUnflushedEvents {
            client.hasUnflushedEvents = false
            client.eventsFlushedNanoseconds = sent
        }
    }

    /// When (the simulator clock's nanoseconds, `CLOCK_MONOTONIC` unless a
    /// manual clock runs it) events were last flushed to the client of
    /// window `id` that tell it something new: configures, enters and
    /// leaves, scales, input, display changes (not frame callbacks or
    /// presentation feedback, see ``TraceEvent/isSentToClient``). Nil when it was never sent any, or the
    /// window or its client is gone. A client that reports itself idle
    /// later than this (the runtime trace's `idle` record) has handled them.
    public func eventsFlushedNanoseconds(toClientOfWindow id: UInt32) -> UInt64? {
        guard let window = windows.first(where: { $0.id == id }) else { return nil }
        return clientRegistry.all.first { $0.id == window.clientID }?.eventsFlushedNanoseconds
    }

    /// Sends `xdg_wm_base.ping` to the client of window `id`: its `pong`
    /// comes after it handled every event sent before, a round trip the
    /// compositor starts. Returns the serial to wait for with
    /// ``hasAnsweredPing(_:window:)``; nil when the client bound no
    /// `xdg_wm_base` or the window is gone.
    public func ping(window id: UInt32) -> UInt32? {
        guard let window = windows.first(where: { $0.id == id }),
            let client = clientRegistry.all.first(where: { $0.id == window.clientID }),
            let wmBase = client.wmBases.last
        else { return nil }
        let serial = nextSerial()
        wmBase.sendPing(serial: serial)
        return serial
    }

    /// Whether the client of window `id` answered the ping `serial` (or a
    /// later one); nil once the window or its client is gone.
    public func hasAnsweredPing(_ serial: UInt32, window id: UInt32) -> Bool? {
        guard let window = windows.first(where: { $0.id == id }),
            let client = clientRegistry.all.first(where: { $0.id == window.clientID })
        else { return nil }
        guard let answered = client.lastPongSerial else { return false }
        return answered &- serial < UInt32.max / 2
    }
}

extension TraceEvent {
    /// Whether the record is of an event the simulator sends a client that
    /// tells it something new (a configure, an enter, a scale, input, a
    /// display change), as opposed to a request it received, a fact of its
    /// own, or frame pacing: frame callbacks and presentation feedback come
    /// every frame to an app that draws every frame (GameScene), and waiting
    /// for such an app to be idle after each one would rarely succeed.
    var isSentToClient: Bool {
        switch self {
        case .displayAdded, .displayChanged, .displayRemoved, .focus, .closeSent, .configureSent, .popupDone, .enter, .leave,
            .preferredScale, .preferredBufferScale, .keyboardInput, .pointerInput, .touchInput:
            true
        case .clientConnected, .clientDisconnected, .protocolError, .limitExceeded, .windowCreated, .windowMapped,
            .windowUnmapped, .windowMoved, .windowDestroyed, .title, .appID, .sizeHints, .configureAcked, .commit,
            .firstFrameStale, .frameDone, .presented, .presentationDiscarded, .interactiveGrab, .interactiveGrabIgnored, .cursorSet:
            false
        }
    }
}

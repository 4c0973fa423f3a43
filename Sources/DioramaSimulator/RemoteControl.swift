import CWaylandServer
import Foundation
import Glibc
import Synchronization

/// Runs code on the simulator from any other thread: the way a test that
/// runs the simulator in the background, or a control endpoint, reaches a
/// simulator that is not thread-safe.
///
/// One thread at a time works on the simulator, holding the loop lock: the
/// simulator's own thread while it handles what its event loop found, or a
/// caller of ``perform(_:)`` or ``wait(for:timeout:)``. While ``Simulator/run()``
/// drives the loop, such a caller takes the lock and does the work itself
/// (reading the client requests already on the sockets first, then the
/// queued jobs, then its own, then flushing the events and checking the
/// waiters, as a dispatch does): a control request costs the wake-up of the
/// requesting thread and of the client, not also two hand-offs to the
/// simulator's thread and back. When the simulator is driven by
/// ``Simulator/dispatch(timeout:)`` calls instead (a test on its own thread,
/// which may look at the simulator between calls), jobs go into a locked
/// queue and a byte written to a pipe wakes the event loop.
///
/// Either way, work runs after the client requests waiting on the sockets
/// by then are read: a frame a client committed before a move was asked for
/// is applied before the move, as on a real compositor that was not busy,
/// and the trace does not count it as drawn too late.
///
/// Once the simulator has shut down no job runs any more: ``perform(_:)``
/// throws ``RemoteControlError/simulatorStopped`` instead of waiting forever
/// (a control connection still open when the simulator stops relies on it).
public final class RemoteControl: @unchecked Sendable {
    /// A queued job: `run` on the simulator's thread, or `cancel` (on any
    /// thread) when the simulator stopped before running it.
    private struct Job: Sendable {
        var run: @Sendable (Simulator) -> Void
        var cancel: @Sendable () -> Void
    }

    /// What callers on any thread and the simulator's thread share.
    private struct Queue {
        var jobs: [Job] = []
        /// Set by `tearDown`: later jobs are cancelled instead of queued.
        var isStopped = false
        /// Set while ``Simulator/run()`` drives the loop: callers work on
        /// the simulator themselves, under the loop lock.
        var allowsInlineWork = false
    }
    private let queue = Mutex(Queue())
    /// Held by whichever thread works on the simulator (see the type's
    /// documentation). Taken before `queue`'s lock, never after.
    private let loopLock = NSLock()
    private let readEnd: Int32
    private let writeEnd: Int32
    /// A pipe that wakes the simulator's thread from its sleep between
    /// dispatches (see ``wakeLoop()``): read end, write end.
    private let loopWake: (read: Int32, write: Int32)
    private var source: OpaquePointer?
    /// Only touched on the simulator's thread.
    private weak var simulator: Simulator?

    init(simulator: Simulator) {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0, "pipe() failed: \(String(cString: strerror(errno)))")
        readEnd = ends[0]
        writeEnd = ends[1]
        precondition(pipe(&ends) == 0, "pipe() failed: \(String(cString: strerror(errno)))")
        loopWake = (ends[0], ends[1])
        for end in [readEnd, writeEnd, loopWake.read, loopWake.write] {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        self.simulator = simulator
        // Fires when a job was queued: only empties the pipe. Running the job
        // here, in the middle of the loop's dispatch, would run it before the
        // client requests the same dispatch reads later.
        source = wl_event_loop_add_fd(
            simulator.eventLoop, readEnd, UInt32(WL_EVENT_READABLE),
            { _, _, data in
                guard let data else { return 0 }
                Unmanaged<RemoteControl>.fromOpaque(data).takeUnretainedValue().drainWakeUps()
                return 0
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Queues `job` to run on the simulator's thread and returns at once.
    /// After the simulator shut down the job is dropped.
    public func enqueue(_ job: @escaping @Sendable (Simulator) -> Void) {
        enqueue(Job(run: job, cancel: {}))
    }

    private func enqueue(_ job: Job) {
        let queued = queue.withLock { queue in
            guard !queue.isStopped else { return false }
            queue.jobs.append(job)
            // Under the lock, so tearDown cannot close the pipe in between (the
            // write end is non-blocking: a full pipe already means "wake up").
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
            return true
        }
        if !queued { job.cancel() }
    }

    /// What became of work offered to ``runInline(_:)``.
    private enum InlineOutcome<Value> {
        /// Carried out on this thread.
        case ran(Value)
        /// The simulator is driven by ``Simulator/dispatch(timeout:)`` (or its
        /// loop ended): the work must be queued for its thread.
        case mustQueue
        /// A client request read first shut the simulator down.
        case stopped
    }

    /// Carries `work` out now on this thread, under the loop lock, when
    /// ``Simulator/run()`` drives the simulator (after the client requests
    /// already on the sockets, as a dispatch does).
    private func runInline<Value>(_ work: (Simulator) -> Value) -> InlineOutcome<Value> {
        guard queue.withLock({ $0.allowsInlineWork && !$0.isStopped }) else { return .mustQueue }
        loopLock.lock()
        defer { loopLock.unlock() }
        // Looked at again under the loop lock: the loop may have ended or the
        // simulator shut down since.
        guard queue.withLock({ $0.allowsInlineWork && !$0.isStopped }), let simulator else { return .mustQueue }
        var value: Value?
        simulator.handleReadyWork { value = work(simulator) }
        return value.map(InlineOutcome.ran) ?? .stopped
    }

    /// Carries `job` out now on this thread when ``Simulator/run()`` drives
    /// the simulator (``runInline(_:)``); queues it otherwise.
    private func submit(_ job: Job) {
        switch runInline(job.run) {
        case .ran: break
        case .mustQueue: enqueue(job)
        case .stopped: job.cancel()
        }
    }

    /// Runs `body` holding the loop lock: the simulator's thread does so for
    /// each dispatch and for shutting down.
    func withLoopLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        loopLock.lock()
        defer { loopLock.unlock() }
        return try body()
    }

    /// Whether callers may work on the simulator themselves: set by
    /// ``Simulator/run()`` while it runs.
    func allowsInlineWork(_ allowed: Bool) {
        queue.withLock { $0.allowsInlineWork = allowed }
    }

    /// Wakes the event loop (so that ``Simulator/run()`` notices a `stop`
    /// made from another thread). Nothing once torn down.
    ///
    /// Not through the job pipe: that pipe is on the event loop, so an
    /// inline ``perform(_:)`` dispatching right after the stop could empty
    /// it before the simulator's thread woke, which would then sleep on. This
    /// pipe is read by the simulator's thread only (``waitForEvents(on:milliseconds:)``).
    func wakeLoop() {
        queue.withLock { queue in
            guard !queue.isStopped else { return }
            var byte: UInt8 = 1
            _ = write(loopWake.write, &byte, 1)
        }
    }

    /// The simulator's thread sleeps here, without the loop lock, until the
    /// event loop's descriptor `eventLoopDescriptor` has something ready,
    /// ``wakeLoop()`` was called, or `milliseconds` passed (-1: no limit).
    func waitForEvents(on eventLoopDescriptor: Int32, milliseconds: Int32) {
        var ready = [
            pollfd(fd: eventLoopDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: loopWake.read, events: Int16(POLLIN), revents: 0),
        ]
        guard poll(&ready, 2, milliseconds) > 0, ready[1].revents != 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(loopWake.read, &buffer, buffer.count) > 0 {}
    }

    /// Runs `body` on the simulator and waits for its result: on this
    /// thread under the loop lock while ``Simulator/run()`` drives it, on
    /// the simulator's thread otherwise. Never call it from the simulator's
    /// own thread, or from inside another `perform` (it would wait forever).
    ///
    /// - Throws: what `body` throws, or ``RemoteControlError/simulatorStopped``
    ///   when the simulator shut down before running it.
    public func perform<Result: Sendable>(_ body: @escaping @Sendable (Simulator) throws -> Result) throws -> Result {
        // Carried out here when it can be, with nothing to hand over (a
        // control request's usual path, so it allocates nothing for it).
        switch runInline({ simulator in Swift.Result { try body(simulator) } }) {
        case .ran(let result): return try result.get()
        case .stopped: throw RemoteControlError.simulatorStopped
        case .mustQueue: break
        }
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<Result>()
        enqueue(
            Job(
                run: { simulator in
                    box.result = Swift.Result { try body(simulator) }
                    done.signal()
                },
                cancel: {
                    box.result = .failure(RemoteControlError.simulatorStopped)
                    done.signal()
                }))
        done.wait()
        return try box.result!.get()
    }

    /// Waits on the calling thread until `condition`, evaluated on the
    /// simulator (as ``perform(_:)`` runs its body) now, and on the
    /// simulator's thread again after every event that could change
    /// it (a trace record such as a commit or an ack, a bind, a pong: see
    /// ``SimulatorWaiters``), returns a value, or until `timeout` passes.
    /// Nothing is polled: while nothing happens, nothing runs.
    /// Never call it from the simulator's own thread.
    ///
    /// - Returns: the condition's value; nil when the time ran out.
    /// - Throws: what `condition` throws (the wait ends), or
    ///   ``RemoteControlError/simulatorStopped`` when the simulator shut down.
    public func wait<Value: Sendable>(
        for condition: @escaping @Sendable (Simulator) throws -> Value?, timeout: Duration
    ) throws -> Value? {
        let slot = WaitSlot<Value>()
        let stopped: @Sendable () -> Void = { slot.complete(.failure(RemoteControlError.simulatorStopped)) }
        submit(
            Job(
                run: { simulator in
                    simulator.waiters.add(
                        simulator,
                        check: { simulator in
                            if slot.isAbandoned { return true }
                            do {
                                guard let value = try condition(simulator) else { return false }
                                slot.complete(.success(value))
                            } catch {
                                slot.complete(.failure(error))
                            }
                            return true
                        }, cancel: stopped)
                }, cancel: stopped))
        guard let result = slot.wait(timeout: timeout) else {
            // Drops the abandoned waiter at the next check rather than whenever news comes.
            enqueue { $0.waiters.noteEvent() }
            return nil
        }
        return try result.get()
    }

    /// Empties the wake-up pipe, so the event loop does not fire again for
    /// jobs it is about to run.
    private func drainWakeUps() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }

    /// Whether a job waits to run (any thread).
    var hasQueuedJobs: Bool {
        queue.withLock { !$0.jobs.isEmpty }
    }

    /// Runs every queued job, in order; the simulator calls it between two
    /// dispatches of its event loop, never inside one.
    func runQueuedJobs() {
        let pending = queue.withLock { queue in
            defer { queue.jobs.removeAll() }
            return queue.jobs
        }
        guard let simulator else {
            for job in pending { job.cancel() }
            return
        }
        for job in pending { job.run(simulator) }
    }

    /// The simulator shuts down: jobs still queued are cancelled, later ones
    /// refused.
    func tearDown() {
        let pending = queue.withLock { queue in
            defer { queue.jobs.removeAll() }
            queue.isStopped = true
            return queue.jobs
        }
        for job in pending { job.cancel() }
        if let source { wl_event_source_remove(source) }
        source = nil
        close(readEnd)
        close(writeEnd)
        close(loopWake.read)
        close(loopWake.write)
    }
}

/// Why a ``RemoteControl`` job did not run.
public enum RemoteControlError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The simulator shut down before the job could run.
    case simulatorStopped

    public var description: String {
        switch self {
        case .simulatorStopped: "the simulator has stopped"
        }
    }
}

/// Where a ``RemoteControl/wait(for:timeout:)`` waiter leaves its result:
/// completed at most once, on the simulator's thread; abandoned by the
/// waiting thread when its time ran out first.
private final class WaitSlot<Value: Sendable>: Sendable {
    private struct State {
        var result: Result<Value, any Error>?
        var isAbandoned = false
    }
    private let state = Mutex(State())
    private let done = DispatchSemaphore(value: 0)

    var isAbandoned: Bool { state.withLock { $0.isAbandoned } }

    func complete(_ result: Result<Value, any Error>) {
        let first = state.withLock { state in
            guard state.result == nil, !state.isAbandoned else { return false }
            state.result = result
            return true
        }
        if first { done.signal() }
    }

    /// The result, or nil (and abandoned) when `timeout` passed first.
    func wait(timeout: Duration) -> Result<Value, any Error>? {
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = max(0, seconds) * 1_000_000_000 + max(0, attoseconds) / 1_000_000_000
        _ = done.wait(timeout: .now() + .nanoseconds(Int(clamping: nanoseconds)))
        return state.withLock { state in
            if state.result == nil { state.isAbandoned = true }
            return state.result
        }
    }
}

/// Carries a job's result from the simulator's thread to the waiting thread;
/// the semaphore orders the write before the read.
private final class ResultBox<Value>: @unchecked Sendable {
    var result: Result<Value, any Error>?
}

extension Simulator {
    /// The simulator's ``RemoteControl``, created on first use (on the
    /// simulator's thread, before other threads use it).
    public var remoteControl: RemoteControl {
        if let existing = remoteControlStorage { return existing }
        let created = RemoteControl(simulator: self)
        remoteControlStorage = created
        return created
    }
}

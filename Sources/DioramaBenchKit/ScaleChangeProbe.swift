import DioramaModel
import DioramaSimulator
import Dispatch

/// Watches the simulator's trace as it is written and times a client's
/// reaction to a scale change, entirely from the simulator's own timestamps.
///
/// WHEN it fires: `Trace.observe` calls ``handle(_:)`` on the simulator's
/// thread for every record, synchronously as the simulator sends an event or
/// applies a commit. So the "change" time is when the simulator queued the
/// first `leave`/`enter`/`preferred_scale` for the moved window, and the
/// "reaction" time is when it applied the client's first commit whose buffer
/// fits the new scale (`stale_scale` false, see `Docs/trace-format.md`).
/// Both are CLOCK_MONOTONIC, which the bench thread can read too (launch time).
///
/// Only the window's main surface counts: a toolkit's subsurface committing
/// first must not pass for the window's reaction.
///
/// Thread confinement: every property is touched only on the simulator thread
/// (inside `Trace.observe` or `BackgroundSimulator.perform`); the semaphores
/// are the only thing the bench thread touches, and they are thread-safe.
final class ScaleChangeProbe: @unchecked Sendable {
    struct MoveObservation: Sendable {
        var changeNanoseconds: UInt64?
        var reactionNanoseconds: UInt64?
        /// The buffer of the commit that answered, in pixels: the work the
        /// client's frame for the new scale had.
        var answerBufferSize: Size?
        var staleCommits = 0
    }

    private var clientPIDs: [UInt32: Int32] = [:]
    private var windowPIDs: [UInt32: Int32] = [:]
    private var mainSurfaces: [UInt32: UInt32] = [:]

    /// Each process's first window commit drawn for 2× (240/120) on its
    /// main surface: the "first correct frame" of a launch on a 2× display.
    private(set) var firstCorrectAt2x: [Int32: (window: UInt32, nanoseconds: UInt64)] = [:]

    // A move being watched.
    private var movingWindow: UInt32?
    private var move = MoveObservation()
    private var moveSignal: DispatchSemaphore?

    // A resize being watched: the first commit of that size in points.
    private var resizeTarget: (window: UInt32, width: Int, height: Int)?
    private var resizeSignal: DispatchSemaphore?

    init(simulator: Simulator) {
        // Weak: the bench may release the probe before it stops the
        // simulator, whose thread still writes records (a client leaving)
        // until then; an unowned read there crashed a test run once.
        simulator.trace.observe { [weak self] record in self?.handle(record) }
    }

    /// A mapped window of `pid`, if any.
    func mappedWindow(pid: Int32, in simulator: Simulator) -> UInt32? {
        simulator.windows.first { $0.pid == pid && $0.isMapped }?.id
    }

    func watchResize(window: UInt32, width: Int, height: Int, signal: DispatchSemaphore) {
        resizeTarget = (window, width, height)
        resizeSignal = signal
    }

    /// Starts watching a move of `window`; returns what the previous move saw
    /// (its stale commits are counted up to now).
    func beginMove(window: UInt32, signal: DispatchSemaphore) -> MoveObservation? {
        let previous = movingWindow == nil ? nil : move
        movingWindow = window
        move = MoveObservation()
        moveSignal = signal
        return previous
    }

    /// Stops watching moves; returns the last one.
    func endMoves() -> MoveObservation? {
        defer { movingWindow = nil; moveSignal = nil }
        return movingWindow == nil ? nil : move
    }

    private func handle(_ record: TraceRecord) {
        switch record.event {
        case .clientConnected(let client, let pid):
            clientPIDs[client] = pid
        case .windowCreated(let window, let client, let surface):
            windowPIDs[window] = clientPIDs[client]
            mainSurfaces[window] = surface
        case .enter(_, let window?, _), .leave(_, let window?, _), .preferredScale(_, let window?, _),
            .preferredBufferScale(_, let window?, _):
            if window == movingWindow, move.changeNanoseconds == nil { move.changeNanoseconds = record.nanoseconds }
        case .commit(let fact):
            guard let window = fact.window, fact.surface == mainSurfaces[window] else { return }
            commitApplied(fact, window: window, at: record.nanoseconds)
        default:
            break
        }
    }

    private func commitApplied(_ fact: CommitFact, window: UInt32, at nanoseconds: UInt64) {
        let drawnForScale = fact.bufferSize != nil && !fact.staleScale
        if drawnForScale, fact.preferredScale120 == 240, let pid = windowPIDs[window], firstCorrectAt2x[pid] == nil {
            firstCorrectAt2x[pid] = (window, nanoseconds)
        }
        if let target = resizeTarget, target.window == window,
            fact.surfaceSize.width == target.width, fact.surfaceSize.height == target.height
        {
            resizeTarget = nil
            resizeSignal?.signal()
        }
        if window == movingWindow, move.changeNanoseconds != nil {
            if fact.bufferSize != nil && fact.staleScale {
                move.staleCommits += 1
            } else if drawnForScale, move.reactionNanoseconds == nil {
                move.reactionNanoseconds = nanoseconds
                move.answerBufferSize = fact.bufferSize
                moveSignal?.signal()
            }
        }
    }
}

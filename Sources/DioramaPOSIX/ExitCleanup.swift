import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What this process made and must not leave behind when it ends: the
/// temporary directories it made (``TemporaryDirectory``) and the children
/// it started in process groups of their own (``SpawnedProcess``).
///
/// Their owners stop and remove them as they finish, on success, failure or
/// a thrown error. This is the net under that for the ways a process ends
/// without its owners finishing:
/// - at `exit` (an `atexit` hook, installed with the first thing adopted):
///   children still running get SIGKILL, then the directories are removed;
/// - on SIGINT, SIGTERM or SIGPIPE, once ``stopOnTerminationSignals()``
///   was called (`diorama run`, `check` and `demo`): children get SIGTERM
///   and up to ``terminationGrace`` to exit, then SIGKILL; the directories
///   are removed; then the signal ends the process as it would have.
///   SIGPIPE is there for `diorama run | head`: the reader leaving ends the
///   run, as it ends any command in a pipeline, but not before the cleanup.
///
/// Only what was adopted is touched: a directory made by mkdtemp here,
/// removed without following links (``TemporaryDirectory/remove(_:)``),
/// and the process group of a child not yet reaped (whose id no other
/// process can have taken).
package enum ExitCleanup {
    /// How long children get between SIGTERM and SIGKILL when a signal stops us.
    package static let terminationGrace: Duration = .seconds(3)

    private struct Owned {
        var directories: Set<String> = []
        var children: [pid_t: SpawnedProcess] = [:]
        var exitHookInstalled = false
    }
    private static let owned = Mutex(Owned())
    /// Held by the cleanup a termination signal started, until the signal
    /// ends the process, and by the `atexit` hook: a main thread that
    /// returns meanwhile (its client died of the same signal) waits in its
    /// exit, so the signal still ends the process and no folder is left half
    /// removed by an exit in the middle of the cleanup.
    private static let terminationLock = Mutex(())

    static func adopt(directory: String) {
        installExitHook { $0.directories.insert(directory) }
    }

    static func release(directory: String) {
        _ = owned.withLock { $0.directories.remove(directory) }
    }

    /// Called when a child in its own process group started.
    static func adopt(child: SpawnedProcess) {
        installExitHook { $0.children[child.pid] = child }
    }

    /// Called when that child was reaped: its group id may be reused now.
    static func release(child pid: pid_t) {
        _ = owned.withLock { $0.children.removeValue(forKey: pid) }
    }

    private static func installExitHook(_ change: (inout Owned) -> Void) {
        let install = owned.withLock { state in
            change(&state)
            defer { state.exitHookInstalled = true }
            return !state.exitHookInstalled
        }
        if install { atexit { ExitCleanup.terminationLock.withLock { _ in ExitCleanup.finish(grace: nil) } } }
    }

    /// Stops the children still running (SIGTERM and up to `grace` first,
    /// when given; SIGKILL to each group after), then removes the
    /// directories still owned.
    static func finish(grace: Duration?) {
        let children = owned.withLock { Array($0.children.values) }
        if let grace {
            for child in children {
                kill(-child.pid, SIGTERM)
                kill(-child.pid, SIGCONT)
            }
            let deadline = ContinuousClock.now + grace
            for child in children {
                child.waitForExit(timeout: max(.zero, deadline - ContinuousClock.now))
            }
        }
        for child in owned.withLock({ Array($0.children.values) }) { child.killGroupOrChild() }
        let directories = owned.withLock { $0.directories }
        for directory in directories {
            try? TemporaryDirectory.remove(directory)
        }
    }

    /// The write end of the pipe the signal handler wakes the cleanup thread through.
    nonisolated(unsafe) private static var signalPipeWriteEnd: Int32 = -1

    /// Makes SIGINT, SIGTERM and SIGPIPE clean up before they end the process (see
    /// the type's description). The handler only writes the signal's number
    /// to a pipe; a thread of its own does the work, then restores the
    /// default action and raises the signal again, so the process still
    /// ends by it (a shell sees 128 + the signal). Call it once, early.
    package static func stopOnTerminationSignals() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }  // out of descriptors: signals end us as before
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        signalPipeWriteEnd = ends[1]
        let readEnd = ends[0]
        let thread = Thread {
            var number: UInt8 = 0
            while read(readEnd, &number, 1) < 0 && errno == EINTR {}
            terminationLock.withLock { _ in
                finish(grace: terminationGrace)
                signal(Int32(number), SIG_DFL)
                raise(Int32(number))
            }
        }
        thread.name = "diorama-termination"
        thread.start()
        for number in [SIGINT, SIGTERM, SIGPIPE] {
            signal(number) { received in
                var byte = UInt8(truncatingIfNeeded: received)
                _ = write(ExitCleanup.signalPipeWriteEnd, &byte, 1)
            }
        }
    }
}

import Foundation
import Synchronization
import Glibc

/// The command `diorama sim -- COMMAND ARGS…` runs under the simulator.
///
/// Started with `posix_spawnp` and an empty signal mask: the simulator's
/// thread blocks SIGINT and SIGTERM (libwayland reads them from a signalfd),
/// and a child inheriting that mask could never be stopped by them. A thread
/// waits for the child and calls `exited` when it ends, so the simulator
/// stops then too.
final class SimChildProcess: Sendable {
    let pid: pid_t
    /// The exit status, set once by the waiting thread.
    private let status = Mutex<Int32?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    init(command: [String], environment: [String: String], exited: @escaping @Sendable () -> Void) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        // The simulator ignores SIGPIPE (a --trace reader may leave); an
        // ignored signal would be inherited, so the child gets the default back.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &pipeSignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let arguments = command.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in arguments { free(pointer) }
            for pointer in variables { free(pointer) }
        }
        var spawned: pid_t = 0
        let result = posix_spawnp(&spawned, command[0], nil, &attributes, arguments, variables)
        guard result == 0 else {
            throw SimChildError(command: command[0], reason: String(cString: strerror(result)))
        }
        pid = spawned
        let thread = Thread { [self] in
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
            // WIFEXITED / WEXITSTATUS / WTERMSIG, spelt out: the macros are not imported.
            let code = raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
            status.withLock { $0 = code }
            finished.signal()
            exited()
        }
        thread.name = "diorama-sim-child"
        thread.start()
    }

    /// The child's exit status (128 + signal when killed). If it still runs
    /// (the simulator was stopped by a signal), it gets SIGTERM, then SIGKILL
    /// after two seconds.
    func finish() -> Int32 {
        if let known = status.withLock({ $0 }) { return known }
        kill(pid, SIGTERM)
        if finished.wait(timeout: .now() + 2) == .timedOut {
            kill(pid, SIGKILL)
            finished.wait()
        }
        return status.withLock { $0 } ?? 1
    }
}

/// The command could not be started.
struct SimChildError: Error, CustomStringConvertible {
    var command: String
    var reason: String
    var description: String { "cannot run \(command): \(reason); check the command and PATH" }
}

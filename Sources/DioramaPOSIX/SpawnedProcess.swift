import CDioramaShim
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with `posix_spawn`, for children whose life spans
/// many calls (a compositor for a whole test, an app for a whole scenario):
/// signal it, ask whether it runs, wait for it with a bound, stop it with a
/// bounded SIGTERM → SIGKILL teardown, and read how it ended.
///
/// Every child starts with an empty signal mask and default signal
/// dispositions, whatever the spawning thread had: Swift concurrency and
/// Dispatch threads block SIGTERM, and the simulator ignores SIGPIPE, and a
/// child inheriting either could not be stopped or would not see a broken
/// pipe. Descriptors other than 0, 1 and 2 are closed in the child unless
/// the caller passes them on (`inheritsDescriptors`).
///
/// A thread per child waits for it to exit. It records the status before the
/// process is reaped, so a signal sent here never reaches another process
/// that reused the id.
package final class SpawnedProcess: @unchecked Sendable, CustomStringConvertible {
    /// Where one of the child's standard streams goes.
    package enum Stream: Sendable, Equatable {
        /// The same as this process's.
        case inherit
        /// `/dev/null`.
        case null
        /// A file, created (0644) if missing; appended to, or emptied first.
        case file(String, append: Bool)
    }

    package let pid: pid_t
    /// The child's process group (its own pid) when it was started in one,
    /// so that helpers it starts are stopped with it; nil when it shares ours.
    package let processGroup: pid_t?
    /// The program and its arguments, for messages.
    package let command: [String]
    private let ended = Mutex<Termination?>(nil)
    private let reaped = DispatchGroup()
    /// Readable (hung up) once the child has been reaped: its write end is
    /// closed then, so a wait can sleep on the child's end beside other
    /// descriptors (``ReadableWait``) instead of asking ``isRunning`` on a
    /// timer. -1 when no pipe could be made (out of descriptors): such a
    /// wait ends at its other descriptors or its deadline.
    package let exitDescriptor: Int32
    private let exitWriteEnd: Int32

    /// Starts `executable` with `arguments` and exactly `environment`.
    ///
    /// - Parameters:
    ///   - searchPath: look `executable` up in this process's `PATH` when it
    ///     has no slash, as a shell would.
    ///   - ownProcessGroup: start the child in a new process group, so that
    ///     ``terminate(grace:signalling:)`` stops whatever it started too.
    ///     Leave false for a child that should get the terminal's Ctrl-C.
    ///   - inheritsDescriptors: pass every descriptor not marked close-on-exec
    ///     on to the child, as a shell does (`DIORAMA_TRACE=fd:5` needs fd 5).
    /// - Throws: ``SpawnError`` naming the program and the reason.
    package init(
        executable: String, arguments: [String] = [], environment: [String: String],
        workingDirectory: String? = nil, standardInput: Stream = .null,
        standardOutput: Stream = .inherit, standardError: Stream = .inherit,
        searchPath: Bool = false, ownProcessGroup: Bool = true,
        inheritsDescriptors: Bool = false
    ) throws(SpawnError) {
        command = [executable] + arguments
        var opened: [Int32] = []
        defer { for descriptor in opened { close(descriptor) } }  // the child has its own copies

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, stream) in [(Int32(0), standardInput), (1, standardOutput), (2, standardError)] {
            let flags: Int32
            let path: String
            switch stream {
            case .inherit: continue
            case .null: (path, flags) = ("/dev/null", target == 0 ? O_RDONLY : O_WRONLY)
            case let .file(file, append): (path, flags) = (file, O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC))
            }
            let descriptor = open(path, flags | O_CLOEXEC, mode_t(0o644))
            guard descriptor >= 0 else {
                throw SpawnError(command: executable, reason: "cannot open \(path): \(String(cString: strerror(errno)))")
            }
            opened.append(descriptor)
            posix_spawn_file_actions_adddup2(&actions, descriptor, target)  // dup2 clears close-on-exec
        }
        if !inheritsDescriptors { CDioramaShim_spawn_actions_close_from(&actions, 3) }
        if let workingDirectory { CDioramaShim_spawn_actions_chdir(&actions, workingDirectory) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var exitPipe: [Int32] = [-1, -1]
        if CDioramaShim_pipe_cloexec(&exitPipe) != 0 { exitPipe = [-1, -1] }
        var spawned: pid_t = 0
        let result =
            searchPath
            ? posix_spawnp(&spawned, executable, &actions, &attributes, argv, envp)
            : posix_spawn(&spawned, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            for end in exitPipe where end >= 0 { close(end) }
            throw SpawnError(command: executable, reason: String(cString: strerror(result)))
        }
        (exitDescriptor, exitWriteEnd) = (exitPipe[0], exitPipe[1])
        pid = spawned
        processGroup = ownProcessGroup ? spawned : nil
        reaped.enter()
        if ownProcessGroup { ExitCleanup.adopt(child: self) }
        let waiter = Thread { [self] in awaitExit() }
        waiter.name = "diorama-child-\(spawned)"
        waiter.start()
    }

    /// The waiting thread: blocks until the child exits, then records how
    /// and reaps it under the lock that ``signal(_:)`` takes.
    private func awaitExit() {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        ended.withLock { ended in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            ended = Termination(waitStatus: status)
        }
        ExitCleanup.release(child: pid)
        if exitWriteEnd >= 0 { close(exitWriteEnd) }
        reaped.leave()
    }

    deinit {
        if exitDescriptor >= 0 { close(exitDescriptor) }
    }

    /// How the child ended, or nil while it runs.
    package var termination: Termination? { ended.withLock { $0 } }
    package var isRunning: Bool { termination == nil }

    /// Sends `signal` to the child if it has not ended.
    package func signal(_ signal: Int32) {
        ended.withLock { ended in
            if ended == nil { kill(pid, signal) }
        }
    }

    /// Calls `body` on another thread once the child has ended (at once if
    /// it already has).
    package func whenExited(_ body: @escaping @Sendable () -> Void) {
        reaped.notify(queue: .global(), execute: body)
    }

    /// Waits up to `timeout` for the child to end.
    /// - Returns: how it ended, or nil if it still runs.
    @discardableResult
    package func waitForExit(timeout: Duration) -> Termination? {
        _ = reaped.wait(timeout: .now() + .nanoseconds(Int(clamping: timeout.nanoseconds)))
        return termination
    }

    /// Waits as long as it takes for the child to end.
    @discardableResult
    package func waitForExit() -> Termination {
        reaped.wait()
        return termination!
    }

    /// Waits up to `timeout` for the child to end, without holding a thread
    /// of Swift's cooperative pool: a thread of its own waits for the
    /// reaping (``awaitBlocking(_:)``), so the caller resumes as the child
    /// ends, not at a later look.
    @discardableResult
    package func waitForExit(timeout: Duration) async -> Termination? {
        await awaitBlocking { [self] in waitForExit(timeout: timeout) }
    }

    /// Stops the child: SIGTERM (and SIGCONT, since a stopped process acts
    /// on SIGTERM only once continued) to `target` — the child unless it is
    /// a launcher whose own child should be asked instead — then up to
    /// `grace` for the child to end, then SIGKILL. Whatever is left of its
    /// process group gets SIGKILL too. Returns within `grace` plus the
    /// moment a SIGKILL takes.
    ///
    /// - Returns: true when it ended within `grace` (no SIGKILL was needed
    ///   for the child itself).
    @discardableResult
    package func terminate(grace: Duration, signalling target: pid_t? = nil) -> Bool {
        let graceful =
            isRunning
            ? {
                askToStop(target); return waitForExit(timeout: grace) != nil
            }() : true
        return finishTermination(graceful: graceful)
    }

    /// ``terminate(grace:signalling:)`` for async callers: waits without
    /// holding a thread.
    @discardableResult
    package func terminate(grace: Duration, signalling target: pid_t? = nil) async -> Bool {
        var graceful = true
        if isRunning {
            askToStop(target)
            graceful = await waitForExit(timeout: grace) != nil
        }
        return finishTermination(graceful: graceful)
    }

    /// Stops the child at once: SIGKILL to it and its process group (what
    /// it started goes too), then waits for it.
    package func killWithProcessGroup() {
        finishTermination(graceful: false)
    }

    private func askToStop(_ target: pid_t?) {
        if let target, target != pid {
            kill(target, SIGTERM)
            kill(target, SIGCONT)
        } else {
            signal(SIGTERM)
            signal(SIGCONT)
        }
    }

    @discardableResult
    private func finishTermination(graceful: Bool) -> Bool {
        if !graceful {
            killGroupOrChild()
            waitForExit()
        }
        if let processGroup { kill(-processGroup, SIGKILL) }  // helpers the child started
        return graceful
    }

    /// SIGKILL to the child's process group (to the child alone when it
    /// shares ours), unless it was reaped already.
    func killGroupOrChild() {
        ended.withLock { ended in
            guard ended == nil else { return }
            kill(processGroup.map { -$0 } ?? pid, SIGKILL)
        }
    }

    package var description: String { command.joined(separator: " ") }
}

/// How a child process ended.
package enum Termination: Sendable, Equatable, CustomStringConvertible {
    /// It called exit (or returned from main) with this status.
    case exited(Int32)
    /// A signal ended it.
    case killed(signal: Int32)

    /// Decodes a `waitpid` status (the W* macros are not imported into Swift).
    init(waitStatus status: Int32) {
        let signal = status & 0x7F
        self = signal == 0 ? .exited((status >> 8) & 0xFF) : .killed(signal: signal)
    }

    /// The status a shell would report: the exit status, or 128 + the signal.
    package var shellStatus: Int32 {
        switch self {
        case let .exited(status): return status
        case let .killed(signal): return 128 + signal
        }
    }

    /// "exited with status 2", "killed by signal 9": the wording reports
    /// (`diorama check`'s among them) carry.
    package var description: String {
        switch self {
        case let .exited(status): return "exited with status \(status)"
        case let .killed(signal): return "killed by signal \(signal)"
        }
    }
}

/// A child could not be started.
package struct SpawnError: Error, Sendable, CustomStringConvertible {
    package var command: String
    package var reason: String
    package var description: String { "cannot run \(command): \(reason); check the program's path and permissions" }
}

private extension Duration {
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}

import DioramaPOSIX
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Spawning and readiness waiting shared by the weston and sway launchers.
enum Launcher {
    /// Starts `executable` with stdin from /dev/null and stdout+stderr appended
    /// to `logFile`, in a process group of its own (pgid = its pid), which
    /// `terminate` relies on to kill helpers too. (Helpers that outlive their
    /// compositor for a moment, like weston's shell and keyboard clients, are
    /// reparented to init, which reaps them.)
    static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String],
        logFile: String, workingDirectory: String
    ) throws -> SpawnedProcess {
        do {
            return try SpawnedProcess(
                executable: executable, arguments: arguments, environment: environment,
                workingDirectory: workingDirectory,
                standardOutput: .file(logFile, append: true),
                standardError: .file(logFile, append: true))
        } catch {
            throw CompositorLaunchError.spawnFailed(executable: executable, detail: error.reason)
        }
    }

    /// Stops a spawned compositor: SIGTERM to `target` (the compositor itself,
    /// which under `runuser` is the launcher's child), up to `grace` seconds for
    /// the launcher to exit, then SIGKILL to the whole process group. Finally
    /// waits (up to 2 s) until nothing else is left in the group (helper
    /// clients, which got SIGKILL too): asleep on their pidfds, looking at
    /// the group again when they ended, in case one started another meanwhile.
    ///
    /// Signalling sway rather than runuser matters: runuser forwards SIGTERM and
    /// then sleeps two seconds before exiting, and if runuser is killed first,
    /// sway is orphaned and left for init to reap.
    static func terminate(_ process: SpawnedProcess, target: pid_t, grace: TimeInterval) {
        process.terminate(grace: .milliseconds(Int64(grace * 1000)), signalling: target)
        let deadline = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < deadline, case let members = ProcessStat.liveMembers(ofGroup: process.pid), !members.isEmpty {
            if ProcessExitWait.block(untilEnded: members.map(\.pid), deadline: deadline) == nil {
                // No pidfds (Linux before 5.3): look at the group again in 20 ms.
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
    }

    /// The process to send SIGTERM to: the launcher's child when the launcher
    /// is `runuser`, else the launcher itself.
    static func compositorTarget(of process: SpawnedProcess, behindRunuser: Bool) -> pid_t {
        guard behindRunuser else { return process.pid }
        return ProcessStat.liveChildren(of: process.pid).first?.pid ?? process.pid
    }

    /// Stops a compositor that failed to start, removes its files, and
    /// returns the tail of its log (read after it stopped, before removal).
    @discardableResult
    static func abandon(_ process: SpawnedProcess, directory: InstanceDirectory, behindRunuser: Bool) -> String {
        terminate(process, target: compositorTarget(of: process, behindRunuser: behindRunuser), grace: 2)
        let tail = tailOfFile(directory.logFile, maxLines: 30)
        directory.removeUnlessKept()
        return tail
    }

    /// Waits until `ready()` returns a value, the process exits, or `timeout`
    /// passes. On exit or timeout it stops the process, removes the instance
    /// directory and throws with the log tail.
    static func awaitReady<T>(
        _ compositor: String, process: SpawnedProcess, directory: InstanceDirectory,
        behindRunuser: Bool = false, timeout: TimeInterval, waitingFor: String,
        _ ready: () -> T?
    ) throws -> T {
        var result: T?
        poll(timeout: timeout, interval: 0.02) {
            if let value = ready() { result = value; return true }
            return !process.isRunning
        }
        if let result, process.isRunning { return result }

        let ended = process.termination
        let tail = abandon(process, directory: directory, behindRunuser: behindRunuser)
        if let ended {
            throw CompositorLaunchError.exitedEarly(compositor: compositor, status: ended.shellStatus, logTail: tail)
        }
        throw CompositorLaunchError.timedOut(
            compositor: compositor, waitingFor: waitingFor,
            seconds: timeout, logTail: tail)
    }
}

/// Starts weston with its headless backend.
///
/// weston runs fine as root, so it runs as the current user. Each instance gets
/// a private `XDG_RUNTIME_DIR` and a unique socket name, so parallel tests never
/// share a compositor.
package enum WestonHeadless {
    /// Starts `weston --backend=headless-backend.so --socket=NAME --scale=N --idle-time=0`
    /// and returns once its socket accepts connections.
    ///
    /// - Parameters:
    ///   - scale: the output's integer scale factor.
    ///   - width, height: the output size in *logical* pixels (weston's default
    ///     is 1024×640); the output mode is this times `scale`.
    ///   - usePixman: render with pixman (needed for screenshots); by default
    ///     the headless backend does not render at all.
    ///   - extraArguments: more weston options, appended last.
    ///   - startupTimeout: how long to wait for the socket.
    /// - Throws: `CompositorLaunchError` (weston missing, exited, or too slow).
    package static func start(
        scale: Int = 2, width: Int? = nil, height: Int? = nil,
        usePixman: Bool = false, extraArguments: [String] = [],
        startupTimeout: TimeInterval = 10
    ) throws -> RunningCompositor {
        let weston = try Executables.require("weston", package: "weston")
        let directory = try InstanceDirectory.make(kind: "weston")
        let socketName = "wayland-diorama-\(getpid())-\(InstanceCounter.shared.next())"
        var arguments = [
            "--no-config", "--backend=headless-backend.so", "--socket=\(socketName)",
            "--scale=\(scale)", "--idle-time=0",
        ]
        if let width { arguments.append("--width=\(width)") }
        if let height { arguments.append("--height=\(height)") }
        if usePixman { arguments.append("--use-pixman") }
        arguments += extraArguments

        let process: SpawnedProcess
        do {
            process = try Launcher.spawn(
                weston, arguments,
                environment: sanitizedEnvironment(["XDG_RUNTIME_DIR": directory.runtime]),
                logFile: directory.logFile, workingDirectory: directory.runtime)
        } catch {
            directory.remove()
            throw error
        }
        let socketPath = directory.runtime + "/" + socketName
        try Launcher.awaitReady(
            "weston", process: process, directory: directory,
            timeout: startupTimeout, waitingFor: "socket \(socketPath)"
        ) {
            isSocket(socketPath) && socketAcceptsConnections(socketPath) ? () : nil
        }
        return RunningCompositor(
            kind: .weston, process: process, compositorPID: process.pid,
            directory: directory, socketName: socketName,
            ipcSocketPath: nil, configFile: nil)
    }
}

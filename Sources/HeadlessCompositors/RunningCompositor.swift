import DioramaPOSIX
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A real compositor process started headless by `WestonHeadless` or
/// `SwayHeadless`, with everything a client needs to connect to it.
///
/// Lifetime: call `stop()` when done (tests: `defer { compositor.stop() }`).
/// `deinit` stops it too, and DioramaPOSIX's `ExitCleanup` kills whatever is
/// still running and removes its folder when the process exits normally (or
/// when `diorama run`/`check` is stopped by SIGINT or SIGTERM), so neither a
/// forgotten `stop()` nor an early `return` leaves a compositor or its files
/// behind.
///
/// It is a final class shared across tasks (`@unchecked Sendable`, for the
/// `Process` it holds): the launch facts are immutable, and the mutable stop
/// state is in a `Mutex`, so `stop()` may be called from any thread, more than once.
package final class RunningCompositor: @unchecked Sendable, CustomStringConvertible {
    package enum Kind: String, Sendable {
        case weston
        case sway
        case kwin
        case mutter
    }

    package let kind: Kind
    /// The private `XDG_RUNTIME_DIR` of this instance (mode 0700). For sway
    /// started as root it belongs to the `diorama-sway` user; root can still
    /// connect to the sockets inside.
    package let runtimeDirectory: String
    /// The Wayland socket's name inside `runtimeDirectory` (e.g. `wayland-1`).
    package let socketName: String
    /// The absolute path of the Wayland socket. libwayland (≥ 1.15) accepts an
    /// absolute path in `WAYLAND_DISPLAY`, so this alone lets a client connect,
    /// whatever its own `XDG_RUNTIME_DIR` is.
    package let waylandDisplay: String
    /// sway's IPC socket (`SWAYSOCK`), `nil` for weston.
    package let ipcSocketPath: String?
    /// The compositor's captured stdout and stderr.
    package let logFile: String
    /// The generated configuration file, if any (sway).
    package let configFile: String?
    /// The private D-Bus session bus the compositor runs on (KWin, Mutter),
    /// which its settings and scripts are reached through; nil for sway and weston.
    package let sessionBusAddress: String?
    /// The process we spawned: the compositor itself, or `runuser` in front of
    /// sway when started as root.
    package let launcherPID: pid_t
    /// The compositor's own process id (differs from `launcherPID` under `runuser`).
    package let compositorPID: pid_t

    private let process: SpawnedProcess
    private let directory: InstanceDirectory
    private struct StopState {
        var stopped = false
        /// The log's tail, read just before `stop()` removed the file.
        var finalLogTail: String?
    }
    /// Held for all of `stop()`, so a second caller waits for the first.
    private let stopState = Mutex(StopState())
    /// The kept connection to the private session bus (``sessionBus(for:)``).
    private let keptBus = Mutex<SessionBusConnection?>(nil)
    /// The kept watch on the log's folder (``logWrites``).
    private let keptLogWatch = Mutex<FolderWriteWatch?>(nil)

    init(
        kind: Kind, process: SpawnedProcess, compositorPID: pid_t, directory: InstanceDirectory,
        socketName: String, ipcSocketPath: String?, configFile: String?,
        sessionBusAddress: String? = nil
    ) {
        self.kind = kind
        self.process = process
        self.launcherPID = process.pid
        self.compositorPID = compositorPID
        self.directory = directory
        self.runtimeDirectory = directory.runtime
        self.logFile = directory.logFile
        self.socketName = socketName
        self.waylandDisplay = directory.runtime + "/" + socketName
        self.ipcSocketPath = ipcSocketPath
        self.configFile = configFile
        self.sessionBusAddress = sessionBusAddress
    }

    deinit {
        stop()
    }

    /// What a client process needs to reach this compositor: `XDG_RUNTIME_DIR`
    /// and `WAYLAND_DISPLAY` (absolute path), plus `SWAYSOCK` for sway so that
    /// `swaymsg` works too, and the private session bus for KWin and Mutter (so
    /// a client never reaches the desktop's own bus).
    package var environment: [String: String] {
        var env = ["XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": waylandDisplay]
        if let ipcSocketPath { env["SWAYSOCK"] = ipcSocketPath }
        if let sessionBusAddress { env["DBUS_SESSION_BUS_ADDRESS"] = sessionBusAddress }
        return env
    }

    /// The current process's environment with `environment` applied and any
    /// inherited `WAYLAND_SOCKET`/`DISPLAY`/`I3SOCK` removed: ready for
    /// `Process.environment` when launching a client.
    package func clientEnvironment() -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        for key in inheritedDisplayVariables { env.removeValue(forKey: key) }
        env.merge(environment) { _, new in new }
        return env
    }

    /// A connection to the compositor's private session bus, made on first
    /// use and kept until ``stop(gracePeriod:)``: what reads and configures
    /// the compositor over D-Bus (Mutter's DisplayConfig, KWin's scripts)
    /// goes through it, instead of a `gdbus` process and a new bus
    /// connection for every call.
    ///
    /// - Throws: ``CompositorLaunchError/dbusCallFailed(method:message:)``
    ///   naming `purpose` when the compositor runs on no bus of its own or the
    ///   bus cannot be reached.
    package func sessionBus(for purpose: String) throws -> SessionBusConnection {
        try keptBus.withLock { kept in
            if let kept { return kept }
            let made = try SessionBusConnection(sessionBusOf: self, for: purpose)
            kept = made
            return made
        }
    }

    /// An inotify watch on the folder of ``logFile``, made on first use and
    /// kept: what waits for the compositor to log a line (a KWin script's
    /// output) sleeps on it until the log is written, instead of reading the
    /// log again on a timer.
    package var logWrites: FolderWriteWatch {
        keptLogWatch.withLock { kept in
            if let kept { return kept }
            let made = FolderWriteWatch(foldersOf: [logFile])
            kept = made
            return made
        }
    }

    /// True while the spawned process has not exited.
    package var isRunning: Bool { process.isRunning }

    /// The last lines of the compositor's log (kept in memory once stopped,
    /// since `stop()` removes the instance's files).
    package func logTail(maxLines: Int = 40) -> String {
        if let cached = stopState.withLock({ $0.finalLogTail }) {
            return cached.split(separator: "\n", omittingEmptySubsequences: false)
                .suffix(maxLines).joined(separator: "\n")
        }
        return tailOfFile(logFile, maxLines: maxLines)
    }

    /// Stops the compositor and waits for it: SIGTERM to the compositor, up to
    /// `gracePeriod` for it to exit, then SIGKILL to its whole process group
    /// (which also takes its helper clients, e.g. weston's shell and keyboard).
    /// Removes the instance's directory afterwards unless the environment
    /// variable `DIORAMA_KEEP_COMPOSITOR_FILES` is set. Idempotent.
    package func stop(gracePeriod: TimeInterval = 3) {
        stopState.withLock { state in
            guard !state.stopped else { return }
            state.stopped = true
            keptBus.withLock { kept in
                kept?.close()
                kept = nil
            }
            Launcher.terminate(process, target: compositorPID, grace: gracePeriod)
            state.finalLogTail = tailOfFile(logFile, maxLines: 200)
            directory.removeUnlessKept()
        }
    }

    package var description: String {
        "\(kind) pid \(compositorPID) WAYLAND_DISPLAY=\(waylandDisplay)"
            + (ipcSocketPath.map { " SWAYSOCK=\($0)" } ?? "")
    }
}

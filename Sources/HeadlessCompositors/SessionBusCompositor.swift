import DioramaPOSIX
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What KWin and Mutter share: each runs on a D-Bus session bus of its own,
/// with private XDG folders, and is configured afterwards over that bus (a
/// connection kept by ``RunningCompositor/sessionBus(for:)``) and through
/// `kscreen-doctor`, which reaches KWin over the bus and its Wayland socket.
///
/// The configuration file of a session bus that only its own processes (root
/// or the caller) use: everything is allowed on it, and it listens at a path
/// of the caller's, inside a folder Diorama removes. (Debian's default session
/// configuration listens in `/tmp`, where each bus that is killed leaves its
/// `dbus-XXXXXXXXXX` socket behind.)
package enum SessionBusConfiguration {
    /// The file's text, for `dbus-run-session --config-file=FILE`.
    package static func text(listeningAt socketPath: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:path=\(socketPath)</listen>
          <auth>EXTERNAL</auth>
          <standard_session_servicedirs/>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """
    }
}

/// The compositor runs under `dbus-run-session --config-file=FILE`: the bus
/// listens at a path inside the instance's runtime folder (so its address is
/// known before anything starts), `dbus-run-session` ends the bus when the
/// compositor exits, and the bus, the compositor and whatever the bus starts
/// on demand (dconf, portals) are one process group, which
/// ``RunningCompositor/stop(gracePeriod:)`` ends whole.
struct SessionBusInstance {
    let directory: InstanceDirectory
    /// `unix:path=<runtime>/bus`.
    let busAddress: String
    /// The private `XDG_CONFIG_HOME` (KWin's and kscreen's settings, GSettings' keyfile).
    let configHome: String

    /// Makes the instance folder with `config`, `data` and `cache` beside the
    /// runtime folder, and the bus configuration.
    static func make(kind: String) throws -> SessionBusInstance {
        let directory = try InstanceDirectory.make(kind: kind)
        let busSocket = directory.runtime + "/bus"
        let instance = SessionBusInstance(
            directory: directory, busAddress: "unix:path=\(busSocket)", configHome: directory.base + "/config")
        do {
            for folder in ["config", "data", "cache"] {
                try FileManager.default.createDirectory(
                    atPath: directory.base + "/" + folder, withIntermediateDirectories: true)
            }
            try SessionBusConfiguration.text(listeningAt: busSocket).write(toFile: instance.busConfigFile, atomically: false, encoding: .utf8)
        } catch {
            directory.remove()
            throw CompositorLaunchError.setupFailed(what: "prepare the session bus in \(directory.base)", detail: "\(error)")
        }
        return instance
    }

    var busConfigFile: String { directory.base + "/session-bus.conf" }

    /// Runs one step that prepares the instance's files; when it throws,
    /// removes the instance folder and throws `setupFailed` saying `what`.
    func prepare(_ what: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            directory.remove()
            throw CompositorLaunchError.setupFailed(what: what, detail: "\(error)")
        }
    }

    /// A Wayland socket name unique to this process and instance.
    static func uniqueSocketName(_ kind: String) -> String {
        "wayland-diorama-\(kind)-\(getpid())-\(InstanceCounter.shared.next())"
    }

    /// The compositor's environment: the caller's without another display or
    /// bus, with the private folders and bus, and the caller's shader cache
    /// (``callerShaderCacheParent(_:)``).
    func compositorEnvironment(_ extra: [String: String]) -> [String: String] {
        var privateFolders = [
            "XDG_RUNTIME_DIR": directory.runtime,
            "XDG_CONFIG_HOME": configHome,
            "XDG_DATA_HOME": directory.base + "/data",
            "XDG_CACHE_HOME": directory.base + "/cache",
            "HOME": directory.base,
            "DBUS_SESSION_BUS_ADDRESS": busAddress,
        ]
        privateFolders["MESA_SHADER_CACHE_DIR"] = callerShaderCacheParent(ProcessInfo.processInfo.environment)
        var environment = sanitizedEnvironment(privateFolders)
        for key in ["QT_QPA_PLATFORM", "DESKTOP_SESSION", "XDG_CURRENT_DESKTOP", "XDG_SESSION_TYPE"] {
            environment.removeValue(forKey: key)
        }
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Starts `executable arguments` behind `dbus-run-session`, logging to the
    /// instance's log. Removes the instance folder when it cannot start.
    func spawn(_ executable: String, _ arguments: [String], environment extra: [String: String]) throws -> SpawnedProcess {
        do {
            let runSession = try Executables.require("dbus-run-session", package: "dbus")
            return try Launcher.spawn(
                runSession, ["--config-file=\(busConfigFile)", "--", executable] + arguments,
                environment: compositorEnvironment(extra),
                logFile: directory.logFile, workingDirectory: directory.runtime)
        } catch {
            directory.remove()
            throw error
        }
    }

    /// Waits until the compositor `process` started (running `name`) accepts
    /// connections on `socketName` and `outputsReady` returns (it waits for
    /// the compositor's outputs, and stops it and throws when they do not
    /// come), and returns it as a ``RunningCompositor``; stops it and throws
    /// with its log tail when it exits or `timeout` passes first.
    func awaitCompositor(
        _ kind: RunningCompositor.Kind, process: SpawnedProcess, named name: String, socketName: String,
        timeout: TimeInterval, outputsReady: (RunningCompositor) throws -> Void
    ) throws -> RunningCompositor {
        let socketPath = directory.runtime + "/" + socketName
        let pid = try Launcher.awaitReady(
            name, process: process, directory: directory, behindRunuser: true,
            timeout: timeout, waitingFor: "socket \(socketPath)"
        ) { () -> pid_t? in
            guard isSocket(socketPath), socketAcceptsConnections(socketPath) else { return nil }
            return Self.compositorPID(under: process, named: name)
        }
        let compositor = RunningCompositor(
            kind: kind, process: process, compositorPID: pid, directory: directory,
            socketName: socketName, ipcSocketPath: nil, configFile: nil, sessionBusAddress: busAddress)
        try outputsReady(compositor)
        return compositor
    }

    /// Waits until the compositor owns `name` on its bus (the service it
    /// registers once it is set up), woken by the bus; stops it and throws
    /// with its log tail when it exits or `timeout` passes first.
    static func awaitBusName(_ name: String, on compositor: RunningCompositor, timeout: Duration) throws {
        try awaitReadiness(of: compositor, "\(name) on its bus", timeout: timeout) {
            try compositor.sessionBus(for: name).waitForOwner(of: name, timeout: timeout) { compositor.isRunning }
        }
    }

    /// Runs `wait`, a bounded wait for the compositor to become ready (it
    /// returns early when the compositor exits). When it throws, or the
    /// compositor exited meanwhile, stops the compositor and throws
    /// `timedOut` naming `what` (read after the wait) and why.
    static func awaitReadiness(
        of compositor: RunningCompositor, _ what: @autoclosure () -> String, timeout: Duration, _ wait: () throws -> Void
    ) throws {
        let why: String
        do {
            try wait()
            if compositor.isRunning { return }
            why = "it exited"
        } catch {
            why = "\(error)"
        }
        compositor.stop()
        throw CompositorLaunchError.timedOut(
            compositor: "\(compositor.kind)", waitingFor: "\(what()) (\(why))",
            seconds: Double(timeout.components.seconds), logTail: compositor.logTail())
    }

    /// The compositor's own pid under `dbus-run-session` (its child that runs
    /// `name`), once it is there.
    static func compositorPID(under launcher: SpawnedProcess, named name: String) -> pid_t? {
        ProcessStat.liveChildren(of: launcher.pid).first { processName($0.pid) == name }?.pid
    }

    /// `/proc/PID/comm`: the program's name (at most 15 characters).
    static func processName(_ pid: pid_t) -> String? {
        (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Runs one helper program to completion against a running compositor
/// (`kscreen-doctor …`) and returns what it printed.
enum HelperCommand {
    /// - Throws: ``CompositorLaunchError/helperFailed(command:status:output:)``
    ///   when it exits non-zero or does not finish within `timeout`.
    static func run(
        _ name: String, package: String, _ arguments: [String], on compositor: RunningCompositor,
        environment extra: [String: String] = [:], timeout: Duration = .seconds(20)
    ) throws -> String {
        let executable = try Executables.require(name, package: package)
        var environment = sanitizedEnvironment(compositor.environment)
        environment.merge(extra) { _, new in new }
        let outputFile = compositor.runtimeDirectory + "/helper-\(InstanceCounter.shared.next()).out"
        defer { unlink(outputFile) }
        let command = ([name] + arguments).joined(separator: " ")
        let process: SpawnedProcess
        do {
            process = try SpawnedProcess(
                executable: executable, arguments: arguments, environment: environment,
                workingDirectory: compositor.runtimeDirectory,
                standardOutput: .file(outputFile, append: false), standardError: .file(outputFile, append: true))
        } catch {
            throw CompositorLaunchError.spawnFailed(executable: executable, detail: error.reason)
        }
        guard let ended = process.waitForExit(timeout: timeout) else {
            process.terminate(grace: .milliseconds(200))
            throw CompositorLaunchError.helperFailed(command: command, status: nil, output: "no answer within \(timeout)")
        }
        let output = (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
        guard ended.shellStatus == 0 else {
            throw CompositorLaunchError.helperFailed(command: command, status: ended.shellStatus, output: output)
        }
        return output
    }
}

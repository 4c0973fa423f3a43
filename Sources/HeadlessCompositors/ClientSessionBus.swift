import DioramaPOSIX
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The D-Bus session bus the clients Diorama launches use when the caller
/// has none (`diorama sim -- COMMAND`, `diorama run`'s `launch`, `diorama
/// check -- COMMAND`).
///
/// Without one, a GLib client asks for a bus on its own (autolaunch through
/// `dbus-launch`, which needs X11), and a bus a client starts for itself
/// leaves the client's process group, so it outlives the run. Here the bus
/// is Diorama's: it listens at `bus` in a private folder (``TemporaryDirectory``,
/// `diorama-bus-XXXXXX` in `$TMPDIR`) under ``SessionBusConfiguration``, and
/// the clients get its address in `DBUS_SESSION_BUS_ADDRESS`, so they never
/// autolaunch one (GLib and libdbus only do when the variable is unset).
///
/// It runs as `dbus-run-session --config-file=FILE -- sh -c 'echo the address;
/// read line < lifeline'`, in a process group of its own: the shell reads a FIFO whose
/// only writer is this process, so when this process ends in any way,
/// SIGKILL included, the read ends, and `dbus-run-session` stops the bus.
/// While this process lives, ``stop()`` (or ``ExitCleanup`` at exit or on
/// SIGINT/SIGTERM) ends the group and removes the folder.
package final class ClientSessionBus: @unchecked Sendable {
    /// `unix:path=<folder>/bus,guid=…`, as the bus printed it.
    package let address: String
    /// The private folder holding the configuration, the socket and the log.
    package let folder: String
    private let process: SpawnedProcess
    /// This process's end of the lifeline FIFO (read and write, close-on-exec).
    private let lifeline: Int32

    /// How long the bus may take to print its address.
    static let startTimeout: Duration = .seconds(20)

    /// The caller's session bus, when it has one: a non-empty
    /// `DBUS_SESSION_BUS_ADDRESS`, or `$XDG_RUNTIME_DIR/bus` when that is a
    /// socket (where GLib and libdbus look next; the clients may get another
    /// `XDG_RUNTIME_DIR`, so it is passed on as an address).
    package static func callersBus(in environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return nil }
        guard isSocket(runtime + "/bus") else { return nil }
        return "unix:path=" + runtime + "/bus"
    }

    private static let shared = Mutex<ClientSessionBus?>(nil)

    /// `environment` with the session bus its clients are to use: the
    /// caller's own (``callersBus(in:)``) untouched, else the one bus this
    /// process starts the first time it is needed and keeps until it ends
    /// (one bus for a whole `run`, `check` or `sim`, however many clients).
    /// Without `dbus-run-session` (package `dbus-bin`) nothing is added:
    /// `dbus-launch` comes with it, so no client can start a bus either.
    ///
    /// - Throws: ``CompositorLaunchError`` when the bus does not start.
    package static func environment(forClientsOf environment: [String: String]) throws -> [String: String] {
        var environment = environment
        if let address = callersBus(in: environment) {
            environment["DBUS_SESSION_BUS_ADDRESS"] = address
            return environment
        }
        guard let runSession = Executables.find("dbus-run-session") else { return environment }
        let bus = try shared.withLock { shared in
            if let running = shared, running.process.isRunning { return running }
            shared?.stop()
            let started = try ClientSessionBus(runSession: runSession)
            shared = started
            return started
        }
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        return environment
    }

    /// Starts a bus and waits until it prints its address (it listens then).
    init(runSession: String) throws {
        let folder: String
        do {
            folder = try TemporaryDirectory.make(named: "diorama-bus")
        } catch {
            throw CompositorLaunchError.setupFailed(
                what: "make a folder for the clients' session bus in \(error.subject)",
                detail: "\(error.reason); set TMPDIR to a writable folder")
        }
        var opened: [Int32] = []
        do {
            let configuration = folder + "/session-bus.conf"
            try SessionBusConfiguration.text(listeningAt: folder + "/bus").write(toFile: configuration, atomically: false, encoding: .utf8)
            let lifelinePath = folder + "/lifeline"
            let readyPath = folder + "/ready"
            for path in [lifelinePath, readyPath] where mkfifo(path, 0o600) != 0 {
                throw SystemCallError("mkfifo", subject: path)
            }
            // Read and write: opening never blocks, and the shell's read end
            // opens at once since a writer exists.
            let lifeline = open(lifelinePath, O_RDWR | O_CLOEXEC)
            guard lifeline >= 0 else { throw SystemCallError("open", subject: lifelinePath) }
            opened.append(lifeline)
            // The reader first, so that the bus's end (write) opens at once.
            let ready = open(readyPath, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard ready >= 0 else { throw SystemCallError("open", subject: readyPath) }
            opened.append(ready)
            let log = folder + "/bus.log"
            var busEnvironment = ProcessInfo.processInfo.environment
            busEnvironment.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
            let process = try SpawnedProcess(
                executable: runSession,
                arguments: [
                    "--config-file=\(configuration)", "--", "/bin/sh", "-c",
                    #"printf '%s\n' "$DBUS_SESSION_BUS_ADDRESS"; read -r line < "$1""#, "sh", lifelinePath,
                ],
                environment: busEnvironment, workingDirectory: folder, standardOutput: .file(readyPath, append: false),
                standardError: .file(log, append: false))
            guard let address = Self.readLine(from: ready, until: process) else {
                process.terminate(grace: .milliseconds(200))
                let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                throw CompositorLaunchError.helperFailed(
                    command: "dbus-run-session --config-file=\(configuration)", status: process.termination?.shellStatus,
                    output: output.isEmpty ? "no address within \(Self.startTimeout)" : output)
            }
            close(ready)
            self.address = address
            self.folder = folder
            self.process = process
            self.lifeline = lifeline
        } catch {
            for descriptor in opened { close(descriptor) }
            try? TemporaryDirectory.remove(folder)
            if error is CompositorLaunchError { throw error }
            throw CompositorLaunchError.setupFailed(what: "start a session bus for the clients in \(folder)", detail: "\(error)")
        }
    }

    /// The first line the bus's shell writes to `ready`, or nil when it
    /// exits or ``startTimeout`` passes first.
    private static func readLine(from ready: Int32, until process: SpawnedProcess) -> String? {
        let deadline = ContinuousClock.now + startTimeout
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 512)
        while !bytes.contains(UInt8(ascii: "\n")) {
            guard ReadableWait.block(on: [ready, process.exitDescriptor], until: deadline) else { return nil }
            let count = read(ready, &chunk, chunk.count)
            if count > 0 {
                bytes += chunk[..<count]
            } else if count == 0 || (errno != EAGAIN && errno != EINTR) || !process.isRunning {
                return nil  // the writer left (the shell or dbus-run-session ended) without a line
            }
        }
        let line = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        return line.hasPrefix("unix:") ? line : nil
    }

    /// Ends the bus and what it started (its process group), and removes its folder.
    package func stop() {
        process.terminate(grace: .seconds(2))
        close(lifeline)
        try? TemporaryDirectory.remove(folder)
    }

    /// Stops the bus this process started for its clients, if any (the end
    /// of a `run`, `check` or `sim`); the next client that needs one gets a new one.
    package static func stopShared() {
        shared.withLock { shared in
            shared?.stop()
            shared = nil
        }
    }
}

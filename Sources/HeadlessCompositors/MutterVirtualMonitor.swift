import DioramaPOSIX
import Foundation

/// A monitor plugged into a running Mutter: a ScreenCast virtual monitor
/// (`org.gnome.Mutter.ScreenCast`, `RecordVirtual`) that exists while a
/// PipeWire consumer pulls its stream. Mutter gives it the size the consumer
/// asks for; ``unplug()`` stops the session, which removes the monitor.
///
/// PipeWire and WirePlumber run privately (``MutterPipeWire``), on the
/// compositor's runtime folder and session bus; the consumer is
/// `gst-launch-1.0 pipewiresrc path=NODE ! video/x-raw,… ! fakesink`.
package final class MutterVirtualMonitor: @unchecked Sendable {
    static let service = "org.gnome.Mutter.ScreenCast"

    /// The connector Mutter gave the new monitor (`Meta-2`).
    package let connector: String
    private let bus: SessionBusConnection
    private let sessionPath: String
    private let consumer: SpawnedProcess

    /// Plugs a `width`×`height` monitor refreshing at `refreshMilliHz` and
    /// returns once DisplayConfig lists it. Mutter takes the refresh from the
    /// most frames a second the stream's consumer asks for.
    ///
    /// - Throws: ``CompositorLaunchError`` (gst-launch-1.0, pipewire or
    ///   wireplumber missing; a ScreenCast call refused; no stream or no new
    ///   monitor within `timeout`).
    package init(
        on compositor: RunningCompositor, width: Int, height: Int, refreshMilliHz: Int, pipeWire: MutterPipeWire,
        timeout: Duration = .seconds(30)
    ) throws {
        let gstLaunch = try Executables.require("gst-launch-1.0", package: "gstreamer1.0-tools")
        let before = Set(try MutterHeadless.displayState(of: compositor).monitors.map(\.connector))
        let bus = try SessionBusConnection(sessionBusOf: compositor, for: "\(Self.service).CreateSession")
        self.bus = bus
        let created = try bus.call(
            Self.service, path: "/org/gnome/Mutter/ScreenCast", interface: Self.service, method: "CreateSession", [.options([:])])
        guard let session = created[0]?.text else {
            throw CompositorLaunchError.dbusCallFailed(method: "\(Self.service).CreateSession", message: "the answer \(created) holds no session path")
        }
        sessionPath = session
        let sessionInterface = "\(Self.service).Session"
        // The stream's PipeWire node is announced by a signal once the session starts.
        let added = try bus.awaitSignal(interface: "\(Self.service).Stream", member: "PipeWireStreamAdded", timeout: timeout) {
            try bus.call(Self.service, path: session, interface: sessionInterface, method: "RecordVirtual", [.options(["cursor-mode": .uint32(1)])])
            try bus.call(Self.service, path: session, interface: sessionInterface, method: "Start")
        }
        guard case .uint32(let node)? = added[0] else {
            throw CompositorLaunchError.dbusCallFailed(method: "\(Self.service).Stream.PipeWireStreamAdded", message: "no node id in \(added)")
        }
        let log = compositor.runtimeDirectory + "/consumer-\(node).log"
        var spawned: SpawnedProcess?
        // Mutter adds the monitor once the consumer pulls the stream, and says so with MonitorsChanged.
        let changed = Result {
            try bus.awaitSignal(interface: "org.gnome.Mutter.DisplayConfig", member: "MonitorsChanged", timeout: timeout) {
                do {
                    spawned = try SpawnedProcess(
                        executable: gstLaunch,
                        arguments: [
                            "pipewiresrc", "path=\(node)", "!", "video/x-raw,max-framerate=\(refreshMilliHz)/1000,width=\(width),height=\(height)", "!",
                            "fakesink",
                        ], environment: pipeWire.environment, standardOutput: .file(log, append: false),
                        standardError: .file(log, append: true))
                } catch let error as SpawnError {
                    throw CompositorLaunchError.spawnFailed(executable: gstLaunch, detail: error.reason)
                }
            }
        }
        let found = (try? MutterHeadless.displayState(of: compositor).monitors.map(\.connector))?.first { !before.contains($0) }
        guard let consumer = spawned, case .success = changed, let found else {
            spawned?.terminate(grace: .seconds(1))
            _ = try? bus.call(Self.service, path: session, interface: sessionInterface, method: "Stop", timeout: .seconds(5))
            if case .failure(let error as CompositorLaunchError) = changed, case .spawnFailed = error { throw error }
            throw CompositorLaunchError.helperFailed(
                command: "gst-launch-1.0 pipewiresrc path=\(node)", status: spawned?.termination?.shellStatus,
                output: "Mutter listed no new monitor while it was to pull the stream. \(tailOfFile(log, maxLines: 20))")
        }
        self.consumer = consumer
        connector = found
    }

    deinit { unplug() }

    /// Stops the ScreenCast session and returns once Mutter removed the
    /// monitor (its MonitorsChanged signal; at most `timeout`), then stops
    /// the consumer. Idempotent.
    ///
    /// This is the way to unplug it: a DisplayConfig layout that leaves a
    /// virtual monitor out made Mutter 43 exit.
    package func unplug(timeout: Duration = .seconds(10)) {
        _ = try? bus.awaitSignal(interface: "org.gnome.Mutter.DisplayConfig", member: "MonitorsChanged", timeout: timeout) {
            try bus.call(Self.service, path: sessionPath, interface: "\(Self.service).Session", method: "Stop", timeout: .seconds(5))
        }
        bus.close()
        consumer.terminate(grace: .seconds(1))
    }
}

/// PipeWire and WirePlumber started for one Mutter instance, on its runtime
/// folder (the `pipewire-0` socket Mutter's ScreenCast connects to) and its
/// session bus; ``stop()`` ends both.
package final class MutterPipeWire: @unchecked Sendable {
    private let processes: [SpawnedProcess]
    /// What a PipeWire client of this instance needs (the compositor's environment).
    package let environment: [String: String]

    /// Starts both and returns once PipeWire's socket accepts connections.
    ///
    /// - Throws: ``CompositorLaunchError`` (a program missing, PipeWire exited
    ///   or not ready within `timeout`).
    package init(for compositor: RunningCompositor, timeout: TimeInterval = 20) throws {
        environment = compositor.clientEnvironment()
        var started: [SpawnedProcess] = []
        do {
            for (name, package) in [("pipewire", "pipewire"), ("wireplumber", "wireplumber")] {
                let executable = try Executables.require(name, package: package)
                let log = compositor.runtimeDirectory + "/\(name).log"
                do {
                    started.append(
                        try SpawnedProcess(
                            executable: executable, environment: environment, workingDirectory: compositor.runtimeDirectory,
                            standardOutput: .file(log, append: false), standardError: .file(log, append: true)))
                } catch {
                    throw CompositorLaunchError.spawnFailed(executable: executable, detail: error.reason)
                }
                guard name == "pipewire" else { continue }
                let socket = compositor.runtimeDirectory + "/pipewire-0"
                let ready = poll(timeout: timeout) { socketAcceptsConnections(socket) || !started[0].isRunning }
                guard ready, started[0].isRunning else {
                    throw CompositorLaunchError.timedOut(
                        compositor: "pipewire", waitingFor: "socket \(socket)", seconds: timeout, logTail: tailOfFile(log, maxLines: 20))
                }
            }
        } catch {
            for process in started { process.terminate(grace: .seconds(1)) }
            throw error
        }
        processes = started
    }

    deinit { stop() }

    /// Stops WirePlumber, then PipeWire. Idempotent.
    package func stop() {
        for process in processes.reversed() { process.terminate(grace: .seconds(1)) }
    }
}

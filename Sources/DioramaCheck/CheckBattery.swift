import DioramaModel
import DioramaPOSIX
import DioramaScenarioBackends
import DioramaSimulator
import Foundation
import Glibc
import HeadlessCompositors

/// The fixed battery `diorama check` runs on one client: it starts the
/// simulator in-process (on its own thread), launches the client as a real
/// process on the simulator's socket in a private runtime directory, puts
/// its first window through each check in turn and grades what it drew,
/// from the simulator's trace (``ScaleResponse``, so "drawn for the scale in
/// effect" means what ``ScaleInEffect`` says). The client is always stopped
/// at the end, and every wait is bounded.
///
/// The checks, in order (`Docs/check.md` describes each):
/// `first-frame-2x`, `move-to-1x`, `move-to-2x`, `fractional-scale`,
/// `rescale-under-window`, `rotate`, `unplug-other-display`,
/// `unplug-current-display`, `interactive-resize`, `min-size`.
///
/// With a CI shard (``CheckConfiguration/shard``) only that shard's checks
/// run, each on a fresh simulator and client as always: every check sets up
/// the window's display it starts from, so a check runs alike in any shard.
package enum CheckBattery {
    /// Every check's name, in the order the battery runs them.
    package static let checkNames = [
        "first-frame-2x", "move-to-1x", "move-to-2x", "fractional-scale", "rescale-under-window", "rotate",
        "unplug-other-display", "unplug-current-display", "interactive-resize", "min-size",
    ]

    /// Runs every check and returns the report.
    ///
    /// - Throws: ``CheckError`` when the check cannot run at all (the client
    ///   is not found or cannot be spawned, the report folder cannot be
    ///   written, the simulator cannot listen). A client that starts and then
    ///   misbehaves is a failed check, not an error.
    package static func run(_ configuration: CheckConfiguration) async throws(CheckError) -> CheckReport {
        guard let program = configuration.command.first else { throw .noCommand }
        let executable = try ExecutableSearch.locate(program, path: configuration.environment["PATH"])
        let output = URL(fileURLWithPath: configuration.outputDirectory)
        do {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        } catch {
            throw .outputDirectory(configuration.outputDirectory, reason: error.localizedDescription)
        }
        if let stage = configuration.stage, stage != .sim {
            return try await runOnCompositor(stage, configuration, program: program)
        }
        let runtimeDirectory = try makePrivateRuntimeDirectory()
        defer { try? TemporaryDirectory.remove(runtimeDirectory) }

        let displays = CheckDisplays(configuration.layout)
        let simulator: BackgroundSimulator
        do {
            simulator = try BackgroundSimulator(runtimeDirectory: runtimeDirectory) { [configuration, displays] in
                var simulatorConfiguration = SimulatorConfiguration(
                    layout: configuration.layout, profile: configuration.profile,
                    limits: SimulatorLimits(traceCapacity: 1_000_000))
                // The first frame is checked on the 2x display: new windows open there.
                simulatorConfiguration.defaultDisplay = displays.double?.name
                return simulatorConfiguration
            }
        } catch {
            throw .simulator("\(error)")
        }
        defer { simulator.stop() }
        // A profile that opens new windows on the display under the pointer
        // (mutter-43) needs the pointer there too, or the first frame is drawn
        // on the display the pointer starts on.
        if configuration.profile.newWindowDisplay == .pointerDisplay, let double = displays.double?.name {
            do {
                try simulator.perform { simulator in
                    guard let area = simulator.displays.first(where: { $0.name == double })?.logicalRect else { return }
                    try simulator.movePointer(to: .global(Point(x: area.minX + area.width / 2, y: area.minY + area.height / 2)))
                }
            } catch {
                throw .simulator("\(error)")
            }
        }

        var environment = configuration.environment
        for variable in ["WAYLAND_SOCKET", "DISPLAY", "WAYLAND_DISPLAY"] { environment.removeValue(forKey: variable) }
        environment.merge(simulator.clientEnvironment) { _, new in new }
        do {
            environment = try ClientSessionBus.environment(forClientsOf: environment)
        } catch {
            throw .clientDidNotStart(program, reason: "\(error)")
        }
        let logs = (output.appendingPathComponent("client.stdout.log"), output.appendingPathComponent("client.stderr.log"))
        // Each log is written over from its start (a link is followed), as
        // another run's would be; a folder of that name is the user's, left alone.
        for log in [logs.0, logs.1] {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: log.path, isDirectory: &isFolder), isFolder.boolValue {
                throw .outputDirectory(
                    output.path, reason: "\(log.lastPathComponent) in it is a folder; the client's output goes to a file of that name")
            }
        }
        let client: ClientProcess
        do {
            client = try ClientProcess(
                executable: executable, arguments: Array(configuration.command.dropFirst()),
                environment: environment, traceFile: output.appendingPathComponent("client.trace.jsonl"),
                standardOutputFile: logs.0, standardErrorFile: logs.1)
        } catch {
            throw .clientDidNotStart(program, reason: error.localizedDescription)
        }

        let started = Date()
        let session = CheckSession(simulator: simulator, client: client, configuration: configuration, displays: displays)
        let results = await session.runAll()
        let exit = client.isRunning ? "still running" : client.exitDescription
        await client.terminate(grace: .seconds(3))
        return CheckReport(
            command: configuration.command, layout: configuration.layoutName,
            profile: configuration.profile.name, displays: displays.roles, checks: results,
            shard: configuration.shard?.description,
            clientExit: exit, startedAt: started.formatted(.iso8601),
            durationSeconds: Date().timeIntervalSince(started))
    }

    /// A new 0700 directory for the simulator's socket, so the client finds
    /// no other compositor and nothing else finds this one.
    private static func makePrivateRuntimeDirectory() throws(CheckError) -> String {
        do {
            return try TemporaryDirectory.make(named: "diorama-check")
        } catch {
            throw .simulator("cannot create a private runtime directory in \(error.subject): \(error.reason); set TMPDIR to a writable folder")
        }
    }
}

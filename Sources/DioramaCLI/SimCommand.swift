import ArgumentParser
import DioramaControlClient
import DioramaModel
import DioramaSimulator
import Foundation
import Glibc
import HeadlessCompositors

/// `diorama sim`: runs the display simulator until SIGINT/SIGTERM, or, with
/// `-- COMMAND`, until that command exits.
///
/// Output: stdout gets exactly one line a shell can `eval`:
/// `XDG_RUNTIME_DIR='…'; WAYLAND_DISPLAY='…'; DIORAMA_CONTROL='…'; export XDG_RUNTIME_DIR WAYLAND_DISPLAY DIORAMA_CONTROL`
/// printed (and flushed) once the sockets accept connections; a summary of
/// the displays goes to stderr. Exit status: 0 after a signal, the command's
/// status with `--`, 2 for bad input (a layout error, a socket in use).
struct SimCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sim",
        abstract: "Run the headless multi-display Wayland simulator.",
        discussion: """
            Starts a Wayland compositor with the displays of a layout (Configs/displays/NAME.json \
            or a path), prints the environment clients and `diorama ctl` need as a line a shell can \
            eval, and runs until SIGINT or SIGTERM. After `--`, runs one command under it and exits \
            with that command's status when it exits.

            Examples:
              diorama sim --layout studio > /tmp/sim.env &  sleep 1; . /tmp/sim.env
              diorama sim --layout dual --profile sway-1.7 --trace trace.jsonl -- foot
            """)

    @Option(name: .long, help: ArgumentHelp("A layout name (Configs/displays/NAME.json) or a layout file.", valueName: "NAME|PATH"))
    var layout = "dual"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "What to offer and how: \(CompositorProfile.all.map(\.name).joined(separator: ", ")).",
            valueName: "NAME"))
    var profile = "modern"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The Wayland socket's name in XDG_RUNTIME_DIR (default: the first free wayland-N).",
            valueName: "NAME"))
    var socket: String?

    @Option(name: .long, help: ArgumentHelp("How a surface's preferred scale is chosen: max or largest-overlap.", valueName: "POLICY"))
    var preferredScale = "max"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How wl_output.scale is derived from a fractional scale: ceil or round (default: the profile's).",
            valueName: "RULE"))
    var outputScale: String?

    @Option(name: .long, help: ArgumentHelp("Write every trace record to FILE (replacing it) as JSON lines, as it happens.", valueName: "FILE"))
    var trace: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where the control socket goes (default: next to the Wayland socket, NAME.control).",
            valueName: "PATH"))
    var control: String?

    @OptionGroup(title: "Limits")
    var limits: SimLimitsOptions

    @Argument(parsing: .postTerminator, help: ArgumentHelp("A command to run under the simulator.", valueName: "COMMAND"))
    var command: [String] = []

    func validate() throws {
        guard CompositorProfile.named(profile) != nil else {
            throw ValidationError("--profile must be one of \(CompositorProfile.all.map(\.name).joined(separator: ", ")), got \"\(profile)\"")
        }
        guard PreferredScalePolicy(rawValue: preferredScale) != nil else {
            throw ValidationError("--preferred-scale must be max or largest-overlap, got \"\(preferredScale)\"")
        }
        if let outputScale, OutputScaleRounding(rawValue: outputScale) == nil {
            throw ValidationError("--output-scale must be ceil or round, got \"\(outputScale)\"")
        }
        try limits.validate()
    }

    func run() throws {
        var standardError = StandardError()
        // A --trace FIFO or a stdout pipe whose reader left must not end the
        // simulator: the write fails with EPIPE and is reported instead.
        signal(SIGPIPE, SIG_IGN)
        let configuration: SimulatorConfiguration
        do {
            configuration = SimulatorConfiguration(
                layout: try DisplayLayout.load(named: layout), profile: CompositorProfile.named(profile)!,
                preferredScalePolicy: PreferredScalePolicy(rawValue: preferredScale)!, limits: limits.limits,
                outputScaleRounding: outputScale.flatMap(OutputScaleRounding.init(rawValue:)))
        } catch {
            print("diorama sim: \(error)", to: &standardError)
            throw DioramaExitCode.badInput
        }
        let simulator: Simulator
        let endpoint: ControlServer
        let traceFile: TraceFileWriter?
        do {
            simulator = try Simulator(configuration: configuration)
            // libwayland reads SIGINT/SIGTERM through a signalfd and blocks them
            // in this thread; threads started later (the control endpoint's,
            // the child's waiter) inherit the mask, so the signals reach the
            // loop instead of killing the process. Hence first.
            simulator.stopOnTerminationSignals()
            traceFile = try trace.map { path throws in try TraceFileWriter(path: path, trace: simulator.trace) }
            try simulator.start(socketName: socket)
            endpoint = try ControlServer(simulator: simulator, path: control)
        } catch {
            print("diorama sim: \(error)", to: &standardError)
            throw DioramaExitCode.badInput
        }
        // Teardown mirrors setup: control clients first, then the compositor
        // (which removes every global before destroying the display and its
        // sockets), then the trace file and the session bus.
        func tearDown() {
            endpoint.stop()
            simulator.shutDown()
            traceFile?.close()
            ClientSessionBus.stopShared()
        }
        var environment = simulator.clientEnvironment
        environment[ControlClient.environmentVariable] = endpoint.path
        print(Self.shellLine(environment))
        // The eval line must reach a pipe now, not at exit. A caller that
        // cannot read it cannot reach the simulator: stop, removing the
        // sockets and the runtime folder.
        guard CommandOutput.flushed() else {
            tearDown()
            throw DioramaExitCode.badInput
        }
        for display in simulator.displays {
            let rect = display.logicalRect
            print(
                "diorama sim: \(display.name) \(display.configuration.mode.width)x\(display.configuration.mode.height) "
                    + "scale \(display.scale) \(display.configuration.transform.name) at \(rect.minX),\(rect.minY) "
                    + "(\(rect.width)x\(rect.height) points)", to: &standardError)
        }

        var child: SimChildProcess?
        if !command.isEmpty {
            var childEnvironment = ProcessInfo.processInfo.environment
            childEnvironment.removeValue(forKey: "WAYLAND_SOCKET")
            childEnvironment.merge(environment) { _, new in new }
            do {
                // A session bus of the simulator's when the caller has none,
                // stopped with it (see ClientSessionBus).
                childEnvironment = try ClientSessionBus.environment(forClientsOf: childEnvironment)
                child = try SimChildProcess(command: command, environment: childEnvironment) { [remote = simulator.remoteControl] in
                    remote.enqueue { $0.stop() }
                }
            } catch {
                print("diorama sim: \(error)", to: &standardError)
                tearDown()
                throw DioramaExitCode.badInput
            }
        } else {
            print("diorama sim: profile \(profile); stop with Ctrl-C or SIGTERM", to: &standardError)
        }

        simulator.run()
        tearDown()
        if let child {
            throw ExitCode(child.finish())
        }
    }

    /// `K='v'; …; export K …`, single-quoted so any path survives `eval`.
    static func shellLine(_ environment: [String: String]) -> String {
        let order = ["XDG_RUNTIME_DIR", "WAYLAND_DISPLAY", ControlClient.environmentVariable].filter { environment[$0] != nil }
        func quoted(_ value: String) -> String { "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return order.map { "\($0)=\(quoted(environment[$0]!))" }.joined(separator: "; ") + "; export " + order.joined(separator: " ")
    }
}

/// `--max-surfaces-per-client`, `--max-buffer-bytes`, `--max-pool-bytes`,
/// `--trace-capacity`, `--max-control-connections`, `--control-idle-timeout`:
/// the simulator's ``SimulatorLimits``.
struct SimLimitsOptions: ParsableArguments {
    @Option(name: .long, help: "wl_surface objects one client may hold (default 10000).")
    var maxSurfacesPerClient: Int?
    @Option(name: .long, help: "The largest wl_shm buffer in bytes (default 268435456).")
    var maxBufferBytes: Int?
    @Option(name: .long, help: "The largest wl_shm pool in bytes (default 1073741824).")
    var maxPoolBytes: Int?
    @Option(name: .long, help: "Trace records kept in memory; older ones are dropped (default 100000).")
    var traceCapacity: Int?
    @Option(name: .long, help: "Control connections served at once; one more is answered busy (default 64).")
    var maxControlConnections: Int?
    @Option(name: .long, help: "Seconds a control connection may stay idle between requests before it is closed (default 60).")
    var controlIdleTimeout: Double?

    /// The most trace records `--trace-capacity` may keep: they are held in
    /// memory, about 200 bytes each (2 GB at this bound).
    static let maximumTraceCapacity = 10_000_000

    func validate() throws {
        if let value = traceCapacity, value > Self.maximumTraceCapacity {
            throw ValidationError(
                "--trace-capacity must be at most \(Self.maximumTraceCapacity) (records are kept in memory, about 200 bytes each), got \(value); "
                    + "write them all to a file with --trace instead")
        }
        for (name, value) in [
            ("--max-surfaces-per-client", maxSurfacesPerClient), ("--max-buffer-bytes", maxBufferBytes),
            ("--max-pool-bytes", maxPoolBytes), ("--trace-capacity", traceCapacity),
        ] {
            if let value, value < 1 { throw ValidationError("\(name) must be at least 1, got \(value)") }
        }
        if let value = maxControlConnections, value < 1 { throw ValidationError("--max-control-connections must be at least 1, got \(value)") }
        if let value = controlIdleTimeout, !(0.001...86_400).contains(value) {
            throw ValidationError("--control-idle-timeout must be between 0.001 and 86400 seconds, got \(value)")
        }
    }

    var limits: SimulatorLimits {
        let standard = SimulatorLimits.standard
        return SimulatorLimits(
            maximumSurfacesPerClient: maxSurfacesPerClient ?? standard.maximumSurfacesPerClient,
            maximumBufferBytes: maxBufferBytes ?? standard.maximumBufferBytes,
            maximumPoolBytes: maxPoolBytes ?? standard.maximumPoolBytes,
            traceCapacity: traceCapacity ?? standard.traceCapacity,
            maximumControlConnections: maxControlConnections ?? standard.maximumControlConnections,
            controlIdleTimeout: controlIdleTimeout.map { .milliseconds(Int64(($0 * 1000).rounded())) } ?? standard.controlIdleTimeout)
    }
}

import ArgumentParser
import DioramaControlProtocol
import DioramaModel
import Foundation

/// `diorama ctl trace [--since N] [--follow]`: the simulator's trace as JSON
/// lines (Docs/trace-format.md) on stdout.
struct CtlTraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Print the trace as JSON lines; --follow keeps printing new records.")
    @OptionGroup var connection: CtlConnectionOptions
    @Option(name: .long, help: "Only records with a sequence number above N.") var since: UInt64 = 0
    @Flag(name: .long, help: "Keep printing records as they happen, until interrupted or the simulator stops.") var follow = false

    func validate() throws {
        if let problem = InputRanges.problem("--since", since, in: InputRanges.traceSequence) { throw ValidationError(problem) }
    }

    func run() throws {
        let client = try connection.connect("trace")
        let header: ControlResponse
        do {
            header = try client.trace(since: since, follow: follow) { line in
                print(line)
                if follow { CommandOutput.flush() }
                return true
            }
        } catch {
            CtlConnectionOptions.report("trace", "\(error)")
            throw DioramaExitCode.badInput
        }
        if let failure = header.failure { throw CtlConnectionOptions.exit("trace", failure) }
        if let dropped = header.dropped, dropped > 0 {
            CtlConnectionOptions.report("trace", "note: \(dropped) older records were dropped (the trace ring is full; raise --trace-capacity)")
        }
    }
}

/// `diorama ctl wait-settled WINDOW [--timeout S]`: exits 0 once the window
/// has acknowledged and committed every configure, 1 on timeout.
struct CtlWaitSettledCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wait-settled",
        abstract: "Wait until a window has acknowledged and committed every configure.")
    @OptionGroup var connection: CtlConnectionOptions
    @Argument(help: "The window.") var window: String
    @Option(name: .long, help: "Seconds to wait.") var timeout: Double = 5

    func validate() throws {
        _ = try CtlArguments.milliseconds(ofSeconds: timeout, "--timeout")
    }

    func run() throws {
        try connection.send(
            .wait(.settled(WindowSelector(parsing: window)), timeoutMilliseconds: CtlArguments.milliseconds(ofSeconds: timeout, "--timeout")),
            command: "wait-settled")
    }
}

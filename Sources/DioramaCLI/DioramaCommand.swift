import ArgumentParser
import DioramaLogging
import DioramaModel
import Foundation
import Glibc
import Logging
import Synchronization

/// The `diorama` command: one subcommand per job, each in its own file.
///
/// Exit codes, shared by every subcommand: 0 success (all expectations
/// passed), 1 a check failed (an expectation, a lint warning), 2 bad usage or
/// unusable input (no compositor, a malformed file).
package struct DioramaCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "diorama",
        abstract: "UIKit-style resizable scenes on Wayland, a multi-display simulator, and scenario tests.",
        discussion: """
            Examples:
              diorama outputs               the outputs of the running compositor
              diorama outputs --json        the same, as JSON
              diorama lint .                check iOS projects here for resizable scenes
              diorama run                   run Configs/scenarios on the simulator
              diorama merge *.json --junit all.xml
                                            one report from a CI matrix's runs
              diorama demo                  a one-minute tour with an HTML report
              diorama sim --layout studio   the display simulator (prints WAYLAND_DISPLAY)
              diorama ctl windows           the simulator's windows
              diorama check -- foot         grade how a client follows scales, moves,
                                            hot-plug and resizes
            """,
        version: DioramaVersion.current,
        subcommands: DioramaCommand.subcommandTypes)

    package init() {}

    /// Every subcommand, in the order `--help` lists them. A new subcommand
    /// adds one line here.
    static let subcommandTypes: [any ParsableCommand.Type] = [
        OutputsCommand.self,
        LintCommand.self,
        RunCommand.self,
        MergeCommand.self,
        DemoCommand.self,
        SimCommand.self,
        CtlCommand.self,
        CheckCommand.self,
    ]
}

extension DioramaCommand {
    /// What to do when the command line holds a value that starts with `-`
    /// and a digit (`-1280,0`, `-5x10`, `-1.5`): the parser reads such a
    /// word as an option, so a position left of the origin got "Missing
    /// expected argument". Options that take numbers accept them as they
    /// are (`--at -10,0`); an argument in its place does not. Nil when no
    /// word looks like that, or when `message` is not the parser's (a
    /// value that was read as one and then refused needs no such hint).
    static func negativeValueHint(_ arguments: [String], message: String) -> String? {
        let parserMessages = ["Missing expected argument", "Missing value for", "Unknown option", "Unexpected argument"]
        guard parserMessages.contains(where: message.contains) else { return nil }
        let beforeTerminator = arguments.prefix { $0 != "--" }
        // An unknown option is named in the message: the hint is only for
        // it, not for a value an option took (`--dy -3 --bogus`).
        let unknown = message.contains("Unknown option")
        guard
            let value = beforeTerminator.first(where: { word in
                word.count > 1 && word.hasPrefix("-") && word.dropFirst().first.map { $0.isNumber || $0 == "." } == true
                    && (!unknown || message.contains("'\(word)'"))
            })
        else { return nil }
        return "hint: \(value) starts with -, so it was read as an option; "
            + "put arguments that start with - after --, e.g. diorama ctl display move DP-2 -- -1280,0"
    }
}

package enum DioramaVersion {
    package static let current = "0.1.0"
}

/// Exit codes shared by every subcommand.
package enum DioramaExitCode {
    package static let success = ExitCode(0)
    package static let checkFailed = ExitCode(1)
    package static let badInput = ExitCode(2)
}

extension DioramaCommand {
    /// Runs the command like `main()`, but bad usage exits with 2 (Diorama's
    /// code for bad usage or input) instead of swift-argument-parser's 64.
    package static func mainWithDioramaExitCodes(_ arguments: [String]? = nil) -> Never {
        // The libraries' log lines (the simulator's, the client core's) print
        // as plain `warning: …` lines, as the CLI's own messages do.
        LoggingSystem.bootstrap(PlainLogHandler.init)
        CommandOutput.checkAtExit()
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            self.exit()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                var standardError = StandardError()
                print(fullMessage(for: error), to: &standardError)
                if let hint = negativeValueHint(arguments ?? Array(CommandLine.arguments.dropFirst()), message: message(for: error)) {
                    print(hint, to: &standardError)
                }
                self.exit(withError: ExitCode(2))
            }
            self.exit(withError: error)
        }
    }
}

/// stderr as a TextOutputStream, for `print(…, to:)`. A failed write is
/// dropped (see `DescriptorWriter.reportToStandardError`).
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        try? DescriptorWriter.standardError.write(string)
    }
}

/// What every subcommand writes to stdout goes through C's buffered `stdout`
/// (Swift's `print`), and this makes sure it arrived: output that silently
/// vanished (a full disk, `> /dev/full`) would let a script go on with a
/// truncated report and exit 0.
enum CommandOutput {
    /// Registers the check that runs when the process exits, whatever the
    /// path to `exit` (a finished command, a thrown exit code, `--help`).
    static func checkAtExit() {
        atexit { CommandOutput.flush() }
    }

    /// Pushes buffered output out now (a followed trace); when stdout
    /// cannot be written, says so on stderr and exits with 2 at once. Only
    /// for a command with nothing to clean up, and at exit: `_exit` skips
    /// the rest of the command (a command that owns something calls
    /// ``flushed()`` and ends itself).
    static func flush() {
        if !flushed() { _exit(2) }
    }

    /// Pushes buffered output out now (an eval line); false, after saying so
    /// on stderr once, when stdout cannot be written.
    static func flushed() -> Bool {
        // All streams (Swift 6 cannot name C's `stdout`; stderr is unbuffered
        // anyway). A write that failed earlier, when the buffer filled up
        // mid-command, fails again here: glibc keeps the unwritten bytes.
        guard fflush(nil) != 0 else { return true }
        let reason = String(cString: strerror(errno))
        if !failureReported.exchange(true, ordering: .relaxed) {
            DescriptorWriter.reportToStandardError("diorama: cannot write output: \(reason)")
        }
        return false
    }

    /// Whether the failure was said already (by the command, before the
    /// same failure at exit).
    private static let failureReported = Atomic<Bool>(false)
}

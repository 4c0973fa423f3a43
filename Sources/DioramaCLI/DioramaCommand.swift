import ArgumentParser

/// The `diorama` command: one subcommand per job, each in its own file.
///
/// Exit codes, shared by every subcommand: 0 success (all expectations
/// passed), 1 a check failed (an expectation, a lint warning), 2 bad usage or
/// unusable input (no compositor, a malformed file).
public struct DioramaCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "diorama",
        abstract: "UIKit-style resizable scenes on Wayland, a multi-display simulator, and scenario tests.",
        discussion: """
        Examples:
          diorama outputs                 list the outputs of the running compositor
          diorama outputs --json          the same, as JSON
          diorama lint .                  check the app projects here for resizable scenes
        """,
        version: DioramaVersion.current,
        subcommands: DioramaCommand.subcommandTypes)

    public init() {}

    /// Every subcommand, in the order `--help` lists them. A new subcommand
    /// adds one line here.
    static let subcommandTypes: [any ParsableCommand.Type] = [
        LintCommand.self,
    ]
}

public enum DioramaVersion {
    public static let current = "0.1.0"
}

/// Exit codes shared by every subcommand.
public enum DioramaExitCode {
    public static let success = ExitCode(0)
    public static let checkFailed = ExitCode(1)
    public static let badInput = ExitCode(2)
}

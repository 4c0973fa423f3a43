import ArgumentParser
import Testing

@testable import DioramaCLI

/// `--help` on an 80-column terminal (and in a pipe, where ArgumentParser
/// assumes 80): the help text wraps every line longer than that, and an
/// indented example wrapped that way goes on at column 0, under the
/// command, where it reads as a line of its own.
@Suite("help text layout")
struct HelpLayoutTests {
    /// Every command the `diorama` tool has, its subcommands' subcommands too.
    static var everyCommand: [any ParsableCommand.Type] {
        var found: [any ParsableCommand.Type] = []
        var next: [any ParsableCommand.Type] = [DioramaCommand.self]
        while let command = next.popLast() {
            found.append(command)
            next += command.configuration.subcommands
        }
        return found
    }

    @Test("every indented line of a command's discussion (examples, lists) fits in 79 columns")
    func indentedLinesFit() {
        #expect(Self.everyCommand.count > DioramaCommand.subcommandTypes.count, "ctl's subcommands are found too")
        for command in Self.everyCommand {
            let name = command.configuration.commandName ?? "\(command)"
            for line in command.configuration.discussion.split(separator: "\n") where line.hasPrefix("  ") {
                #expect(line.count <= 79, "`\(name) --help` wraps this line at 80 columns: \(line)")
            }
        }
    }

    /// The README promises examples in each subcommand's `--help`.
    @Test("each of diorama's subcommands shows examples in its --help")
    func everySubcommandHasExamples() {
        for command in DioramaCommand.subcommandTypes {
            let name = command.configuration.commandName ?? "\(command)"
            #expect(command.configuration.discussion.contains("Examples:\n  "), "`diorama \(name) --help` has no examples")
        }
    }
}

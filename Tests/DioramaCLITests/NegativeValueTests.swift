import ArgumentParser
import Testing

@testable import DioramaCLI

/// Values that start with `-`: a position left of the origin, a scroll up.
/// The parser reads a word like `-200,0` as an option, so `ctl move main
/// --at -200,0` said "Missing value" and `ctl pointer scroll --dy -3` (whose
/// help says "negative: up") could not be typed at all.
@Suite struct NegativeValueTests {
    /// The command `arguments` parse to, or the message a user would see.
    func parse(_ arguments: [String]) -> Result<any ParsableCommand, ParseFailure> {
        do {
            return .success(try DioramaCommand.parseAsRoot(arguments))
        } catch {
            return .failure(ParseFailure(message: DioramaCommand.message(for: error)))
        }
    }

    struct ParseFailure: Error { var message: String }

    @Test("options that take numbers take negative ones as they are")
    func optionsTakeNegativeNumbers() throws {
        let move = try #require(try parse(["ctl", "move", "main", "--at", "-200,-10"]).get() as? CtlMoveCommand)
        #expect(move.position == "-200,-10")
        let scroll = try #require(try parse(["ctl", "pointer", "scroll", "--dx", "-3", "--dy", "-4"]).get() as? CtlPointerScrollCommand)
        #expect(scroll.dx == -3 && scroll.dy == -4)
        let pointer = try #require(try parse(["ctl", "pointer", "move", "--at", "-5,7"]).get() as? CtlPointerMoveCommand)
        #expect(pointer.location.point == "-5,7")
        let plug = try #require(try parse(["ctl", "plug", "HDMI-A-2", "1920x1080", "--at", "-1920,0"]).get() as? CtlPlugCommand)
        #expect(plug.position == "-1920,0")
    }

    @Test("a negative scale is refused for what it is, not as a missing value, and gets no hint")
    func negativeScaleIsAValidationError() {
        guard case .failure(let failure) = parse(["ctl", "plug", "HDMI-A-2", "1920x1080", "--scale", "-1"]) else {
            Issue.record("a scale of -1 was accepted")
            return
        }
        #expect(failure.message.contains("--scale"), "\(failure.message)")
        #expect(!failure.message.contains("Missing value"), "\(failure.message)")
        #expect(DioramaCommand.negativeValueHint(["ctl", "plug", "HDMI-A-2", "1920x1080", "--scale", "-1"], message: failure.message) == nil)
    }

    @Test("an argument that starts with -: after -- it parses; in its place the message says so")
    func argumentsAfterTheTerminator() throws {
        let display = try #require(try parse(["ctl", "display", "move", "DP-2", "--", "-1280,0"]).get() as? CtlDisplayMoveCommand)
        #expect(display.position == "-1280,0")
        let arguments = ["ctl", "display", "move", "DP-2", "-1280,0"]
        guard case .failure(let failure) = parse(arguments) else {
            Issue.record("-1280,0 in an argument's place parsed")
            return
        }
        let hint = DioramaCommand.negativeValueHint(arguments, message: failure.message)
        #expect(hint?.contains("-1280,0 starts with -, so it was read as an option") == true, "\(failure.message) / \(hint ?? "no hint")")
        #expect(DioramaCommand.negativeValueHint(["ctl", "display", "move", "DP-2", "--", "-1280,0"], message: failure.message) == nil)
        #expect(DioramaCommand.negativeValueHint(["ctl", "windows", "--json"], message: failure.message) == nil)
        // The parser names an unknown option: no hint for a value an option took.
        let scroll = ["ctl", "pointer", "scroll", "--dy", "-3", "--bogus"]
        guard case .failure(let unknown) = parse(scroll) else {
            Issue.record("--bogus parsed")
            return
        }
        #expect(unknown.message.contains("Unknown option '--bogus'"), "\(unknown.message)")
        #expect(DioramaCommand.negativeValueHint(scroll, message: unknown.message) == nil)
    }

    @Test("the real command prints the hint after the parser's message, exit 2")
    func hintOnTheCommandLine() throws {
        let result = try DioramaCommandLine.run(["ctl", "display", "move", "DP-2", "-1280,0"])
        #expect(result.status == 2, "\(result.status): \(result.standardError)")
        #expect(result.standardError.contains("hint: -1280,0 starts with -"), "\(result.standardError)")
    }
}

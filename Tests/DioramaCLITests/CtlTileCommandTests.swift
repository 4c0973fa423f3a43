import Testing

@testable import DioramaCLI

/// `diorama ctl tile WINDOW left|right` and `--off`: the side is checked
/// before anything is sent, with a message that says what to write.
@Suite struct CtlTileCommandTests {
    /// The message `diorama ctl tile …` exits with, nil when it parses.
    private static func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try DioramaCommand.parseAsRoot(["ctl", "tile"] + arguments)
            return nil
        } catch {
            return DioramaCommand.message(for: error)
        }
    }

    @Test func aSideOrOffIsRequiredAndAnUnknownSideIsNamed() throws {
        let left = try #require(try DioramaCommand.parseAsRoot(["ctl", "tile", "foot", "left"]) as? CtlTileCommand)
        #expect(left.side == "left" && !left.off)
        #expect(Self.refusal(["foot", "--off"]) == nil)
        #expect(Self.refusal(["foot"])?.contains("say which half: diorama ctl tile foot left (or right); --off untiles") == true)
        #expect(Self.refusal(["foot", "up"])?.contains("unknown side \"up\"; use left or right") == true)
        #expect(Self.refusal(["foot", "left", "--off"])?.contains("--off untiles the window and takes no side") == true)
    }
}

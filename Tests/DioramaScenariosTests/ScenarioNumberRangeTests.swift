import DioramaModel
import Testing

@testable import DioramaScenarios

/// Numbers the simulator would refuse (or could not picture) are validation
/// errors at their file, line and column, before anything runs: a valid
/// scenario that plugged 32767×32767 at scale 1/120 and then took
/// `screenshot all` used to abort `diorama run`.
@Suite("Scenario validation: display numbers within the simulator's ranges")
struct ScenarioNumberRangeTests {
    @Test("a plugged display larger than the largest mode names the display, line and column")
    func hugePluggedMode() throws {
        let errors = validationErrors(studioHeader + "plug display WALL 32767x32767 scale 0.008333333333333333 at 0,2000\nscreenshot all as wall\n")
        let error = try #require(errors.first, "the scenario validated")
        #expect(errors.count == 2, "both sides: \(errors)")
        #expect(error.location == SourceLocation(file: testFile, line: 2, column: 14))
        #expect(error.message == "display `WALL`: \"mode width\" must be within 1…16384, got 32767")
        #expect(errors.last?.message == "display `WALL`: \"mode height\" must be within 1…16384, got 32767")
        #expect(error.sourceLine == "plug display WALL 32767x32767 scale 0.008333333333333333 at 0,2000")
    }

    @Test("an inline display placed far out is refused at its name")
    func farInlineDisplay() throws {
        let errors = validationErrors("display DP-1 1920x1080 scale 1 at 2000000,0\n")
        let error = try #require(errors.first, "the scenario validated")
        #expect(errors.count == 1)
        #expect(error.location == SourceLocation(file: testFile, line: 1, column: 9))
        #expect(error.message == "the position 2000000,0 is too far out: \"x\" must be within -1000000…1000000, got 2000000")
    }

    @Test("moving a display or a window far out is refused at the step")
    func farMoves() throws {
        let errors = validationErrors(
            studioHeader + "launch TimerApp as timer\nwindow main = timer title \"Main\"\n"
                + "move display DP-1 to 0,-1000001\nmove main to 1000001,0\n")
        #expect(errors.map(\.location.line) == [4, 5])
        #expect(errors.first?.message.contains("\"y\" must be within -1000000…1000000, got -1000001") == true)
        #expect(errors.last?.message.contains("\"x\" must be within -1000000…1000000, got 1000001") == true)
    }

    @Test("the largest mode at the smallest scale still validates: the screenshot limit handles the picture")
    func largestModeValidates() throws {
        _ = try validate(studioHeader + "plug display WALL 16384x16384 scale 0.008333333333333333 at 0,2000\n")
    }

    @Test("waits and timeouts longer than an hour are refused where they are written")
    func endlessWaits() throws {
        let errors = validationErrors(
            "displays: studio\ntimeout:  9999999s\nwait 9223372036854775807ms\n"
                + "launch TimerApp as timer\nwindow main = timer title \"Main\"\n"
                + "wait until main on DP-1 timeout 3601s\nwait 3600s\n")
        #expect(errors.map(\.location.line) == [2, 3, 6], "\(errors)")
        #expect(errors.first?.location.column == 11)
        #expect(errors.first?.message == "the scenario's timeout of 9999999s is longer than 3600s")
        #expect(errors.dropFirst().first?.message == "a wait of 9223372036854775807ms is longer than 3600s")
        #expect(errors.last?.message == "a timeout of 3601s is longer than 3600s")
    }

    @Test("a timeout of nothing is refused where it is written; a wait of nothing is only a pause of nothing")
    func zeroTimeouts() throws {
        let errors = validationErrors(
            "displays: studio\ntimeout: 0s\nwait 0ms\n"
                + "launch TimerApp as timer\nwindow main = timer title \"Main\"\n"
                + "wait until main on DP-1 timeout 0ms\n")
        #expect(errors.map(\.location.line) == [2, 6], "\(errors)")
        #expect(errors.first?.message == "the scenario's timeout of 0s leaves no time to wait for anything")
        #expect(errors.last?.message == "a timeout of 0s leaves no time to wait for anything")
    }
}

import ArgumentParser
import Testing

@testable import DioramaCLI

/// `diorama run`'s options are checked as usage errors before anything runs.
@Suite struct RunOptionTests {
    /// A scenario's `timeout:` over an hour is an error ("a run must end");
    /// `--timeout 99999999` overrode every scenario's with 3 years.
    @Test func aTimeoutLongerThanAnHourIsAUsageError() {
        func message(_ arguments: [String]) -> String? {
            do {
                _ = try DioramaCommand.parseAsRoot(["run"] + arguments)
                return nil
            } catch {
                return DioramaCommand.message(for: error)
            }
        }
        #expect(message(["--timeout", "99999999"])?.contains("--timeout must be at most 3600 seconds (an hour), found 99999999") == true)
        #expect(message(["--timeout", "3600"]) == nil)
        #expect(message(["--timeout", "0"])?.contains("at least 1 second") == true)
    }
}

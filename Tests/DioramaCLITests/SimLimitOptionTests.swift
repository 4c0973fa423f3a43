import ArgumentParser
import Testing

@testable import DioramaCLI

/// `diorama sim`'s limit options are checked as usage errors before anything starts.
@Suite struct SimLimitOptionTests {
    static func usageError(_ arguments: [String]) -> String? {
        do {
            _ = try DioramaCommand.parseAsRoot(["sim"] + arguments)
            return nil
        } catch {
            return DioramaCommand.message(for: error)
        }
    }

    /// A trace capacity the machine cannot hold was allocated at start and
    /// ended the process with SIGABRT ("failed to allocate … bytes").
    @Test func aTraceCapacityTooLargeToHoldIsAUsageError() {
        for value in ["1000000000000", "9223372036854775807", "10000001"] {
            let message = Self.usageError(["--trace-capacity", value])
            #expect(message?.contains("--trace-capacity must be at most 10000000") == true, "\(message ?? "accepted")")
        }
        #expect(Self.usageError(["--trace-capacity", "10000000"]) == nil)
        #expect(Self.usageError(["--trace-capacity", "0"])?.contains("must be at least 1") == true)
    }
}

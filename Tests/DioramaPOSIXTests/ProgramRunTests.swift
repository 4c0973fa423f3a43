import DioramaPOSIX
import Foundation
import Testing

@Suite("short program runs")
struct ProgramRunTests {
    private static let environment = ["PATH": "/usr/bin:/bin"]

    @Test("standard output (bytes, more than a pipe holds) and standard error come back apart, with the status")
    func output() throws {
        // 200 000 bytes: a pipe read only after the exit would have blocked the child at 64 KiB.
        let run = try ProgramRun.run(
            "/bin/sh", ["-c", "head -c 200000 /dev/zero; printf '\\377'; echo oops >&2; exit 4"],
            environment: Self.environment, timeout: .seconds(60))
        #expect(run.termination == .exited(4))
        #expect(!run.timedOut && !run.succeeded)
        #expect(run.standardOutput.count == 200_001)
        #expect(run.standardOutput.last == 0xFF)
        #expect(run.standardError == "oops\n")
        #expect(run.command == ["/bin/sh", "-c", "head -c 200000 /dev/zero; printf '\\377'; echo oops >&2; exit 4"])
    }

    @Test("a program past its timeout is stopped and says so")
    func timeout() throws {
        let run = try ProgramRun.run("/bin/sleep", ["30"], environment: Self.environment, timeout: .milliseconds(200))
        #expect(run.timedOut)
        #expect(run.termination == .killed(signal: SIGTERM))
        #expect(!run.succeeded)
    }

    @Test("the async form waits the same way")
    func asynchronous() async throws {
        let run = try await ProgramRun.run("/bin/sh", ["-c", "echo hello"], environment: Self.environment, timeout: .seconds(60))
        #expect(run.succeeded)
        #expect(run.output == "hello\n")
    }

    @Test("a missing program is a SpawnError naming it")
    func missingProgram() throws {
        let error = #expect(throws: SpawnError.self) {
            try ProgramRun.run("/nonexistent/program", environment: Self.environment, timeout: .seconds(5))
        }
        #expect(error?.description.hasPrefix("cannot run /nonexistent/program:") == true)
    }
}

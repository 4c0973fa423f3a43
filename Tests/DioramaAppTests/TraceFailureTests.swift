import DioramaTestSupport
import DioramaTestTraits
import Foundation
import HeadlessCompositors
import Testing

/// A `DIORAMA_TRACE` the app cannot write (Docs/runtime.md, "Exit codes"):
/// one it cannot open for writing stops the launch with exit 2 and a message;
/// one whose writes fail later (a full disk) is reported once and dropped,
/// and the app goes on. Never a trap from a failed write.
@Suite("TimerApp with a trace it cannot write", .ownThreads)
struct TraceFailureTests {
    @Test("DIORAMA_TRACE=/dev/full: one warning naming it and ENOSPC, the scene still connects, SIGTERM exits 0")
    func traceOnFullDisk() throws {
        let weston = try WestonHeadless.start(scale: 1)
        defer { weston.stop() }
        let sandbox = try AppSandbox(label: "trace-full")
        let app = try sandbox.launch(
            SampleApp.timerApp, compositor: weston.environment,
            environment: ["DIORAMA_TRACE": "/dev/full"])
        // The scene's session is saved as it connects: proof the app went on.
        // Its main loop catches SIGTERM after that (visible in
        // /proc/PID/status), so the signal below is a quit, not a kill.
        _ = try Wait.until(
            "TimerApp to connect its scene despite the failed trace, and run its main loop", timeout: 20,
            details: { "\(app.child.state); stderr: \(app.child.standardError)" }
        ) { () throws -> Bool? in
            if !app.child.isRunning { throw WaitTimeout(what: "TimerApp exited (\(app.child.state))", seconds: 0, details: app.child.standardError) }
            let connected = !sandbox.sessionFiles(appID: SampleApp.timerAppID).isEmpty
            return connected && Self.catchesSIGTERM(app.child.processIdentifier) ? true : nil
        }
        app.send(SIGTERM)
        let result = try app.waitForExit()
        #expect(!result.exitedBySignal && result.status == 0, "\(result.status): \(result.standardError)")
        let warnings = result.standardError.split(separator: "\n").filter { $0.contains("DIORAMA_TRACE=/dev/full") }
        #expect(warnings.count == 1, "reported once: \(result.standardError)")
        #expect(warnings.first?.contains("No space left on device") == true, "\(warnings)")
    }

    /// Whether `pid` catches SIGTERM (SigCgt in /proc/PID/status): the
    /// runtime's main loop does, through a dispatch source, once it runs.
    /// (Before that it ignores the signal for a moment, so SigIgn is not enough.)
    static func catchesSIGTERM(_ pid: pid_t) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
            let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (UInt64(1) << (UInt64(SIGTERM) - 1)) != 0
    }

    @Test("DIORAMA_TRACE=fd:0 with stdin open for reading only: exit 2 naming it, before any scene connects")
    func traceOnReadOnlyDescriptor() throws {
        let weston = try WestonHeadless.start(scale: 1)
        defer { weston.stop() }
        let sandbox = try AppSandbox(label: "trace-fd0")
        var environment = ChildProcess.minimalEnvironment(weston.environment)
        environment["XDG_STATE_HOME"] = sandbox.stateHome.path
        environment["DIORAMA_TRACE"] = "fd:0"
        // The shell opens stdin read-only (`<`), as a pipe or a file would be.
        let timerApp = try TestExecutable.locate(SampleApp.timerApp)
        let result = try ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "exec \"$0\" < /dev/null", timerApp.path],
            environment: environment, timeout: 20)
        #expect(!result.exitedBySignal && result.status == 2, "\(result.status): \(result.standardError)")
        #expect(result.standardError.hasPrefix("error: DIORAMA_TRACE=fd:0:"), "\(result.standardError)")
        #expect(result.standardError.contains("reading only"), "\(result.standardError)")
        #expect(sandbox.sessionFiles(appID: SampleApp.timerAppID).isEmpty, "nothing connected")
    }
}

/// A `DIORAMA_TRACE` that is a FIFO: opening it must not hang when nobody
/// reads it yet, and a reader that goes away must not kill the app (SIGPIPE).
@Suite("TimerApp with a FIFO as its trace", .ownThreads)
struct TraceFIFOTests {
    static func makeFIFO(in sandbox: AppSandbox) throws -> String {
        let path = sandbox.directory.appendingPathComponent("trace.fifo").path
        try #require(mkfifo(path, 0o600) == 0, "mkfifo: \(String(cString: strerror(errno)))")
        return path
    }

    @Test("a FIFO without a reader: exit 2 at once, naming it, instead of blocking in open")
    func fifoWithoutReader() throws {
        let weston = try WestonHeadless.start(scale: 1)
        defer { weston.stop() }
        let sandbox = try AppSandbox(label: "trace-fifo")
        let fifo = try Self.makeFIFO(in: sandbox)
        let app = try sandbox.launch(SampleApp.timerApp, compositor: weston.environment, environment: ["DIORAMA_TRACE": fifo])
        let result = try app.waitForExit()
        #expect(!result.exitedBySignal && result.status == 2, "\(result.status): \(result.standardError)")
        #expect(result.standardError.hasPrefix("error: DIORAMA_TRACE=\(fifo): cannot open for writing"), "\(result.standardError)")
    }

    @Test("the FIFO's reader goes away: one warning (Broken pipe), no SIGPIPE death, SIGTERM exits 0")
    func readerGoesAway() throws {
        let weston = try WestonHeadless.start(scale: 1)
        defer { weston.stop() }
        let sandbox = try AppSandbox(label: "trace-fifo-reader")
        let fifo = try Self.makeFIFO(in: sandbox)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        let app = try sandbox.launch(SampleApp.timerApp, compositor: weston.environment, environment: ["DIORAMA_TRACE": fifo])
        // Once the app runs its main loop, the reader leaves; SIGTERM then
        // makes the app trace its goodbye (lifecycle, terminated) into a
        // pipe nobody reads.
        _ = try Wait.until("TimerApp's main loop", timeout: 20, details: { "\(app.child.state): \(app.child.standardError)" }) { () throws -> Bool? in
            if !app.child.isRunning { throw WaitTimeout(what: "TimerApp exited (\(app.child.state))", seconds: 0, details: app.child.standardError) }
            return TraceFailureTests.catchesSIGTERM(app.child.processIdentifier) ? true : nil
        }
        // The signal handlers are installed before the first trace line is
        // written, so wait for the trace itself to reach the FIFO.
        let traced = try Wait.until("the trace to reach the FIFO", timeout: 20, details: { app.child.standardError }) { () -> Bool? in
            var byte: UInt8 = 0
            return read(reader, &byte, 1) == 1 ? true : nil
        }
        #expect(traced)
        close(reader)
        app.send(SIGTERM)
        let result = try app.waitForExit()
        #expect(!result.exitedBySignal && result.status == 0, "\(result.exitedBySignal ? "signal" : "status") \(result.status): \(result.standardError)")
        #expect(result.standardError.components(separatedBy: "Broken pipe").count == 2, "reported once: \(result.standardError)")
    }
}

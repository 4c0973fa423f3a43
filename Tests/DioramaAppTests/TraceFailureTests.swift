import DioramaTestSupport
import Foundation
import HeadlessCompositors
import Testing

/// A `DIORAMA_TRACE` the app cannot write (Docs/runtime.md, "Exit codes"):
/// one it cannot open for writing stops the launch with exit 2 and a message;
/// one whose writes fail later (a full disk) is reported once and dropped,
/// and the app goes on. Never a trap from a failed write.
@Suite("TimerApp with a trace it cannot write")
struct TraceFailureTests {
    @Test("DIORAMA_TRACE=/dev/full: one warning naming it and ENOSPC, the scene still connects, SIGTERM exits 0")
    func traceOnFullDisk() throws {
        let weston = try WestonHeadless.start(scale: 1)
        defer { weston.stop() }
        let sandbox = try AppSandbox(label: "trace-full")
        let app = try sandbox.launch(SampleApp.timerApp, compositor: weston.environment,
                                     environment: ["DIORAMA_TRACE": "/dev/full"])
        // The scene's session is saved as it connects: proof the app went on.
        _ = try Wait.until("TimerApp to connect its scene despite the failed trace", timeout: 20,
                       details: { "\(app.child.state); stderr: \(app.child.standardError)" }) { () throws -> Bool? in
            if !app.child.isRunning { throw WaitTimeout(what: "TimerApp exited (\(app.child.state))", seconds: 0, details: app.child.standardError) }
            return sandbox.sessionFiles(appID: SampleApp.timerAppID).isEmpty ? nil : true
        }
        app.send(SIGTERM)
        let result = try app.waitForExit()
        #expect(!result.exitedBySignal && result.status == 0, "\(result.status): \(result.standardError)")
        let warnings = result.standardError.split(separator: "\n").filter { $0.contains("DIORAMA_TRACE=/dev/full") }
        #expect(warnings.count == 1, "reported once: \(result.standardError)")
        #expect(warnings.first?.contains("No space left on device") == true, "\(warnings)")
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
        let result = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "exec \"$0\" < /dev/null", timerApp.path],
                                          environment: environment, timeout: 20)
        #expect(!result.exitedBySignal && result.status == 2, "\(result.status): \(result.standardError)")
        #expect(result.standardError.hasPrefix("error: DIORAMA_TRACE=fd:0:"), "\(result.standardError)")
        #expect(result.standardError.contains("reading only"), "\(result.standardError)")
        #expect(sandbox.sessionFiles(appID: SampleApp.timerAppID).isEmpty, "nothing connected")
    }
}

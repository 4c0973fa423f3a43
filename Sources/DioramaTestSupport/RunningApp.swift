import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A Diorama app process under test and its runtime trace.
///
/// Waits poll the trace file: `waitForTrace` returns as soon as the trace
/// shows what the test needs, fails fast when the app exits first, and on
/// timeout throws with the trace tail and the app's stderr.
package final class RunningApp: @unchecked Sendable {
    package let name: String
    package let child: ChildProcess
    package let traceFile: URL

    init(name: String, child: ChildProcess, traceFile: URL) {
        self.name = name
        self.child = child
        self.traceFile = traceFile
    }

    /// The trace as written so far.
    package func trace() throws -> RuntimeTraceLog { try RuntimeTraceLog.read(traceFile) }

    /// What a failure message should show: the trace's last lines and stderr.
    package func diagnostics() -> String {
        let tail = (try? trace().tail()) ?? "(trace unreadable)"
        return "\(name) (\(child.state)) trace tail:\n\(tail)\n\(name) stderr:\n\(child.standardError.suffix(3000))"
    }

    /// Polls the trace until `found` returns a value (at most `timeout` s).
    /// Throws when the app exits before the trace shows it.
    @discardableResult
    package func waitForTrace<Value>(
        _ what: String, timeout: TimeInterval = 20,
        _ found: (RuntimeTraceLog) throws -> Value?
    ) throws -> Value {
        try Wait.until("\(name): \(what)", timeout: timeout, details: diagnostics) {
            let exited = !child.isRunning
            if let value = try found(try trace()) { return value }
            if exited {
                throw AppExitedEarly(what: "\(name): \(what)", diagnostics: diagnostics())
            }
            return nil
        }
    }

    /// Sends `signal` to the app.
    package func send(_ signal: Int32) { child.send(signal) }

    /// Waits for the app to exit (bounded); includes the trace tail on timeout.
    @discardableResult
    package func waitForExit(timeout: TimeInterval = 20) throws -> ChildProcessResult {
        do {
            return try child.waitForExit(timeout: timeout)
        } catch let timeout as ChildProcessTimeout {
            throw AppDidNotExit(underlying: timeout, traceTail: (try? trace().tail()) ?? "")
        }
    }
}

/// The app exited before the trace showed what a test waited for.
package struct AppExitedEarly: Error, CustomStringConvertible {
    package var what: String
    package var diagnostics: String
    package var description: String { "the app exited before the trace showed \(what)\n\(diagnostics)" }
}

/// The app did not exit within the time limit (it has been killed).
package struct AppDidNotExit: Error, CustomStringConvertible {
    package var underlying: ChildProcessTimeout
    package var traceTail: String
    package var description: String { "\(underlying)\ntrace tail:\n\(traceTail)" }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A Diorama app process under test and its runtime trace.
///
/// Waits read what the app appended to its trace each time it is written
/// to: `waitForTrace` returns as soon as the trace shows what the test needs,
/// fails as the app exits first, and on timeout throws with the trace tail
/// and the app's stderr.
package final class RunningApp: @unchecked Sendable {
    package let name: String
    package let child: ChildProcess
    package let traceFile: URL
    /// The trace decoded so far and the bytes of the file it covers, under
    /// `lock`: each read decodes only the lines appended since (a wait woken
    /// by every write used to decode the whole file again each time).
    private var decoded: RuntimeTraceLog
    private var decodedBytes: UInt64 = 0
    private let lock = NSLock()

    init(name: String, child: ChildProcess, traceFile: URL) {
        self.name = name
        self.child = child
        self.traceFile = traceFile
        decoded = RuntimeTraceLog(file: traceFile, entries: [])
    }

    /// The trace as written so far, decoded strictly (a line off the
    /// documented format throws, naming the file and line, and is read
    /// again by the next call). A missing file reads as an empty trace.
    package func trace() throws -> RuntimeTraceLog {
        lock.lock()
        defer { lock.unlock() }
        guard let handle = try? FileHandle(forReadingFrom: traceFile) else { return decoded }
        defer { try? handle.close() }
        try handle.seek(toOffset: decodedBytes)
        guard let appended = try handle.readToEnd(), !appended.isEmpty else { return decoded }
        var next = decoded
        decodedBytes += UInt64(try next.append(appended))
        decoded = next
        return decoded
    }

    /// What a failure message should show: the trace's last lines and stderr.
    package func diagnostics() -> String {
        let tail = (try? trace().tail()) ?? "(trace unreadable)"
        return "\(name) (\(child.state)) trace tail:\n\(tail)\n\(name) stderr:\n\(child.standardError.suffix(3000))"
    }

    /// Reads the trace, and again after each write to its folder, until
    /// `found` returns a value (at most `timeout` s). Throws when the app
    /// exits before the trace shows it.
    @discardableResult
    package func waitForTrace<Value>(
        _ what: String, timeout: TimeInterval = 20,
        _ found: (RuntimeTraceLog) throws -> Value?
    ) throws -> Value {
        try Wait.until(
            "\(name): \(what)", timeout: timeout, wakingOn: WaitEvents(files: [traceFile.path], children: [child]),
            details: diagnostics
        ) {
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

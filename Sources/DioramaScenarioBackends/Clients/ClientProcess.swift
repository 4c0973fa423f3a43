import Foundation
import Glibc
import HeadlessCompositors

/// One run of a scenario's client: the process, and the files it writes.
///
/// stdout and stderr go to files (appended to across relaunches) so a report
/// can show what a client said before it failed. `diorama check` runs the
/// client it grades with it too.
public final class ClientProcess {
    public let process: Process
    /// `DIORAMA_TRACE` for this run (only Diorama apps write it).
    public let traceFile: URL
    public let standardOutputFile: URL
    public let standardErrorFile: URL

    public init(executable: URL, arguments: [String], environment: [String: String], traceFile: URL,
         standardOutputFile: URL, standardErrorFile: URL) throws {
        self.traceFile = traceFile
        self.standardOutputFile = standardOutputFile
        self.standardErrorFile = standardErrorFile
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try Self.appendingHandle(standardOutputFile)
        process.standardError = try Self.appendingHandle(standardErrorFile)
        // Foundation's Process would otherwise hand the child the signal mask
        // of the spawning thread, in which SIGTERM may be blocked: `quit` would
        // then never reach the app.
        try process.runWithUnblockedSignals()
    }

    private static func appendingHandle(_ url: URL) throws -> FileHandle {
        if !FileManager.default.fileExists(atPath: url.path) {
            FileManager.default.createFile(atPath: url.path, contents: nil)
        }
        let handle = try FileHandle(forWritingTo: url)
        handle.seekToEndOfFile()
        return handle
    }

    public var processID: Int32 { process.processIdentifier }
    public var isRunning: Bool { process.isRunning }

    /// How the process ended, for messages.
    public var exitDescription: String {
        guard !process.isRunning else { return "still running" }
        switch process.terminationReason {
        case .exit: return "exited with status \(process.terminationStatus)"
        case .uncaughtSignal: return "killed by signal \(process.terminationStatus)"
        @unknown default: return "ended (\(process.terminationStatus))"
        }
    }

    /// The last `limit` characters the client wrote to stderr.
    public func standardErrorTail(_ limit: Int = 2000) -> String {
        guard let data = FileManager.default.contents(atPath: standardErrorFile.path) else { return "" }
        return String(decoding: data.suffix(limit), as: UTF8.self)
    }

    /// SIGTERM, then up to `grace` for the process to exit; SIGKILL after that.
    ///
    /// - Returns: false when SIGKILL was needed.
    @discardableResult
    public func terminate(grace: Duration) async -> Bool {
        guard process.isRunning else { return true }
        kill(processID, SIGTERM)
        let deadline = ContinuousClock.now + grace
        while process.isRunning && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        guard process.isRunning else { return true }
        kill(processID, SIGKILL)
        process.waitUntilExit()
        return false
    }
}

import DioramaPOSIX
import Foundation

/// One run of a scenario's client: the process, and the files it writes.
///
/// stdout and stderr go to files (appended to across relaunches) so a report
/// can show what a client said before it failed. `diorama check` runs the
/// client it grades with it too.
package final class ClientProcess {
    /// The running client (DioramaPOSIX's one process wrapper).
    package let process: SpawnedProcess
    /// `DIORAMA_TRACE` for this run (only Diorama apps write it).
    package let traceFile: URL
    package let standardOutputFile: URL
    package let standardErrorFile: URL

    package init(
        executable: URL, arguments: [String], environment: [String: String], traceFile: URL,
        standardOutputFile: URL, standardErrorFile: URL
    ) throws {
        self.traceFile = traceFile
        self.standardOutputFile = standardOutputFile
        self.standardErrorFile = standardErrorFile
        // The wrapper starts the child with no signals blocked, whatever the
        // spawning thread blocks: `quit` sends SIGTERM and must reach the app.
        process = try SpawnedProcess(
            executable: executable.path, arguments: arguments, environment: environment,
            standardOutput: .file(standardOutputFile.path, append: true),
            standardError: .file(standardErrorFile.path, append: true))
    }

    package var processID: Int32 { process.pid }
    package var isRunning: Bool { process.isRunning }

    /// How the process ended, for messages.
    package var exitDescription: String { process.termination?.description ?? "still running" }

    /// The last `limit` characters the client wrote to stderr.
    package func standardErrorTail(_ limit: Int = 2000) -> String {
        guard let data = FileManager.default.contents(atPath: standardErrorFile.path) else { return "" }
        return String(decoding: data.suffix(limit), as: UTF8.self)
    }

    /// SIGTERM, then up to `grace` for the process to exit; SIGKILL after that.
    ///
    /// - Returns: false when SIGKILL was needed.
    @discardableResult
    package func terminate(grace: Duration) async -> Bool {
        await process.terminate(grace: grace)
    }
}

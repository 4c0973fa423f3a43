import Foundation

/// A short program run to its end — `useradd`, `wtype`, a version query, a
/// Python helper in a test — with its standard output and error collected in
/// two files in a private directory, since ``SpawnedProcess`` offers no pipes.
/// The files are read once the program has ended, so a chatty program can
/// never block on a full pipe, and removed before
/// ``run(_:_:environment:searchPath:timeout:)`` returns.
package struct ProgramRun: Sendable {
    /// The program and its arguments, for messages.
    package var command: [String]
    /// How it ended; when it outlived the timeout, how it ended once stopped.
    package var termination: Termination
    /// What the program wrote to standard output, byte for byte.
    package var standardOutput: [UInt8]
    /// What it wrote to standard error.
    package var standardError: String
    /// Standard output (as UTF-8), then standard error: for messages.
    package var output: String { String(decoding: standardOutput, as: UTF8.self) + standardError }
    /// True when the program was still running at the timeout and was stopped
    /// (SIGTERM, then SIGKILL after a second).
    package var timedOut: Bool

    /// True when it exited with status 0 in time.
    package var succeeded: Bool { !timedOut && termination == .exited(0) }

    /// Runs `executable` with `arguments` to its end, or until `timeout`.
    ///
    /// - Parameters:
    ///   - environment: exactly the child's environment; this process's by default.
    ///   - searchPath: look `executable` up in `PATH` when it has no slash.
    /// - Throws: ``SpawnError`` when the program cannot start (missing, not
    ///   executable) or the private directory for its output cannot be made.
    package static func run(
        _ executable: String, _ arguments: [String] = [],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        searchPath: Bool = false, timeout: Duration
    ) throws(SpawnError) -> ProgramRun {
        let directory = try makeOutputDirectory(executable)
        defer { try? TemporaryDirectory.remove(directory) }
        let process = try spawn(executable, arguments, environment, searchPath, directory)
        let ended = process.waitForExit(timeout: timeout)
        if ended == nil { process.terminate(grace: .seconds(1)) }
        return finished(process, timedOut: ended == nil, directory: directory)
    }

    /// ``run(_:_:environment:searchPath:timeout:)`` for async callers: waits
    /// without holding a thread.
    package static func run(
        _ executable: String, _ arguments: [String] = [],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        searchPath: Bool = false, timeout: Duration
    ) async throws(SpawnError) -> ProgramRun {
        let directory = try makeOutputDirectory(executable)
        defer { try? TemporaryDirectory.remove(directory) }
        let process = try spawn(executable, arguments, environment, searchPath, directory)
        let ended = await process.waitForExit(timeout: timeout)
        if ended == nil { await process.terminate(grace: .seconds(1)) }
        return finished(process, timedOut: ended == nil, directory: directory)
    }

    private static func spawn(
        _ executable: String, _ arguments: [String], _ environment: [String: String], _ searchPath: Bool,
        _ directory: String
    ) throws(SpawnError) -> SpawnedProcess {
        try SpawnedProcess(
            executable: executable, arguments: arguments, environment: environment,
            standardOutput: .file(directory + "/stdout", append: false),
            standardError: .file(directory + "/stderr", append: false), searchPath: searchPath)
    }

    private static func finished(_ process: SpawnedProcess, timedOut: Bool, directory: String) -> ProgramRun {
        let termination = process.waitForExit()
        func contents(_ name: String) -> [UInt8] { FileManager.default.contents(atPath: directory + "/" + name).map { [UInt8]($0) } ?? [] }
        return ProgramRun(
            command: process.command, termination: termination, standardOutput: contents("stdout"),
            standardError: String(decoding: contents("stderr"), as: UTF8.self), timedOut: timedOut)
    }

    /// A fresh private directory (mode 0700) under the temporary directory for the two files.
    private static func makeOutputDirectory(_ executable: String) throws(SpawnError) -> String {
        do {
            return try TemporaryDirectory.make(named: "diorama-run")
        } catch {
            throw SpawnError(command: executable, reason: "no private directory for its output: \(error)")
        }
    }
}

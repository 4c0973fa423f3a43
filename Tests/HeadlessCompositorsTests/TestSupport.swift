import Foundation
import Testing

@testable import HeadlessCompositors

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a client program to completion (bounded) and returns its exit status
/// and combined output. A missing program is an error naming its package, so
/// a machine without the test dependencies fails loudly instead of skipping.
func runClient(
    _ name: String, package: String, _ arguments: [String],
    environment: [String: String], timeout: TimeInterval = 15
) throws -> (status: Int32, output: String) {
    let executable = try Executables.require(name, package: package)
    let outputPath = NSTemporaryDirectory() + "diorama-client-\(getpid())-\(UUID().uuidString).out"
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    let output = try #require(FileHandle(forWritingAtPath: outputPath))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = output
    try process.runWithUnblockedSignals()
    try? output.close()
    let finished = poll(timeout: timeout) { !process.isRunning }
    if !finished {
        kill(-process.processIdentifier, SIGKILL)
        poll(timeout: 5) { !process.isRunning }
    }
    let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    #expect(finished, "\(name) did not finish within \(timeout) s; output:\n\(text)")
    return (process.terminationStatus, text)
}

/// Starts a long-running client (e.g. a terminal) in its own process group.
/// Call the returned closure to stop it and its children.
func startClient(
    _ name: String, package: String, _ arguments: [String],
    environment: [String: String]
) throws -> () -> Void {
    let executable = try Executables.require(name, package: package)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.runWithUnblockedSignals()
    let pgid = process.processIdentifier
    return {
        kill(-pgid, SIGTERM)
        if !poll(timeout: 3, { !process.isRunning }) {
            kill(-pgid, SIGKILL)
            poll(timeout: 3) { !process.isRunning }
        }
    }
}

/// The permission bits and owner of a path.
func modeAndOwner(_ path: String) -> (mode: mode_t, uid: uid_t)? {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    return (st.st_mode & 0o7777, st.st_uid)
}

/// Asserts that nothing of a stopped compositor is left: neither the process we
/// spawned, nor the compositor, nor any member of its process group, nor its files.
func expectNothingLeft(_ compositor: RunningCompositor, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!compositor.isRunning, sourceLocation: sourceLocation)
    #expect(!ProcessStat.isLive(compositor.launcherPID), sourceLocation: sourceLocation)
    #expect(!ProcessStat.isLive(compositor.compositorPID), sourceLocation: sourceLocation)
    // Helpers reparented to init are reaped by it, not by us: allow a moment.
    let groupEmpty = poll(timeout: 2) { ProcessStat.liveMembers(ofGroup: compositor.launcherPID).isEmpty }
    #expect(
        groupEmpty, "processes left in group \(compositor.launcherPID): \(ProcessStat.liveMembers(ofGroup: compositor.launcherPID))",
        sourceLocation: sourceLocation)
    #expect(!FileManager.default.fileExists(atPath: compositor.runtimeDirectory), sourceLocation: sourceLocation)
}

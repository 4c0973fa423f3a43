import DioramaPOSIX
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
    let run = try ProgramRun.run(executable, arguments, environment: environment, timeout: .seconds(timeout))
    #expect(!run.timedOut, "\(name) did not finish within \(timeout) s; output:\n\(run.output)")
    return (run.termination.shellStatus, run.output)
}

/// Starts a long-running client (e.g. a terminal) in its own process group.
/// Call the returned closure to stop it and its children.
func startClient(
    _ name: String, package: String, _ arguments: [String],
    environment: [String: String]
) throws -> () -> Void {
    let executable = try Executables.require(name, package: package)
    let process = try SpawnedProcess(
        executable: executable, arguments: arguments, environment: environment,
        standardOutput: .null, standardError: .null)
    return { process.terminate(grace: .seconds(3)) }
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

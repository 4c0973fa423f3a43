import DioramaPOSIX
import Foundation

/// The command `diorama sim -- COMMAND ARGS…` runs under the simulator.
///
/// Started by DioramaPOSIX's `SpawnedProcess`, with an empty signal mask and
/// default dispositions: the simulator's thread blocks SIGINT and SIGTERM
/// (libwayland reads them from a signalfd) and ignores SIGPIPE, and a child
/// inheriting either could not be stopped or would not see a broken pipe.
/// It stays in our process group, so the terminal's Ctrl-C reaches it too,
/// and gets the descriptors the shell gave `diorama sim` (`fd:N` traces).
/// `exited` is called when it ends, so the simulator stops then too.
final class SimChildProcess: Sendable {
    private let process: SpawnedProcess

    init(command: [String], environment: [String: String], exited: @escaping @Sendable () -> Void) throws {
        do {
            process = try SpawnedProcess(
                executable: command[0], arguments: Array(command.dropFirst()),
                environment: environment, standardInput: .inherit,
                searchPath: true, ownProcessGroup: false, inheritsDescriptors: true)
        } catch {
            throw SimChildError(command: command[0], reason: error.reason)
        }
        process.whenExited(exited)
    }

    /// The child's exit status (128 + signal when killed). If it still runs
    /// (the simulator was stopped by a signal), it gets SIGTERM, then SIGKILL
    /// after two seconds.
    func finish() -> Int32 {
        process.terminate(grace: .seconds(2))
        return process.waitForExit().shellStatus
    }
}

/// The command could not be started.
struct SimChildError: Error, CustomStringConvertible {
    var command: String
    var reason: String
    var description: String { "cannot run \(command): \(reason); check the command and PATH" }
}

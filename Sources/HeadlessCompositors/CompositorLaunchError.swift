import Foundation

/// Why a headless compositor could not be started (or stopped cleanly).
///
/// Every case renders to one readable message that says what failed, and — when
/// the cause is a missing program — which Debian package to install. When the
/// compositor itself misbehaved, the message carries the tail of its log, so a
/// failing integration test shows the compositor's own complaint.
package enum CompositorLaunchError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// A required program is not on `PATH` (nor in the usual system directories).
    case executableNotFound(name: String, package: String)
    /// Preparing the files and directories for an instance failed.
    case setupFailed(what: String, detail: String)
    /// Creating or looking up the unprivileged user that runs sway as root failed.
    case userSetupFailed(user: String, detail: String)
    /// The process could not be spawned at all.
    case spawnFailed(executable: String, detail: String)
    /// The compositor exited before it became ready.
    case exitedEarly(compositor: String, status: Int32, logTail: String)
    /// The compositor did not become ready within the time limit.
    case timedOut(compositor: String, waitingFor: String, seconds: Double, logTail: String)
    /// A helper that configures a running compositor (`kscreen-doctor`)
    /// failed: its exit status (nil when it hung) and what it printed.
    case helperFailed(command: String, status: Int32?, output: String)
    /// A D-Bus call on the compositor's session bus (a ``SessionBusConnection``)
    /// failed: the method, and the error D-Bus or the compositor answered.
    case dbusCallFailed(method: String, message: String)

    package var description: String {
        switch self {
        case let .executableNotFound(name, package):
            return "\(name) not found: apt-get install \(package) (or run `make deps`)"
        case let .setupFailed(what, detail):
            return "could not \(what): \(detail)"
        case let .userSetupFailed(user, detail):
            return "could not prepare the unprivileged user '\(user)' that runs sway when started as root: \(detail)"
        case let .spawnFailed(executable, detail):
            return "could not start \(executable): \(detail)"
        case let .exitedEarly(compositor, status, logTail):
            return "\(compositor) exited with status \(status) before it was ready. Log tail:\n\(logTail)"
        case let .timedOut(compositor, waitingFor, seconds, logTail):
            let s = String(format: "%.1f", seconds)
            return "\(compositor) was not ready after \(s) s (waiting for \(waitingFor)). Log tail:\n\(logTail)"
        case let .helperFailed(command, status, output):
            let ended = status.map { "exited with status \($0)" } ?? "did not finish"
            return "`\(command)` \(ended): \(output.trimmingCharacters(in: .whitespacesAndNewlines))"
        case let .dbusCallFailed(method, message):
            return "the D-Bus call \(method) failed: \(message)"
        }
    }

    package var errorDescription: String? { description }
}

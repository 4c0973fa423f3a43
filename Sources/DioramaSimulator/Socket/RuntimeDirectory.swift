import DioramaPOSIX
import Foundation
import Glibc

/// The directory the Wayland socket lives in.
///
/// Wayland clients look for `$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY`. When the
/// variable is set (a desktop session, systemd-logind) the simulator uses it;
/// in CI containers it is often unset, and then the simulator makes a private
/// directory (mode 0700, as the XDG spec requires of a runtime dir) in the
/// temporary directory (`$TMPDIR`, else `/tmp`) and removes it again on stop,
/// with whatever clients left in it (their own sockets, dconf's folder),
/// without following a link a client put there.
struct RuntimeDirectory {
    let path: String
    /// True when the simulator created the directory and must remove it.
    let isPrivate: Bool

    /// `explicit` wins; then `$XDG_RUNTIME_DIR` when absolute; else a new private directory.
    static func resolve(explicit: String?) throws(SimulatorSocketError) -> RuntimeDirectory {
        if let explicit {
            guard explicit.hasPrefix("/") else {
                throw SimulatorSocketError(path: explicit, problem: "the runtime directory must be an absolute path")
            }
            var info = stat()
            guard stat(explicit, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                throw SimulatorSocketError(path: explicit, problem: "the runtime directory does not exist; create it (mode 0700) first")
            }
            return RuntimeDirectory(path: explicit, isPrivate: false)
        }
        if let fromEnvironment = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], fromEnvironment.hasPrefix("/") {
            // Said here, with the variable's name: libwayland would only
            // fail to make the lock file inside it.
            var info = stat()
            let found = stat(fromEnvironment, &info) == 0
            guard found, (info.st_mode & S_IFMT) == S_IFDIR else {
                let what = !found && errno == ENOENT ? "does not exist" : "is not a folder"
                throw SimulatorSocketError(
                    path: fromEnvironment,
                    problem: "XDG_RUNTIME_DIR names this path, which \(what); point XDG_RUNTIME_DIR at a runtime folder (mode 0700), "
                        + "or unset it and the simulator makes a folder of its own")
            }
            return RuntimeDirectory(path: fromEnvironment, isPrivate: false)
        }
        return try makePrivate()
    }

    /// A fresh 0700 directory `$TMPDIR/diorama-sim-UID-XXXXXX` (mkdtemp creates it with 0700).
    static func makePrivate() throws(SimulatorSocketError) -> RuntimeDirectory {
        do {
            return RuntimeDirectory(path: try TemporaryDirectory.make(named: "diorama-sim-\(getuid())"), isPrivate: true)
        } catch {
            throw SimulatorSocketError(
                path: error.subject,
                problem: "cannot create a private runtime directory: \(error.reason); set TMPDIR or XDG_RUNTIME_DIR to a writable directory")
        }
    }

    /// Removes the directory and everything in it if the simulator made it;
    /// a directory it did not make (`--runtime-dir`, `$XDG_RUNTIME_DIR`) is
    /// left as it is.
    func removeIfPrivate() {
        guard isPrivate else { return }
        try? TemporaryDirectory.remove(path)
    }
}

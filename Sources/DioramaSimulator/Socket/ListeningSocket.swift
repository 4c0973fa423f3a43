import DioramaPOSIX
import Glibc

/// The listening Unix socket clients connect to, plus the lock file that
/// claims its name — the same convention libwayland's own
/// `wl_display_add_socket` follows (`wayland-0` and `wayland-0.lock`), so
/// other compositors see the name as taken.
///
/// The simulator creates the socket itself instead of letting libwayland read
/// `$XDG_RUNTIME_DIR`: tests run many simulators in one process, each with its
/// own directory, and the environment is shared by every thread. It accepts
/// on it itself too (``ClientAcceptor``), so running out of descriptors
/// pauses accepting instead of spinning.
struct ListeningSocket {
    let directory: String
    let name: String
    /// The listening descriptor; the ``ClientAcceptor`` owns it once started.
    let descriptor: Int32
    private let lockDescriptor: Int32

    var path: String { directory + "/" + name }

    /// Binds `name` in `directory`, or the first free `wayland-N` (N = 0…32) when nil.
    static func open(in directory: String, name: String?) throws(SimulatorSocketError) -> ListeningSocket {
        if let name {
            guard !name.isEmpty, !name.contains("/") else {
                throw SimulatorSocketError(path: name, problem: "a socket name must be a plain file name such as wayland-sim-1")
            }
            guard let socket = try claim(directory: directory, name: name) else {
                throw SimulatorSocketError(
                    path: directory + "/" + name,
                    problem: "another compositor holds this socket name (its .lock file is locked); choose another name or omit it")
            }
            return socket
        }
        for number in 0...32 {
            if let socket = try claim(directory: directory, name: "wayland-\(number)") { return socket }
        }
        throw SimulatorSocketError(path: directory, problem: "wayland-0 … wayland-32 are all in use; pass an explicit socket name")
    }

    /// Takes the lock for `name` and binds the socket; nil when the lock is held
    /// by someone else (the name is in use).
    private static func claim(directory: String, name: String) throws(SimulatorSocketError) -> ListeningSocket? {
        let path = directory + "/" + name
        do {
            _ = try UnixSocketAddress(path: path)  // refused before the lock file is made
        } catch {
            throw SimulatorSocketError(path: path, problem: error.explanation)
        }
        let lockPath = path + ".lock"
        let lock = Glibc.open(lockPath, O_CREAT | O_CLOEXEC | O_RDWR, mode_t(0o660))
        guard lock >= 0 else {
            throw SimulatorSocketError(path: lockPath, problem: "cannot create the lock file: \(String(cString: strerror(errno)))")
        }
        guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
            close(lock)
            return nil
        }
        // The lock is ours, so a socket file left here is stale: a crashed compositor's.
        unlink(path)
        let descriptor: Int32
        do {
            descriptor = try UnixSocket.listen(at: path, backlog: 128)
        } catch {
            close(lock)
            let reason = (error as? SystemCallError)?.explanation ?? "\(error)"
            throw SimulatorSocketError(path: path, problem: "cannot listen on the socket: \(reason)")
        }
        return ListeningSocket(directory: directory, name: name, descriptor: descriptor, lockDescriptor: lock)
    }

    /// Removes the socket and lock files and releases the lock. The listening
    /// descriptor itself is closed by the ``ClientAcceptor``.
    func removeFiles() {
        unlink(path)
        unlink(path + ".lock")
        close(lockDescriptor)
    }
}

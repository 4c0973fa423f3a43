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
///
/// Neither name is taken from someone else: a `NAME.lock` that is not an
/// empty regular file (a user's file, a symbolic link, a device) is refused
/// rather than opened, and at `NAME` only a stale socket (one nobody accepts
/// on) is replaced; a file that is not a socket, or a live socket (another
/// compositor's, or a simulator's control socket), is refused. At the end,
/// each file is removed only if it is still the one made or locked here.
struct ListeningSocket {
    let directory: String
    let name: String
    /// The listening descriptor; the ``ClientAcceptor`` owns it once started.
    let descriptor: Int32
    private let lock: LockFile
    /// Device and inode of the socket file bound here.
    private let boundFile: FileIdentity?

    var path: String { directory + "/" + name }

    /// Binds `name` in `directory`, or the first free `wayland-N` (N = 0…32) when nil.
    static func open(in directory: String, name: String?) throws(SimulatorSocketError) -> ListeningSocket {
        if let name {
            guard !name.isEmpty, !name.contains("/"), !name.utf8.contains(0) else {
                throw SimulatorSocketError(path: name, problem: "a socket name must be a plain file name such as wayland-sim-1")
            }
            switch try claim(directory: directory, name: name) {
            case .claimed(let socket): return socket
            case .taken(let problem): throw SimulatorSocketError(path: directory + "/" + name, problem: problem)
            }
        }
        for number in 0...32 {
            if case .claimed(let socket) = try claim(directory: directory, name: "wayland-\(number)") { return socket }
        }
        throw SimulatorSocketError(path: directory, problem: "wayland-0 … wayland-32 are all in use; pass an explicit socket name")
    }

    /// What ``claim(directory:name:)`` got.
    private enum Claim {
        case claimed(ListeningSocket)
        /// The name belongs to someone else; why, and what to do.
        case taken(String)
    }

    /// Takes the lock for `name` and binds the socket, or says why the name
    /// is someone else's.
    private static func claim(directory: String, name: String) throws(SimulatorSocketError) -> Claim {
        let path = directory + "/" + name
        do {
            _ = try UnixSocketAddress(path: path)  // refused before the lock file is made
        } catch {
            throw SimulatorSocketError(path: path, problem: error.explanation)
        }
        let lock: LockFile
        switch try LockFile.take(path + ".lock") {
        case .locked(let taken): lock = taken
        case .taken(let problem): return .taken(problem)
        }
        do throws(SocketPathRefusal) {
            try UnixSocket.removeStaleSocket(at: path)
        } catch {
            lock.release()
            switch error {
            case .notASocket:
                return .taken("exists and is not a socket; refusing to replace it. Choose another socket name, or remove the file yourself")
            case .inUse:
                return .taken(
                    "a live process accepts connections on this socket (another compositor, or a simulator's control socket); choose another socket name, or stop that process"
                )
            case .cannotCheck(let reason):
                return .taken("cannot tell whether this socket is in use (\(reason)); choose another socket name")
            }
        }
        let descriptor: Int32
        do {
            descriptor = try UnixSocket.listen(at: path, backlog: 128)
        } catch {
            lock.release()
            let reason = (error as? SystemCallError)?.explanation ?? "\(error)"
            throw SimulatorSocketError(path: path, problem: "cannot listen on the socket: \(reason)")
        }
        return .claimed(
            ListeningSocket(directory: directory, name: name, descriptor: descriptor, lock: lock, boundFile: FileIdentity(of: path)))
    }

    /// Removes the socket and lock files (each only if it is still the one
    /// made here) and releases the lock. The listening descriptor itself is
    /// closed by the ``ClientAcceptor``.
    func removeFiles() {
        if let boundFile, FileIdentity(of: path) == boundFile { unlink(path) }
        lock.release()
    }
}

/// A file's device and inode, read without following a symbolic link: tells
/// whether the file at a path is still the one seen before.
struct FileIdentity: Equatable, Sendable {
    var device: UInt
    var inode: UInt

    init?(of path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        device = UInt(status.st_dev)
        inode = UInt(status.st_ino)
    }

    init(_ status: stat) {
        device = UInt(status.st_dev)
        inode = UInt(status.st_ino)
    }
}

/// `NAME.lock`, the file whose `flock` claims a Wayland socket name (as
/// libwayland's `wl_display_add_socket` does: it creates the file if needed,
/// mode 0660, never writes to it, and removes it with the socket).
///
/// libwayland opens whatever is at that path. Here only a new file, or an
/// existing empty regular file (another compositor's lock file) is opened:
/// a symbolic link is not followed, and a file with contents, a device or a
/// FIFO is someone else's and is left alone.
struct LockFile {
    let path: String
    let descriptor: Int32
    let identity: FileIdentity

    enum Outcome {
        case locked(LockFile)
        /// Someone else's: why, and what to do.
        case taken(String)
    }

    static func take(_ path: String) throws(SimulatorSocketError) -> Outcome {
        var descriptor = Glibc.open(path, O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_RDWR, mode_t(0o660))
        if descriptor < 0 && errno == EEXIST {
            var status = stat()
            guard lstat(path, &status) == 0 else { return try take(path) }  // removed meanwhile: create it
            guard status.st_mode & S_IFMT == S_IFREG, status.st_size == 0, status.st_nlink == 1 else {
                return .taken(
                    "\(path) exists and is not an empty lock file (Wayland lock files are empty); refusing to use it. Choose another socket name, or remove the file yourself"
                )
            }
            descriptor = Glibc.open(path, O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_RDWR)
        }
        guard descriptor >= 0 else {
            throw SimulatorSocketError(path: path, problem: "cannot create the lock file: \(String(cString: strerror(errno)))")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size == 0 else {
            close(descriptor)
            return .taken("\(path) changed while being opened and is not an empty lock file; try again, or choose another socket name")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return .taken("another compositor holds this socket name (its .lock file is locked); choose another name or omit it")
        }
        return .locked(LockFile(path: path, descriptor: descriptor, identity: FileIdentity(status)))
    }

    /// Removes the file if it is still the one locked here, then unlocks it.
    func release() {
        if FileIdentity(of: path) == identity { unlink(path) }
        close(descriptor)
    }
}

import CDioramaShim
import Foundation
import Glibc

/// The simulator's control endpoint: a Unix socket that `diorama ctl` (or any
/// program speaking `Docs/control-protocol.md`) connects to, to list and move
/// windows, change displays, take screenshots and read the trace.
///
/// Same user only: the socket file is mode 0600, and a connection whose peer
/// runs as another user (`SO_PEERCRED`) is closed at once.
///
/// Threads: one accepts connections; each connection gets a thread that reads
/// requests and waits for their answers. Nothing here touches the simulator
/// directly: every request runs on the simulator's thread through its
/// ``RemoteControl``, between client requests, so the simulator stays
/// single-threaded and a slow `ctl` client never stalls the compositor.
public final class ControlServer: @unchecked Sendable {
    /// The socket's absolute path, the value for `DIORAMA_CONTROL`.
    public let path: String
    private let listening: Int32
    private let remote: RemoteControl
    private let lock = NSLock()
    private var connections: [ObjectIdentifier: ControlLineSocket] = [:]
    private var isStopped = false

    /// Opens the endpoint for `simulator` at `path` and starts accepting.
    /// Call on the simulator's thread, after `start`.
    ///
    /// - Parameter path: where the socket goes; nil puts it next to the
    ///   Wayland socket as `NAME.control` (`wayland-1.control`).
    public convenience init(simulator: Simulator, path: String? = nil) throws(ControlTransportError) {
        guard let socketPath = path ?? simulator.socketPath.map({ $0 + ".control" }) else {
            throw ControlTransportError("the simulator has no socket yet; call start() before opening its control endpoint")
        }
        try self.init(path: socketPath, remote: simulator.remoteControl)
    }

    init(path: String, remote: RemoteControl) throws(ControlTransportError) {
        guard path.utf8.count <= 107 else {
            throw ControlTransportError("\(path): the control socket path is longer than 107 bytes; use a shorter directory")
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw ControlTransportError("socket() failed: \(String(cString: strerror(errno)))") }
        unlink(path)
        var address = UnixSocketAddress(path: path)
        guard address.bind(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw ControlTransportError("\(path): cannot bind the control socket: \(reason)")
        }
        // Same user only. (Between bind and chmod the file has the umask's
        // mode; the peer-credential check below covers that moment.)
        chmod(path, 0o600)
        guard listen(descriptor, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            unlink(path)
            throw ControlTransportError("\(path): listen failed: \(reason)")
        }
        self.path = path
        listening = descriptor
        self.remote = remote
        let thread = Thread { [self] in acceptConnections() }
        thread.name = "diorama-control-accept"
        thread.start()
    }

    /// Stops accepting, disconnects every control client and removes the
    /// socket file. Connections waiting for the simulator get an error once
    /// it shuts down. Safe to call twice. Call it before shutting the
    /// simulator down: the accepting thread keeps the server alive until then.
    public func stop() {
        lock.lock()
        guard !isStopped else {
            lock.unlock()
            return
        }
        isStopped = true
        // Under the lock: a connection closes its descriptor only after
        // leaving `connections`, so none of these has been closed (and its
        // number reused) yet.
        for connection in connections.values { connection.shutDown() }
        lock.unlock()
        shutdown(listening, Int32(SHUT_RDWR))
        unlink(path)
    }

    /// The accept thread: one connection thread per accepted peer of the same user.
    private func acceptConnections() {
        while true {
            let descriptor = accept(listening, nil, nil)
            if descriptor < 0 {
                let failure = errno
                lock.lock()
                let stopped = isStopped
                lock.unlock()
                if stopped { break }  // stop() shut the socket down
                // Out of descriptors or a connection that died while queued:
                // keep serving the others.
                if failure != EINTR && failure != ECONNABORTED { usleep(10_000) }
                continue
            }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            guard Self.peerIsSameUser(descriptor) else {
                Glibc.close(descriptor)
                continue
            }
            let socket = ControlLineSocket(descriptor: descriptor)
            lock.lock()
            if isStopped {
                lock.unlock()
                break
            }
            connections[ObjectIdentifier(socket)] = socket
            lock.unlock()
            let thread = Thread { [self] in
                ControlConnection(socket: socket, remote: remote).serve()
                lock.lock()
                connections.removeValue(forKey: ObjectIdentifier(socket))
                lock.unlock()
                socket.close()
            }
            thread.name = "diorama-control-connection"
            thread.start()
        }
        Glibc.close(listening)
    }

    /// Whether the connected peer runs as this process's user.
    static func peerIsSameUser(_ descriptor: Int32) -> Bool {
        var uid: UInt32 = 0
        return CDioramaShim_peer_uid(descriptor, &uid) == 0 && uid == getuid()
    }
}

/// A `sockaddr_un` for a path, with the bind and connect calls that need it.
struct UnixSocketAddress {
    private var address = sockaddr_un()

    /// - Precondition: `path` fits (at most 107 bytes).
    init(path: String) {
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
    }

    mutating func bind(_ descriptor: Int32) -> Int32 {
        withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }

    mutating func connect(_ descriptor: Int32) -> Int32 {
        withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }
}

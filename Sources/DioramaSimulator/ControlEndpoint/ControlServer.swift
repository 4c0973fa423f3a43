import CDioramaShim
import DioramaControlProtocol
import DioramaLogging
import DioramaModel
import DioramaPOSIX
import Foundation
import Glibc
import Synchronization

/// The simulator's control endpoint: a Unix socket that `diorama ctl` (or any
/// program speaking `Docs/control-protocol.md`) connects to, to list and move
/// windows, change displays, take screenshots and read the trace.
///
/// Same user only: the socket file is mode 0600, and a connection whose peer
/// runs as another user (`SO_PEERCRED`) is closed at once.
///
/// The path is claimed with care: an existing file that is not a socket, or
/// a socket another live process answers on (another simulator's endpoint),
/// is refused rather than replaced; only a stale socket is removed. At
/// `stop` the file is removed only if it is still the one bound here.
///
/// Threads: one accepts connections; each connection gets a thread that reads
/// requests and waits for their answers, up to
/// ``SimulatorLimits/maximumControlConnections`` at once (one more is
/// answered `busy` and closed). Nothing here touches the simulator
/// directly: every request goes through its ``RemoteControl``, which has
/// the connection's thread carry it out under the simulator's loop lock
/// (or the simulator's thread, when no `run()` loop drives it), between
/// client requests: one thread at a time works on the simulator, and a slow
/// `ctl` client never stalls the compositor.
public final class ControlServer: Sendable {
    /// The socket's absolute path, the value for `DIORAMA_CONTROL`.
    public let path: String
    private let listening: Int32
    private let remote: RemoteControl
    private let limits: SimulatorLimits
    /// Device and inode of the socket file bound here, so `stop` never
    /// removes a file someone else put at `path` since.
    private let boundFile: FileIdentity?
    /// What `stop()`, the accept thread and the connection threads share.
    private struct Registry {
        var connections: [ObjectIdentifier: ControlLineSocket] = [:]
        var isStopped = false
    }
    private let registry = Mutex(Registry())

    /// Opens the endpoint for `simulator` at `path` and starts accepting.
    /// Call on the simulator's thread, after `start`.
    ///
    /// - Parameter path: where the socket goes; nil puts it next to the
    ///   Wayland socket as `NAME.control` (`wayland-1.control`).
    public convenience init(simulator: Simulator, path: String? = nil) throws(ControlTransportError) {
        guard let socketPath = path ?? simulator.socketPath.map({ $0 + ".control" }) else {
            throw ControlTransportError("the simulator has no socket yet; call start() before opening its control endpoint")
        }
        try self.init(path: socketPath, remote: simulator.remoteControl, limits: simulator.configuration.limits)
    }

    init(path: String, remote: RemoteControl, limits: SimulatorLimits) throws(ControlTransportError) {
        do {
            _ = try UnixSocketAddress(path: path)  // a path that cannot fit is refused before anything is touched
        } catch {
            throw ControlTransportError("\(error)")
        }
        try Self.removeStaleSocket(at: path)
        let descriptor: Int32
        do {
            descriptor = try UnixSocket.listen(at: path, backlog: 16)
        } catch {
            let reason = (error as? SystemCallError)?.explanation ?? "\(error)"
            throw ControlTransportError("\(path): cannot listen on the control socket: \(reason)")
        }
        // Same user only. (Between bind and chmod the file has the umask's
        // mode; the peer-credential check on each connection covers that moment.)
        chmod(path, 0o600)
        self.path = path
        listening = descriptor
        self.remote = remote
        self.limits = limits
        boundFile = FileIdentity(of: path)
        let thread = Thread { [self] in acceptConnections() }
        thread.name = "diorama-control-accept"
        thread.start()
    }

    /// Stops accepting, disconnects every control client and removes the
    /// socket file. Connections waiting for the simulator get an error once
    /// it shuts down. Safe to call twice. Call it before shutting the
    /// simulator down: the accepting thread keeps the server alive until then.
    public func stop() {
        let stoppedNow = registry.withLock { registry in
            guard !registry.isStopped else { return false }
            registry.isStopped = true
            // Under the lock: a connection closes its descriptor only after
            // leaving `connections`, so none of these has been closed (and its
            // number reused) yet.
            for connection in registry.connections.values { connection.shutDown() }
            return true
        }
        guard stoppedNow else { return }
        shutdown(listening, Int32(SHUT_RDWR))
        if let boundFile, FileIdentity(of: path) == boundFile { unlink(path) }
    }

    /// Makes room at `path` for a new socket, or says why not (see
    /// ``UnixSocket/removeStaleSocket(at:)``): only a stale socket is removed.
    static func removeStaleSocket(at path: String) throws(ControlTransportError) {
        do throws(SocketPathRefusal) {
            try UnixSocket.removeStaleSocket(at: path)
        } catch {
            switch error {
            case .notASocket:
                throw ControlTransportError(
                    "\(path) exists and is not a socket; refusing to replace it. Choose another --control path, or remove the file yourself")
            case .inUse:
                throw ControlTransportError(
                    "\(path): another process (another simulator?) is listening on this socket; choose another --control path, or stop that process")
            case .cannotCheck(let reason):
                throw ControlTransportError("\(path): cannot tell whether this socket is in use (\(reason)); choose another --control path")
            }
        }
    }

    /// How long the accept thread waits before trying again when accept
    /// fails for want of descriptors or memory.
    static let acceptBackoff: useconds_t = 100_000

    /// What the accept thread does with a new peer.
    private enum Admission { case admitted, busy, stopped }

    /// The accept thread: one connection thread per accepted peer of the
    /// same user, up to the limit.
    private func acceptConnections() {
        var reportedFailure: Int32?
        while true {
            let descriptor: Int32
            do {
                descriptor = try UnixSocket.accept(listening, path: path)
            } catch {
                let failure = error.code
                if registry.withLock({ $0.isStopped }) { break }  // stop() shut the socket down
                if failure == EINTR || failure == ECONNABORTED { continue }  // a connection that died while queued
                // Out of descriptors (EMFILE, ENFILE) or memory: the pending
                // connection stays queued; wait for one to close instead of
                // spinning, and say so once per episode.
                if reportedFailure != failure {
                    reportedFailure = failure
                    simulatorLog.warning(
                        "the simulator's control endpoint cannot accept connections (\(String(cString: strerror(failure)))); retrying every \(Self.acceptBackoff / 1000) ms"
                    )
                }
                usleep(Self.acceptBackoff)
                continue
            }
            reportedFailure = nil
            guard Self.peerIsSameUser(descriptor) else {
                Glibc.close(descriptor)
                continue
            }
            let socket = ControlLineSocket(descriptor: descriptor, maximumLineBytes: limits.maximumControlLineBytes)
            let admission = registry.withLock { registry -> Admission in
                if registry.isStopped { return .stopped }
                guard registry.connections.count < limits.maximumControlConnections else { return .busy }
                registry.connections[ObjectIdentifier(socket)] = socket
                return .admitted
            }
            if admission == .stopped { break }
            if admission == .busy {
                refuseBusy(socket)
                continue
            }
            let thread = Thread { [self] in
                ControlConnection(socket: socket, remote: remote, idleTimeout: limits.controlIdleTimeout).serve()
                _ = registry.withLock { $0.connections.removeValue(forKey: ObjectIdentifier(socket)) }
                socket.close()
            }
            thread.name = "diorama-control-connection"
            thread.start()
        }
        Glibc.close(listening)
    }

    /// Answers a connection over the limit with a `busy` error and closes it.
    /// The line is short, so it fits the new socket's buffer: sending never blocks.
    private func refuseBusy(_ socket: ControlLineSocket) {
        let failure = ControlFailure.busy(
            "the simulator is busy: it already serves \(limits.maximumControlConnections) control connections (SimulatorLimits.maximumControlConnections, `diorama sim --max-control-connections`); close one and try again (idle connections are closed after \(limits.controlIdleTimeout.secondsText) s, `--control-idle-timeout`)"
        )
        _ = try? socket.writeLine(ControlConnection.encode(ControlResponse(failure)))
        socket.close()
    }

    /// Whether the connected peer runs as this process's user.
    static func peerIsSameUser(_ descriptor: Int32) -> Bool {
        var uid: UInt32 = 0
        return CDioramaShim_peer_uid(descriptor, &uid) == 0 && uid == getuid()
    }
}

/// Where the simulator reports trouble it carries on through (swift-log;
/// the CLI prints these as plain `warning: …` lines).
let simulatorLog = DioramaLog.logger("diorama.simulator")

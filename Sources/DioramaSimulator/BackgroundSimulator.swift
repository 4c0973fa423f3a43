import DioramaPOSIX
import Foundation

/// A simulator running its event loop on its own thread: the embedding mode
/// for code that is not the simulator's own event loop — tests whose clients
/// are other processes that must be answered while the test waits, and the
/// scenario runner, whose steps are async code on other threads.
///
/// The simulator is created, run and shut down on that thread; the caller
/// reaches it only through ``perform(_:)``, which runs a closure there and
/// returns its (Sendable) result.
public final class BackgroundSimulator: Sendable {
    /// The socket's absolute path.
    public let socketPath: String
    /// `XDG_RUNTIME_DIR` and `WAYLAND_DISPLAY` for client processes.
    public let clientEnvironment: [String: String]
    private let remote: RemoteControl
    private let finished: DispatchSemaphore

    /// Starts the thread and waits until the simulator listens.
    ///
    /// - Parameters:
    ///   - makeConfiguration: builds the configuration on the simulator's
    ///     thread (a clock is not Sendable, so it is made there).
    ///   - runtimeDirectory: where the socket goes; nil for `$XDG_RUNTIME_DIR`
    ///     or a private directory.
    public init(
        socketName: String? = nil, runtimeDirectory: String? = nil,
        makeConfiguration: @escaping @Sendable () throws -> SimulatorConfiguration
    ) throws {
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let startup = StartupBox()
        let thread = Thread {
            let simulator: Simulator
            do {
                simulator = try Simulator(configuration: makeConfiguration())
                try simulator.start(socketName: socketName, runtimeDirectory: runtimeDirectory)
            } catch {
                startup.result = .failure(error)
                started.signal()
                finished.signal()
                return
            }
            startup.result = .success((simulator.socketPath!, simulator.clientEnvironment, simulator.remoteControl))
            started.signal()
            simulator.run()
            simulator.shutDown()
            finished.signal()
        }
        thread.name = "diorama-simulator"
        thread.start()
        started.wait()
        let (path, environment, remote) = try startup.result!.get()
        socketPath = path
        clientEnvironment = environment
        self.remote = remote
        self.finished = finished
    }

    /// Runs `body` on the simulator's thread and returns its result.
    public func perform<Result: Sendable>(_ body: @escaping @Sendable (Simulator) throws -> Result) throws -> Result {
        try remote.perform(body)
    }

    /// Waits until `condition` holds on the simulator's thread: it is looked
    /// at now and after every event that could change it (a commit, an ack,
    /// a bind, …; ``RemoteControl/wait(for:timeout:)``), never on a timer.
    ///
    /// - Throws: ``SimulatorControlError/timedOut(_:)`` naming `what` after `timeout`.
    public func wait(
        until condition: @escaping @Sendable (Simulator) -> Bool, timeout: Duration,
        _ what: String = "the condition"
    ) throws {
        guard try value(timeout: timeout, { condition($0) ? true : nil }) != nil else {
            throw SimulatorControlError.timedOut(what)
        }
    }

    /// The first value `condition` gives on the simulator's thread, looked
    /// at now and after every event that could change it; nil when
    /// `timeout` passed first.
    public func value<Value: Sendable>(
        timeout: Duration, _ condition: @escaping @Sendable (Simulator) throws -> Value?
    ) throws -> Value? {
        try remote.wait(for: condition, timeout: timeout)
    }

    /// ``value(timeout:_:)`` for async code: the wait blocks a thread of
    /// its own (``awaitBlocking(_:)``), not one of the cooperative pool's.
    public func value<Value: Sendable>(
        timeout: Duration, _ condition: @escaping @Sendable (Simulator) throws -> Value?
    ) async throws -> Value? {
        let remote = remote
        return try await awaitBlocking { Result { try remote.wait(for: condition, timeout: timeout) } }.get()
    }

    /// Stops the loop, shuts the simulator down (disconnecting clients) and
    /// waits for the thread to finish. Call once.
    public func stop() {
        remote.enqueue { $0.stop() }
        finished.wait()
    }
}

/// Hands the started simulator's facts from its thread to the starter; the
/// semaphore orders the write before the read.
private final class StartupBox: @unchecked Sendable {
    var result: Result<(String, [String: String], RemoteControl), any Error>?
}

import Dispatch

extension Connection {
    /// Dispatches this connection's events on `queue` whenever the socket
    /// becomes readable, for apps whose work runs on a `DispatchQueue` (the
    /// scene runtime runs on the main queue). From now on the connection and
    /// its objects belong to `queue`: use them only from there.
    ///
    /// After each delivery the source flushes, so requests sent by handlers go
    /// out at once. Requests sent from other work on the queue (a timer, a
    /// button) should be followed by `flush()`.
    ///
    /// - Parameters:
    ///   - batchDispatched: called on `queue` after each wakeup's events have
    ///     all been delivered (the end of a dispatched batch), before the
    ///     flush. Handlers record what changed; this is where a client acts
    ///     on the batch as a whole — one recomputation, one frame — instead of
    ///     once per event. Not called when nothing was delivered.
    ///   - failed: called on `queue`, once, when the connection fails
    ///     (protocol error or disconnect); the source has already cancelled
    ///     itself, so a dead socket cannot spin the queue.
    /// - Returns: the source; dropping it or calling `cancel()` detaches.
    package func attach(
        to queue: DispatchQueue,
        batchDispatched: @escaping () -> Void = {},
        failed: @escaping (ConnectionError) -> Void
    ) -> ConnectionQueueSource {
        ConnectionQueueSource(connection: self, queue: queue, batchDispatched: batchDispatched, failed: failed)
    }
}

extension Connection {
    /// What a loop watching the socket does when it finds it readable: reads
    /// and delivers everything there is, tells `batchDispatched` if anything
    /// was delivered, then sends what the handlers asked for.
    ///
    /// Drains until nothing is left (see `dispatchAvailable`): under load,
    /// stopping at events already queued left a vanished compositor
    /// unnoticed and the app hung.
    func handleWakeUp(batchDispatched: () -> Void) throws(ConnectionError) {
        if try dispatchAvailable() > 0 { batchDispatched() }
        try flush()
    }
}

/// The `DispatchSource` that feeds a `Connection` from its queue; see
/// `Connection.attach(to:failed:)`.
package final class ConnectionQueueSource {
    private let source: DispatchSourceRead

    fileprivate init(
        connection: Connection, queue: DispatchQueue, batchDispatched: @escaping () -> Void,
        failed: @escaping (ConnectionError) -> Void
    ) {
        source = DispatchSource.makeReadSource(fileDescriptor: connection.fileDescriptor, queue: queue)
        // The handler runs on `queue`, the only place the connection is used,
        // so handing the non-Sendable connection to it is safe.
        let confined = QueueConfined((connection: connection, batchDispatched: batchDispatched, failed: failed, source: source))
        source.setEventHandler {
            let (connection, batchDispatched, failed, source) = confined.value
            do throws(ConnectionError) {
                try connection.handleWakeUp(batchDispatched: batchDispatched)
            } catch {
                source.cancel()
                failed(error)
            }
        }
        source.resume()
        // Requests sent before attaching (binds, the first commit) go out now.
        queue.async {
            let (connection, _, failed, source) = confined.value
            do throws(ConnectionError) {
                try connection.flush()
            } catch {
                source.cancel()
                failed(error)
            }
        }
    }

    /// Stops dispatching; the connection stays open.
    package func cancel() {
        source.cancel()
    }

    package var isCancelled: Bool { source.isCancelled }

    deinit {
        source.cancel()
    }
}

/// Carries a non-Sendable value into a closure that Dispatch requires to be
/// `@Sendable`, where the caller guarantees the value is only touched on one
/// serial queue.
struct QueueConfined<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

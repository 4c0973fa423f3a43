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
    /// - Parameter failed: called on `queue`, once, when the connection fails
    ///   (protocol error or disconnect); the source has already cancelled
    ///   itself, so a dead socket cannot spin the queue.
    /// - Returns: the source; dropping it or calling `cancel()` detaches.
    public func attach(to queue: DispatchQueue,
                       failed: @escaping (ConnectionError) -> Void) -> ConnectionQueueSource {
        ConnectionQueueSource(connection: self, queue: queue, failed: failed)
    }
}

/// The `DispatchSource` that feeds a `Connection` from its queue; see
/// `Connection.attach(to:failed:)`.
public final class ConnectionQueueSource {
    private let source: DispatchSourceRead

    fileprivate init(connection: Connection, queue: DispatchQueue, failed: @escaping (ConnectionError) -> Void) {
        source = DispatchSource.makeReadSource(fileDescriptor: connection.fileDescriptor, queue: queue)
        // The handler runs on `queue`, the only place the connection is used,
        // so handing the non-Sendable connection to it is safe.
        let confined = QueueConfined((connection: connection, failed: failed, source: source))
        source.setEventHandler {
            let (connection, failed, source) = confined.value
            do throws(ConnectionError) {
                // Drain until nothing is left: libdispatch may watch the fd
                // edge-triggered, so a wakeup whose data (or hang-up) is not
                // read now never comes again. One `dispatch` call can stop at
                // events already queued without reading the socket; under load
                // that left a vanished compositor unnoticed and the app hung.
                while try connection.dispatch(timeout: .zero) > 0 {}
                try connection.flush()
            } catch {
                source.cancel()
                failed(error)
            }
        }
        source.resume()
        // Requests sent before attaching (binds, the first commit) go out now.
        queue.async {
            let (connection, failed, source) = confined.value
            do throws(ConnectionError) {
                try connection.flush()
            } catch {
                source.cancel()
                failed(error)
            }
        }
    }

    /// Stops dispatching; the connection stays open.
    public func cancel() {
        source.cancel()
    }

    public var isCancelled: Bool { source.isCancelled }

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

import CDioramaClientShim
import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

extension Connection {
    /// Runs the process's main thread as the loop of an app whose work runs
    /// on the main queue (the scene runtime): one `poll` waits for the
    /// socket and for work queued on the main queue (a timer, a signal, a
    /// `DispatchQueue.main.async`, a main-actor task), and whichever is ready
    /// runs here, on this thread. Never returns; the app ends with `exit`.
    ///
    /// Why not a `DispatchSource` and `dispatchMain()`: libdispatch then
    /// watches the socket from its manager thread, which wakes a worker
    /// thread to drain the main queue — two thread wake-ups for every batch
    /// of events, on a loaded two-CPU machine often each on the other CPU.
    /// Here a batch costs one. The connection and its objects belong to the
    /// main queue as with `attach(to: .main)`.
    ///
    /// - Parameters:
    ///   - batchDispatched: called after each wake-up's events have all been
    ///     delivered, as for `attach(to:batchDispatched:failed:)`.
    ///   - failed: called once when the connection fails; the socket is not
    ///     watched after that, while main-queue work still runs.
    /// - Precondition: called on the main thread, and `dispatchMain()` was not.
    package func runMainThread(batchDispatched: @escaping () -> Void, failed: @escaping (ConnectionError) -> Void) -> Never {
        let mainQueueWork = CDioramaClientShim_main_queue_descriptor()
        var watched = [
            pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: mainQueueWork, events: Int16(POLLIN), revents: 0),
        ]
        // Requests sent before the loop (binds, the first commit) go out now.
        do throws(ConnectionError) {
            try flush()
        } catch {
            watched[0].fd = -1
            failed(error)
        }
        while true {
            if poll(&watched, nfds_t(watched.count), -1) < 0 {
                guard errno == EINTR else { fatalError("poll on the main thread failed: errno \(errno)") }
                continue
            }
            if watched[0].revents != 0 {
                do throws(ConnectionError) {
                    try handleWakeUp(batchDispatched: batchDispatched)
                } catch {
                    // A negative descriptor is left out of the poll from now on.
                    watched[0].fd = -1
                    failed(error)
                }
            }
            if watched[1].revents != 0 {
                // Read first: work queued while the queue drains writes again.
                var count: UInt64 = 0
                _ = read(mainQueueWork, &count, MemoryLayout<UInt64>.size)
                CDioramaClientShim_drain_main_queue()
            }
        }
    }
}

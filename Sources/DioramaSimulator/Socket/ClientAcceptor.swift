import CWaylandServer
import DioramaLogging
import DioramaModel
import Foundation
import Glibc

/// Accepts Wayland clients on the listening socket and hands each to
/// libwayland (`wl_client_create`).
///
/// The simulator does this itself rather than through
/// `wl_display_add_socket_fd`, because libwayland's own handler only logs a
/// failed accept and returns: with the process out of descriptors (EMFILE)
/// the pending connection keeps the socket readable, so the event loop spins
/// at full speed printing "failed to accept" for as long as the descriptors
/// stay taken. Here a failed accept is reported once, the socket is left out
/// of the event loop for ``pause`` and then tried again, so a full process
/// idles and serves the next client as soon as a descriptor is free.
final class ClientAcceptor {
    /// How long the listening socket stays out of the event loop after an
    /// accept failed for want of descriptors or memory.
    static let pauseMilliseconds: Int32 = 100

    private let display: OpaquePointer
    private let descriptor: Int32
    private var source: OpaquePointer?
    private var retryTimer: OpaquePointer?
    /// The errno last reported, so one episode of failures logs one line.
    private var reportedFailure: Int32?
    private var isClosed = false
    private let report: (String) -> Void

    /// Starts watching `descriptor`, a listening socket this object then owns
    /// and closes in ``close()`` (also when init fails).
    ///
    /// - Parameter report: where the one line about an accept failure goes.
    init?(
        display: OpaquePointer, eventLoop: OpaquePointer, listening descriptor: Int32,
        report: @escaping (String) -> Void = ClientAcceptor.logWarning
    ) {
        self.display = display
        self.descriptor = descriptor
        self.report = report
        // Non-blocking: a client that hangs up between poll and accept must
        // not stall the compositor in accept().
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        let context = Unmanaged.passUnretained(self).toOpaque()
        source = wl_event_loop_add_fd(
            eventLoop, descriptor, UInt32(WL_EVENT_READABLE),
            { _, _, data in
                guard let data else { return 0 }
                Unmanaged<ClientAcceptor>.fromOpaque(data).takeUnretainedValue().acceptPending()
                return 0
            }, context)
        retryTimer = wl_event_loop_add_timer(
            eventLoop,
            { data in
                guard let data else { return 0 }
                Unmanaged<ClientAcceptor>.fromOpaque(data).takeUnretainedValue().resume()
                return 0
            }, context)
        guard source != nil, retryTimer != nil else {
            close()
            return nil
        }
    }

    /// Fires when the listening socket is readable: takes every queued
    /// connection, until none is left or accepting fails.
    private func acceptPending() {
        while true {
            // (accept4 with SOCK_CLOEXEC is not visible from Swift; the
            // simulator's thread forks no children, so setting it next is enough.)
            let client = accept(descriptor, nil, nil)
            if client >= 0 {
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                if wl_client_create(display, client) != nil {
                    reportedFailure = nil
                    continue
                }
                // libwayland could not take the client: its event loop
                // duplicates the descriptor, which fails when the accepted
                // one was the last free. Accepting again would take that same
                // descriptor and fail the same way for ever, so this is an
                // accept failure like the others.
                let failure = errno
                Glibc.close(client)
                pause(after: failure == 0 ? EMFILE : failure)
                return
            }
            let failure = errno
            switch failure {
            case EINTR, ECONNABORTED, EPROTO:
                continue  // this connection died while queued; the next may be fine
            case EAGAIN, EWOULDBLOCK:
                return
            default:
                pause(after: failure)
                return
            }
        }
    }

    /// Out of descriptors or memory: stop watching the socket for a while
    /// (the queued connection waits in the backlog) and say so once.
    private func pause(after failure: Int32) {
        if reportedFailure != failure {
            reportedFailure = failure
            report(
                "the simulator cannot accept a Wayland client (\(String(cString: strerror(failure)))); "
                    + "new clients wait until one disconnects (retrying every \(Self.pauseMilliseconds) ms)")
        }
        guard let source, let retryTimer else { return }
        wl_event_source_fd_update(source, 0)
        wl_event_source_timer_update(retryTimer, Self.pauseMilliseconds)
    }

    /// Fires when the pause is over: watch the socket again (still-queued
    /// connections make it readable at once).
    private func resume() {
        guard let source else { return }
        wl_event_source_fd_update(source, UInt32(WL_EVENT_READABLE))
    }

    /// Stops accepting and closes the listening socket. Safe to call twice.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        if let source { wl_event_source_remove(source) }
        if let retryTimer { wl_event_source_remove(retryTimer) }
        source = nil
        retryTimer = nil
        Glibc.close(descriptor)
    }

    /// The default report: a warning on the simulator's logger.
    static func logWarning(_ line: String) {
        simulatorLog.warning("\(line)")
    }
}

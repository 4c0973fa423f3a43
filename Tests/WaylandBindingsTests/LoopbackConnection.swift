import CWaylandClient
import CWaylandServer
import Glibc
import Testing

/// A libwayland server and client in one thread, joined by a socket pair.
/// `pump()` moves every pending message both ways until nothing moves, so a
/// test can send requests and events and then look at what arrived.
final class LoopbackConnection {
    let serverDisplay: OpaquePointer
    let serverClient: OpaquePointer
    let clientDisplay: OpaquePointer
    private let eventLoop: OpaquePointer

    init() throws {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw LoopbackError("socketpair failed: errno \(errno)")
        }
        guard let display = wl_display_create() else { throw LoopbackError("wl_display_create failed") }
        serverDisplay = display
        eventLoop = wl_display_get_event_loop(display)
        guard let client = wl_client_create(display, fds[0]) else { throw LoopbackError("wl_client_create failed") }
        serverClient = client
        guard let connection = wl_display_connect_to_fd(fds[1]) else { throw LoopbackError("wl_display_connect_to_fd failed") }
        clientDisplay = connection
    }

    /// Moves messages until a full round (client → server → client) moves
    /// nothing, or `rounds` are done.
    func pump(rounds: Int = 20) {
        for _ in 0..<rounds {
            wl_display_flush(clientDisplay)
            wl_event_loop_dispatch(eventLoop, 0)
            wl_display_flush_clients(serverDisplay)
            var received = 0
            while wl_display_prepare_read(clientDisplay) != 0 {
                received += Int(wl_display_dispatch_pending(clientDisplay))
            }
            var poller = pollfd(fd: wl_display_get_fd(clientDisplay), events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 0) > 0 {
                wl_display_read_events(clientDisplay)
            } else {
                wl_display_cancel_read(clientDisplay)
            }
            received += Int(wl_display_dispatch_pending(clientDisplay))
            if received == 0 && wl_display_get_error(clientDisplay) != 0 { return }
        }
    }

    var clientError: Int32 { wl_display_get_error(clientDisplay) }

    deinit {
        wl_display_disconnect(clientDisplay)
        wl_display_destroy_clients(serverDisplay)
        wl_display_destroy(serverDisplay)
    }
}

struct LoopbackError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

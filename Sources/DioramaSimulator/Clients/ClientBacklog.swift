import CWaylandServer
import Glibc

/// A client that has not read the events sent to it: more than half its
/// socket's send buffer is waiting in the kernel for it.
///
/// Why this matters: libwayland 1.21 keeps one 4 KiB buffer per client
/// beyond the kernel's; when the kernel refuses more and that buffer is full
/// too, libwayland disconnects the client. A script that changes the world
/// faster than a client reads (2,000 moves back to back, each a leave and an
/// enter per surface) would kill a perfectly healthy client that way. So the
/// control endpoint holds back its next request while a client is over this
/// mark, until the client has read enough (see `Docs/control-protocol.md`).
package struct ClientBacklog: Hashable, Sendable, CustomStringConvertible {
    /// The simulator's number for the client (the trace's `client`).
    package var client: UInt32
    package var pid: Int32
    /// Bytes in the kernel not yet read by the client (`SIOCOUTQ`, counted as
    /// the kernel charges them, so with its per-message overhead).
    package var unreadBytes: Int
    /// Half the socket's send buffer (`SO_SNDBUF`): above it the client counts as behind.
    package var limitBytes: Int

    package var description: String {
        "client \(client) (pid \(pid)) has \(unreadBytes) bytes of events it has not read (the mark is \(limitBytes))"
    }
}

/// Which clients are behind on reading their events, from what the kernel
/// holds for them, and the watches that say when they caught up. The
/// control endpoint holds its next request back while one is
/// (``Simulator/flushAndFindBackloggedClients(only:)`` flushes first).
struct ClientBacklogMonitor {
    let clients: ClientRegistry
    let eventLoop: OpaquePointer
    let waiters: SimulatorWaiters

    /// The clients behind on reading, without flushing first: between
    /// requests of a batch, so that the events of many requests travel in
    /// few messages. Safe because the mark is half the send buffer: what
    /// libwayland still holds (at most its 4 KiB buffer, flushed on its own
    /// when full) always fits in the other half. Leaves out those a control
    /// request already gave up waiting for (``stopWaiting(for:)``) until
    /// they catch up.
    ///
    /// - Parameter only: when given, look only at these clients.
    func find(only: Set<UInt32>? = nil) -> [ClientBacklog] {
        var behind: [ClientBacklog] = []
        for record in clients.all where only?.contains(record.id) ?? true {
            guard let backlog = Self.backlog(of: record) else {
                record.isGivenUpOnWhileBehind = false
                continue
            }
            if !record.isGivenUpOnWhileBehind { behind.append(backlog) }
        }
        return behind.sorted { $0.client < $1.client }
    }

    /// Asks the event loop to say when the sockets of `behind` drain, which
    /// wakes the waiters: a Unix stream socket reports writable once the
    /// kernel holds at most a quarter of its send buffer unread, below the
    /// half that counts as behind. The watch is on a duplicate of the
    /// client's descriptor, so libwayland's own watch of it is left alone;
    /// it goes when it fired or its client is gone.
    func watchForDrain(of behind: Set<UInt32>) {
        for record in clients.all where behind.contains(record.id) && record.drainWatch == nil {
            record.drainWatch = DescriptorWatch(
                duplicating: wl_client_get_fd(record.client), events: UInt32(WL_EVENT_WRITABLE), eventLoop: eventLoop
            ) { [waiters, unowned record] in
                record.drainWatch = nil
                waiters.noteEvent()
            }
        }
    }

    /// A control request waited as long as it may for these clients: stop
    /// holding requests back for them until they have read their backlog.
    func stopWaiting(for backlog: [ClientBacklog]) {
        let given = Set(backlog.map(\.client))
        for record in clients.all where given.contains(record.id) { record.isGivenUpOnWhileBehind = true }
    }

    /// The client's backlog, or nil when it is within the mark.
    private static func backlog(of record: ClientRecord) -> ClientBacklog? {
        let descriptor = wl_client_get_fd(record.client)
        var unread: Int32 = 0
        guard ioctl(descriptor, UInt(TIOCOUTQ), &unread) == 0, let limit = backlogLimit(of: record, descriptor: descriptor) else { return nil }
        guard Int(unread) > limit else { return nil }
        return ClientBacklog(client: record.id, pid: record.pid, unreadBytes: Int(unread), limitBytes: limit)
    }

    /// Half the client socket's send buffer, asked once per client.
    private static func backlogLimit(of record: ClientRecord, descriptor: Int32) -> Int? {
        if let known = record.backlogLimitBytes { return known }
        var sendBuffer: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &sendBuffer, &length) == 0 else { return nil }
        record.backlogLimitBytes = Int(sendBuffer) / 2
        return record.backlogLimitBytes
    }
}

import CWaylandServer
import WaylandServer

/// The connected clients: one ``ClientRecord`` per `wl_client`, and the
/// numbers the trace calls them by.
///
/// The ``Simulator`` registers a client when libwayland accepted its
/// connection and removes it on the client's destroy signal; every protocol
/// handler looks a client up here by its `wl_client` (limits, the seat's
/// devices, the number a trace record carries).
final class ClientRegistry {
    private var records: [OpaquePointer: ClientRecord] = [:]
    private var nextClientID: UInt32 = 1

    /// Records a newly accepted client under the next free number.
    func register(_ client: OpaquePointer, destroyListener: NativeListener) -> ClientRecord {
        let record = ClientRecord(id: nextClientID, client: client, destroyListener: destroyListener)
        nextClientID += 1
        records[client] = record
        return record
    }

    /// Forgets a client that disconnected; nil when it was not registered.
    func remove(_ client: OpaquePointer) -> ClientRecord? {
        records.removeValue(forKey: client)
    }

    /// The record of a connected client; nil once it disconnected.
    func record(_ client: OpaquePointer) -> ClientRecord? { records[client] }

    /// The simulator's number for a connected client (0 once it disconnected).
    func id(of client: OpaquePointer) -> UInt32 { records[client]?.id ?? 0 }

    /// Every connected client's record, in no particular order.
    var all: Dictionary<OpaquePointer, ClientRecord>.Values { records.values }

    /// Connected clients as (id, pid), in connection order.
    var connected: [(id: UInt32, pid: Int32)] {
        records.values.sorted { $0.id < $1.id }.map { ($0.id, $0.pid) }
    }
}

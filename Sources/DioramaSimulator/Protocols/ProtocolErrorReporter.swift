import CDioramaServerShim
import CWaylandServer
import WaylandServer

/// Sends protocol errors and limit violations, recording each in the trace
/// before libwayland disconnects the client (and only that client). Every
/// protocol server reports through one, so each error is traced the same way.
struct ProtocolErrorReporter {
    let trace: Trace
    let clients: ClientRegistry

    /// Sends a protocol error on `resource` and records it.
    ///
    /// - Parameters:
    ///   - code: the value of the interface's error enum entry.
    ///   - name: the entry's name in the XML (`invalid_serial`), for the trace.
    func post(_ resource: Resource, code: UInt32, name: String, _ message: String) {
        guard resource.isAlive else { return }
        let interface = String(cString: type(of: resource).interface.pointee.name)
        trace.record(
            .protocolError(
                ProtocolErrorFact(
                    client: clients.id(of: resource.client), interface: interface,
                    objectID: resource.id, code: code, error: name, message: message)))
        resource.postError(code: code, message: message)
    }

    /// A configured limit was crossed: records it and disconnects the client
    /// with `wl_display.error` implementation, whose message names the limit
    /// and how to raise it.
    func postLimitExceeded(client: OpaquePointer, limit: String, _ message: String) {
        trace.record(.limitExceeded(client: clients.id(of: client), limit: limit, message: message))
        CDioramaServerShim_post_implementation_error(client, message)
    }

    /// A configured limit crossed by a request the protocol has an error of
    /// its own for (a tree nested too deep is a bad surface, a bad popup
    /// parent): records the limit, then sends that error on `resource`.
    func postLimitExceeded(_ resource: Resource, code: UInt32, name: String, limit: String, _ message: String) {
        trace.record(.limitExceeded(client: clients.id(of: resource.client), limit: limit, message: message))
        post(resource, code: code, name: name, message)
    }
}

/// The display's serials: configures and input events draw from one sequence.
struct SerialSource {
    let display: OpaquePointer

    func next() -> UInt32 { wl_display_next_serial(display) }
}

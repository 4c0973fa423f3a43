import CDioramaShim
import CWaylandUtil

/// One message (request or event) of an interface table, as generated code
/// describes it: name, libwayland signature, and the interface of each
/// argument slot (nil where the slot is not an object).
package struct MessageDescription {
    package var name: String
    package var signature: String
    package var types: [UnsafePointer<wl_interface>?]

    package init(_ name: String, _ signature: String, _ types: [UnsafePointer<wl_interface>?]) {
        self.name = name
        self.signature = signature
        self.types = types
    }
}

/// Builds the `wl_interface` tables libwayland marshals with.
///
/// libwayland keeps pointers to these tables for as long as objects of the
/// interface live, and compares them by address in places, so each table is
/// allocated exactly once and never freed or moved. Generated code calls
/// these functions from its `Interfaces` enum.
package enum InterfaceTable {
    /// Storage for one table, filled later by `fill` (tables reference each
    /// other in cycles, so all are allocated before any is filled).
    package static func allocate() -> UnsafeMutablePointer<wl_interface> {
        let table = UnsafeMutablePointer<wl_interface>.allocate(capacity: 1)
        table.initialize(to: wl_interface(name: nil, version: 0, method_count: 0, methods: nil, event_count: 0, events: nil))
        return table
    }

    /// Fills a table allocated by `allocate`. Strings and message arrays are
    /// copied into memory that lives as long as the process.
    package static func fill(
        _ table: UnsafeMutablePointer<wl_interface>, name: String, version: Int32,
        requests: [MessageDescription], events: [MessageDescription]
    ) {
        table.pointee = wl_interface(
            name: immortalCString(name), version: version,
            method_count: Int32(requests.count), methods: immortalMessages(requests),
            event_count: Int32(events.count), events: immortalMessages(events))
    }

    /// The table libwayland itself exports under `symbol` (the core protocol:
    /// `wl_surface_interface`, …). Looked up by name because taking the
    /// address of an imported C global from Swift gives a temporary copy.
    package static func exportedByLibwayland(_ symbol: String) -> UnsafePointer<wl_interface> {
        guard let address = CDioramaShim_libwayland_interface(symbol) else {
            preconditionFailure("libwayland does not export \(symbol); is libwayland-client or libwayland-server linked?")
        }
        return address.assumingMemoryBound(to: wl_interface.self)
    }

    private static func immortalCString(_ string: String) -> UnsafePointer<CChar> {
        let bytes = Array(string.utf8CString)
        let storage = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        storage.initialize(from: bytes, count: bytes.count)
        return UnsafePointer(storage)
    }

    private static func immortalMessages(_ messages: [MessageDescription]) -> UnsafePointer<wl_message>? {
        guard !messages.isEmpty else { return nil }
        let storage = UnsafeMutablePointer<wl_message>.allocate(capacity: messages.count)
        for (index, message) in messages.enumerated() {
            let types = UnsafeMutablePointer<UnsafePointer<wl_interface>?>.allocate(capacity: max(message.types.count, 1))
            types.initialize(repeating: nil, count: max(message.types.count, 1))
            for (slot, type) in message.types.enumerated() { types[slot] = type }
            (storage + index).initialize(
                to: wl_message(
                    name: immortalCString(message.name), signature: immortalCString(message.signature),
                    types: types))
        }
        return UnsafePointer(storage)
    }
}

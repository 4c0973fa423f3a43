import CWaylandServer

/// A request argument that creates an object whose interface the client
/// chose at run time (`new_id` without `interface=`, like wl_registry.bind):
/// the interface name and version travel with the id. The handler creates the
/// resource with `create(_:)` once it knows which Swift type to use.
package struct UntypedNewID {
    package let client: OpaquePointer
    package let interfaceName: String
    package let version: UInt32
    package let id: UInt32

    package init(client: OpaquePointer, interfaceName: String, version: UInt32, id: UInt32) {
        self.client = client
        self.interfaceName = interfaceName
        self.version = version
        self.id = id
    }

    /// Creates the resource as `type`; nil when the client asked for another
    /// interface or a version newer than the bindings know.
    package func create<Object: Resource>(_ type: Object.Type, maxVersion: UInt32) -> Object? {
        guard let name = Object.interface.pointee.name, String(cString: name) == interfaceName,
            version >= 1, version <= maxVersion
        else { return nil }
        return Object(client: client, id: id, version: version)
    }
}

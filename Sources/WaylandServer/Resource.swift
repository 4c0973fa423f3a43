import CDioramaServerShim
import CDioramaShim
import CWaylandServer
import WaylandCommon

/// The address Diorama passes as the "implementation" of every resource it
/// creates; `wl_resource_instance_of` compares it, so a resource libwayland
/// made itself (wl_registry, the wl_callback of wl_display.sync) is never
/// taken for one of ours.
nonisolated(unsafe) private let diorama_resource_implementation: UnsafeMutableRawPointer = .allocate(byteCount: 1, alignment: 1)

/// The one request dispatcher every Diorama resource uses: libwayland has
/// already checked the arguments against the signature (object existence
/// and interface, non-null where required) before calling it.
private let resourceDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, arguments in
    guard let target, let resource = Resource.owned(by: OpaquePointer(target)) else { return 0 }
    resource.dispatch(opcode: opcode, arguments: arguments)
    return 0
}

/// Runs when libwayland destroys the resource, for whatever reason: a
/// destructor request, `destroy()`, or the client disconnecting.
private let resourceDestroyed: wl_resource_destroy_func_t = { pointer in
    guard let pointer, let data = wl_resource_get_user_data(pointer) else { return }
    let resource = Unmanaged<Resource>.fromOpaque(data).takeRetainedValue()
    resource.resourceWasDestroyed()
}

/// A server-side Wayland object: the base class of every generated resource.
///
/// The resource's user data holds a strong reference to the Swift object
/// until libwayland destroys the resource; `onDestroy` then runs once.
open class Resource {
    /// The `wl_resource`, or nil once destroyed.
    package private(set) var pointer: OpaquePointer?
    /// The `wl_client` that owns the resource.
    package let client: OpaquePointer
    package let version: UInt32
    /// Runs once when the resource is destroyed (request, `destroy()` or disconnect).
    package var onDestroy: (() -> Void)?

    open class var interface: UnsafePointer<wl_interface> {
        preconditionFailure("Resource.interface must be overridden by a generated class")
    }

    /// Creates the resource for `id` (0 lets libwayland pick a server-side
    /// id, for objects the server introduces in an event). Nil when
    /// libwayland is out of memory.
    public required init?(client: OpaquePointer, id: UInt32, version: UInt32) {
        guard let created = wl_resource_create(client, Self.interface, Int32(version), id) else { return nil }
        self.pointer = created
        self.client = client
        self.version = version
        wl_resource_set_dispatcher(
            created, resourceDispatcher, diorama_resource_implementation,
            Unmanaged.passRetained(self).toOpaque(), resourceDestroyed)
    }

    /// Decodes and delivers one request; overridden by generated subclasses.
    open func dispatch(opcode: UInt32, arguments: UnsafeMutablePointer<wl_argument>?) {}

    /// The Swift object of a resource Diorama created, typed, or nil when the
    /// resource is not one of ours (libwayland's own wl_registry or sync
    /// callback) or not of this type.
    package static func object(from pointer: OpaquePointer?) -> Self? {
        guard let pointer else { return nil }
        if Self.self == Resource.self {
            guard isDioramaResourceOfAnyInterface(pointer) else { return nil }
        } else {
            guard wl_resource_instance_of(pointer, Self.interface, diorama_resource_implementation) != 0 else { return nil }
        }
        return owned(by: pointer) as? Self
    }

    /// For an untyped object argument. libwayland only creates resources of
    /// core interfaces itself, and Diorama's core tables are libwayland's, so
    /// `wl_resource_instance_of` can check the implementation; a resource of
    /// any other interface can only have been created through `Resource`.
    private static func isDioramaResourceOfAnyInterface(_ pointer: OpaquePointer) -> Bool {
        guard let className = wl_resource_get_class(pointer) else { return false }
        guard let core = CDioramaShim_libwayland_interface(String(cString: className) + "_interface") else { return true }
        return wl_resource_instance_of(pointer, core.assumingMemoryBound(to: wl_interface.self), diorama_resource_implementation) != 0
    }

    /// The Swift object behind a resource whose dispatcher or destroy
    /// callback is Diorama's (so its user data is ours).
    fileprivate static func owned(by pointer: OpaquePointer) -> Resource? {
        wl_resource_get_user_data(pointer).map { Unmanaged<Resource>.fromOpaque($0).takeUnretainedValue() }
    }

    package var id: UInt32 { pointer.map { wl_resource_get_id($0) } ?? 0 }
    package var isAlive: Bool { pointer != nil }

    package var wireObject: OpaquePointer {
        guard let pointer else {
            preconditionFailure("\(String(cString: Self.interface.pointee.name)) resource was used after it was destroyed")
        }
        return pointer
    }

    /// Stops with a message when an event newer than the client bound is
    /// sent: the spec forbids it and the client would not understand it.
    package func requireVersion(_ since: UInt32, _ message: StaticString) {
        precondition(version >= since, "\(message) needs version \(since), but the client bound version \(version); check `version` before sending")
    }

    package func post(event opcode: UInt32, arguments: UnsafeMutablePointer<wl_argument>?) {
        guard let pointer else { return }
        wl_resource_post_event_array(pointer, opcode, arguments)
    }

    /// Sends a protocol error on this object; libwayland then disconnects the client.
    package func postError(code: UInt32, message: String) {
        guard let pointer else { return }
        CDioramaServerShim_post_error(pointer, code, message)
    }

    /// libwayland validated object arguments, so this only happens if a
    /// resource of a generated interface was created behind Diorama's back.
    package func rejectUnknownObject(_ request: StaticString) {
        postError(code: 0, message: "\(request): an object argument is not known to the compositor")
    }

    package func postNoMemory() {
        wl_client_post_no_memory(client)
    }

    /// Destroys the resource now (the destroy callback runs, `onDestroy` fires).
    package func destroy() {
        guard let pointer else { return }
        wl_resource_destroy(pointer)
    }

    fileprivate func resourceWasDestroyed() {
        pointer = nil
        let handler = onDestroy
        onDestroy = nil
        handler?()
    }
}

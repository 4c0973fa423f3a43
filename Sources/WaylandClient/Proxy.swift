import CWaylandClient
import WaylandCommon

/// The tag libwayland stores on every proxy Diorama created, so a `wl_proxy`
/// made by other code in the process (EGL, a toolkit sharing the display) is
/// never mistaken for one of ours.
nonisolated(unsafe) private let diorama_proxy_tag: UnsafeMutablePointer<UnsafePointer<CChar>?> = {
    // libwayland compares the tag by address; the string is only for debuggers.
    let name = UnsafeMutablePointer<CChar>.allocate(capacity: 8)
    name.initialize(from: Array("diorama".utf8CString), count: 8)
    let tag = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: 1)
    tag.initialize(to: UnsafePointer(name))
    return tag
}()

/// The one event dispatcher every Diorama proxy uses. libwayland calls it
/// with the proxy and the decoded `wl_argument`s of each event; it finds the
/// Swift object from the proxy's user data and lets the generated subclass
/// decode and deliver the event.
private let proxyDispatcher: wl_dispatcher_func_t = { _, target, opcode, _, arguments in
    guard let target, let object = Proxy.object(from: OpaquePointer(target)) else { return 0 }
    object.dispatch(opcode: opcode, arguments: arguments)
    return 0
}

/// A client-side Wayland object: the base class of every generated proxy.
///
/// Life cycle: the Swift object lives exactly as long as the protocol object.
/// The proxy's user data holds a strong reference, taken when the proxy is
/// adopted and dropped when a destructor request is sent, a destructor event
/// arrives, or `destroyLocally()` is called. Using the object afterwards is a
/// programmer error and stops with a message.
open class Proxy {
    /// The `wl_proxy`, or nil once the object has been destroyed.
    package private(set) var pointer: OpaquePointer?
    /// The version this object was bound or created with.
    public let version: UInt32

    /// The interface table of the generated subclass.
    open class var interface: UnsafePointer<wl_interface> {
        preconditionFailure("Proxy.interface must be overridden by a generated class")
    }

    /// False only for wl_display, whose events libwayland handles itself.
    open class var receivesEvents: Bool { true }

    /// Takes ownership of a `wl_proxy` created by libwayland for this class's
    /// interface and installs the dispatcher.
    public required init(adopting proxy: OpaquePointer, version: UInt32) {
        self.pointer = proxy
        self.version = version
        guard Self.receivesEvents else { return }
        wl_proxy_set_tag(proxy, diorama_proxy_tag)
        let result = wl_proxy_add_dispatcher(proxy, proxyDispatcher, nil, Unmanaged.passRetained(self).toOpaque())
        precondition(result == 0, "\(Self.interfaceName(Self.interface)) proxy already has a listener; it was not created by Diorama")
    }

    /// Decodes and delivers one event; overridden by generated subclasses.
    open func dispatch(opcode: UInt32, arguments: UnsafeMutablePointer<wl_argument>?) {}

    /// The Swift object for a `wl_proxy` that Diorama created, or nil.
    package static func object(from proxy: OpaquePointer?) -> Proxy? {
        guard let proxy, wl_proxy_get_tag(proxy) == UnsafePointer(diorama_proxy_tag),
            let data = wl_proxy_get_user_data(proxy)
        else { return nil }
        return Unmanaged<Proxy>.fromOpaque(data).takeUnretainedValue()
    }

    /// The protocol object id (as WAYLAND_DEBUG prints it), or 0 once destroyed.
    public var id: UInt32 { pointer.map { wl_proxy_get_id($0) } ?? 0 }

    /// The pointer to put into an outgoing object argument.
    package var wireObject: OpaquePointer {
        guard let pointer else {
            preconditionFailure("\(Self.interfaceName(Self.interface)) was used after it was destroyed")
        }
        return pointer
    }

    public var isAlive: Bool { pointer != nil }

    /// Stops with a message when a request newer than the bound version is
    /// sent: the compositor would kill the connection for it.
    package func requireVersion(_ since: UInt32, _ message: StaticString) {
        precondition(
            version >= since, "\(message) needs version \(since), but this object has version \(version); bind a newer version or check `version` first")
    }

    package func marshal(opcode: UInt32, arguments: UnsafeMutablePointer<wl_argument>?) {
        wl_proxy_marshal_array_flags(wireObject, opcode, nil, version, 0, arguments)
    }

    /// Sends a destructor request; the proxy and the Swift object's life end.
    package func marshalDestructor(opcode: UInt32, arguments: UnsafeMutablePointer<wl_argument>?) {
        let proxy = wireObject
        pointer = nil
        wl_proxy_marshal_array_flags(proxy, opcode, nil, version, UInt32(WL_MARSHAL_FLAG_DESTROY), arguments)
        releaseSelf()
    }

    /// Sends a request that creates an object and returns it, typed.
    package func marshalConstructor<Object: Proxy>(
        opcode: UInt32, arguments: UnsafeMutablePointer<wl_argument>?,
        type: Object.Type, version: UInt32
    ) -> Object {
        guard let created = wl_proxy_marshal_array_flags(wireObject, opcode, Object.interface, version, 0, arguments) else {
            preconditionFailure("libwayland could not create a \(Self.interfaceName(Object.interface)) proxy (out of memory)")
        }
        return Object(adopting: created, version: version)
    }

    /// Forgets the object on the client side only (`wl_proxy_destroy`), for
    /// interfaces that have no destructor request (wl_callback, old wl_output).
    public func destroyLocally() {
        guard let proxy = pointer else { return }
        pointer = nil
        wl_proxy_destroy(proxy)
        releaseSelf()
    }

    /// Called by generated code after a destructor event (wl_callback.done)
    /// was delivered: the server has already forgotten the object.
    package func endLifeAfterDestructorEvent() {
        destroyLocally()
    }

    private func releaseSelf() {
        guard Self.receivesEvents else { return }
        Unmanaged.passUnretained(self).release()
    }

    static func interfaceName(_ table: UnsafePointer<wl_interface>) -> String {
        table.pointee.name.map { String(cString: $0) } ?? "?"
    }
}

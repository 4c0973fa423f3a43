import CWaylandServer

/// What libwayland calls when a client binds a global: the box below is the
/// global's user data and knows how to make the typed resource.
private let globalBound: wl_global_bind_func_t = { client, data, version, id in
    guard let client, let data else { return }
    Unmanaged<GlobalBinding>.fromOpaque(data).takeUnretainedValue().bind(client, version, id)
}

/// Non-generic holder for a global's bind behaviour, so one C callback serves
/// every global.
private final class GlobalBinding {
    let bind: (OpaquePointer, UInt32, UInt32) -> Void
    init(_ bind: @escaping (OpaquePointer, UInt32, UInt32) -> Void) { self.bind = bind }
}

/// A global advertised in every client's registry (`wl_global_create`).
///
/// When a client binds it, a resource of `Object`'s interface is created at
/// the version the client asked for and handed to `onBind`, which installs
/// the resource's request handler.
///
/// The display frees its globals when it is destroyed; a `Global` that
/// outlives its display learns of it through the display's destroy signal
/// and then has nothing left to destroy.
package final class Global<Object: Resource> {
    /// The `wl_global`; nil once removed or once the display was destroyed.
    package private(set) var pointer: OpaquePointer?
    package let version: UInt32
    private let binding: GlobalBinding
    private let bindingPointer: UnsafeMutableRawPointer
    /// Linked while `pointer` is live.
    private var displayDestroyed: NativeListener?

    /// - Parameter version: the highest version offered; clients may bind lower.
    package init(display: OpaquePointer, version: UInt32, onBind: @escaping (Object) -> Void) {
        precondition(version >= 1, "a global's version starts at 1")
        self.version = version
        binding = GlobalBinding { client, boundVersion, id in
            guard let resource = Object(client: client, id: id, version: boundVersion) else {
                wl_client_post_no_memory(client)
                return
            }
            onBind(resource)
        }
        bindingPointer = Unmanaged.passRetained(binding).toOpaque()
        pointer = wl_global_create(display, Object.interface, Int32(version), bindingPointer, globalBound)
        precondition(pointer != nil, "wl_global_create failed for \(String(cString: Object.interface.pointee.name))")
        // Fires in wl_display_destroy, before the display frees every global.
        displayDestroyed = NativeListener(.displayDestroyed(display: display)) { [unowned self] _ in self.forget() }
    }

    /// Whether clients can still see and bind the global.
    package var isAdvertised: Bool { pointer != nil }

    /// Takes the global out of the registry (clients see global_remove) and
    /// frees it. Resources already bound stay valid. Does nothing once the
    /// display is destroyed (it freed the global).
    ///
    /// The global is destroyed at once; clients that race a bind against the
    /// removal get an error from libwayland, which is what every compositor
    /// built on wl_global_destroy does.
    package func remove() {
        guard let pointer else { return }
        forget()
        wl_global_destroy(pointer)
    }

    /// Drops everything that refers to the `wl_global`.
    private func forget() {
        guard pointer != nil else { return }
        pointer = nil
        displayDestroyed = nil
        Unmanaged<GlobalBinding>.fromOpaque(bindingPointer).release()
    }

    deinit { remove() }
}

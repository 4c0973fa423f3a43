import CWaylandServer

/// The C callback of every `NativeListener`: the Swift object sits right
/// after the `wl_listener` in the same allocation.
private let nativeListenerNotify: wl_notify_func_t = { listener, data in
    guard let listener else { return }
    let context = (UnsafeMutableRawPointer(listener) + NativeListener.contextOffset).load(as: UnsafeMutableRawPointer.self)
    let owner = Unmanaged<NativeListener>.fromOpaque(context).takeUnretainedValue()
    // The handler may drop the last reference to the listener (a client's
    // destroy listener removes the client record that holds it).
    withExtendedLifetime(owner) { owner.handler(data) }
}

/// A `wl_listener` on a libwayland signal whose notification runs a Swift
/// closure. It links itself into its signal when created and unlinks itself
/// when released, so no owner can forget either.
///
/// libwayland finds the listener by the address of its `wl_listener`, which
/// must not move while it is linked into a signal, so it lives in memory this
/// object allocates, followed by a pointer back to the object.
package final class NativeListener {
    /// The libwayland signals Diorama listens to.
    package enum Signal {
        /// A client connected; the data is its `wl_client`. The display owns
        /// the signal: ``unlink()`` the listener before destroying the display.
        case clientCreated(display: OpaquePointer)
        /// The client is being destroyed; fires once, before its resources go.
        case clientDestroyed(client: OpaquePointer)
        /// The display is being destroyed; fires once, before it frees its globals.
        case displayDestroyed(display: OpaquePointer)
    }

    static let contextOffset = (MemoryLayout<wl_listener>.stride + 15) & ~15
    private let listener: UnsafeMutablePointer<wl_listener>
    fileprivate let handler: (UnsafeMutableRawPointer?) -> Void
    private let storage: UnsafeMutableRawPointer

    /// Links a new listener into `signal`; `handler` runs on each
    /// notification, with the signal's data.
    package init(_ signal: Signal, _ handler: @escaping (UnsafeMutableRawPointer?) -> Void) {
        self.handler = handler
        storage = .allocate(byteCount: Self.contextOffset + MemoryLayout<UnsafeMutableRawPointer>.stride, alignment: 16)
        listener = storage.bindMemory(to: wl_listener.self, capacity: 1)
        listener.initialize(to: wl_listener(link: wl_list(prev: nil, next: nil), notify: nativeListenerNotify))
        (storage + Self.contextOffset).storeBytes(of: Unmanaged.passUnretained(self).toOpaque(), as: UnsafeMutableRawPointer.self)
        switch signal {
        case .clientCreated(let display): wl_display_add_client_created_listener(display, listener)
        case .clientDestroyed(let client): wl_client_add_destroy_listener(client, listener)
        case .displayDestroyed(let display): wl_display_add_destroy_listener(display, listener)
        }
    }

    /// Takes the listener out of its signal; safe to call again, and after a
    /// destroy signal fired (libwayland then leaves each listener linked to
    /// itself only).
    package func unlink() {
        wl_list_remove(&listener.pointee.link)
        wl_list_init(&listener.pointee.link)
    }

    deinit {
        unlink()
        storage.deallocate()
    }
}

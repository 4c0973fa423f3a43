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

/// A `wl_listener` for a libwayland signal (client created, client destroyed)
/// whose notification runs a Swift closure.
///
/// libwayland finds the listener by the address of its `wl_listener`, which
/// must not move while it is linked into a signal, so it lives in memory this
/// object allocates, followed by a pointer back to the object.
final class NativeListener {
    static let contextOffset = (MemoryLayout<wl_listener>.stride + 15) & ~15
    let listener: UnsafeMutablePointer<wl_listener>
    let handler: (UnsafeMutableRawPointer?) -> Void
    private let storage: UnsafeMutableRawPointer
    /// Whether libwayland still links the listener into a signal.
    var isLinked = false

    init(_ handler: @escaping (UnsafeMutableRawPointer?) -> Void) {
        self.handler = handler
        storage = .allocate(byteCount: Self.contextOffset + MemoryLayout<UnsafeMutableRawPointer>.stride, alignment: 16)
        listener = storage.bindMemory(to: wl_listener.self, capacity: 1)
        listener.initialize(to: wl_listener(link: wl_list(prev: nil, next: nil), notify: nativeListenerNotify))
        (storage + Self.contextOffset).storeBytes(of: Unmanaged.passUnretained(self).toOpaque(), as: UnsafeMutableRawPointer.self)
    }

    /// Unlinks the listener from its signal (for signals that outlive it).
    func unlink() {
        guard isLinked else { return }
        wl_list_remove(&listener.pointee.link)
        isLinked = false
    }

    deinit {
        unlink()
        storage.deallocate()
    }
}

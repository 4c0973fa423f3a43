import CWaylandClient
import DioramaPOSIX
import Glibc
import WaylandClient

/// A Wayland client connection inside a test, using the raw generated
/// bindings. It records the globals the compositor announces and binds them
/// on request. Events are only read when the harness pumps
/// (``Simulator/Harness/roundtrip(_:)``), so a test decides exactly when
/// they arrive.
public final class HarnessClient {
    /// One global as `wl_registry.global` announced it.
    public struct GlobalInfo: Hashable, Sendable {
        /// The registry name to bind it by.
        public var name: UInt32
        /// Its interface, e.g. `wl_output`.
        public var interface: String
        /// The highest version the compositor offers.
        public var version: UInt32
    }

    let connection: OpaquePointer
    /// The connection's wl_display.
    public let display: WaylandClient.WlDisplay
    /// The registry whose announcements ``globals`` records.
    public let registry: WlRegistry
    /// Globals currently announced, in announcement order.
    public private(set) var globals: [GlobalInfo] = []
    /// Every global_remove received, by global name.
    public private(set) var removedGlobals: [UInt32] = []
    /// Called as each global_remove is read (after ``removedGlobals`` has
    /// it), so a test can note what other objects had been told by then:
    /// the order of events across objects.
    public var onGlobalRemove: ((UInt32) -> Void)?

    init(socketPath: String) throws(HarnessError) {
        let descriptor: Int32
        do {
            descriptor = try UnixSocket.connect(to: socketPath)
        } catch {
            throw .connectFailed("\(error)")
        }
        guard let connection = wl_display_connect_to_fd(descriptor) else {
            throw .connectFailed("wl_display_connect_to_fd failed")
        }
        self.connection = connection
        display = WaylandClient.WlDisplay(adopting: connection, version: 1)
        registry = display.getRegistry()
        registry.onEvent = { [unowned self] event in
            switch event {
            case .global(let name, let interface, let version):
                self.globals.append(GlobalInfo(name: name, interface: interface, version: version))
            case .globalRemove(let name):
                self.globals.removeAll { $0.name == name }
                self.removedGlobals.append(name)
                self.onGlobalRemove?(name)
            }
        }
    }

    deinit {
        wl_display_disconnect(connection)
    }

    /// The announced globals of one interface, in order.
    public func globals(named interface: String) -> [GlobalInfo] {
        globals.filter { $0.interface == interface }
    }

    /// Binds the first global of `type`'s interface at `version` (default:
    /// the lower of what the bindings and the compositor support).
    public func bind<Object: Proxy>(_ type: Object.Type, version: UInt32? = nil) throws(HarnessError) -> Object {
        let interface = String(cString: Object.interface.pointee.name)
        guard let global = globals(named: interface).first else { throw .missingGlobal(interface) }
        return bind(type, global: global, version: version)
    }

    /// Binds a specific global.
    public func bind<Object: Proxy>(_ type: Object.Type, global: GlobalInfo, version: UInt32? = nil) -> Object {
        let chosen = version ?? min(global.version, UInt32(Object.interface.pointee.version))
        return registry.bind(name: global.name, type, version: chosen)
    }

    /// The protocol error that disconnected the client, if one did.
    public var protocolError: ClientProtocolError? {
        guard wl_display_get_error(connection) == EPROTO else { return nil }
        var interface: UnsafePointer<wl_interface>?
        var id: UInt32 = 0
        let code = wl_display_get_protocol_error(connection, &interface, &id)
        let name = interface.map { String(cString: $0.pointee.name) } ?? "?"
        return ClientProtocolError(interface: name, code: code, objectID: id)
    }

    /// The connection's error (errno), 0 while healthy.
    public var connectionError: Int32 { wl_display_get_error(connection) }

    /// Sends queued requests without letting the simulator handle them (a
    /// roundtrip does both): for tests about requests still unread on the
    /// simulator's side of the socket.
    public func flush() {
        wl_display_flush(connection)
    }

    /// Reads whatever arrived without waiting and dispatches it; returns how
    /// many events were dispatched (negative on a connection error).
    @discardableResult
    public func dispatchAvailable() -> Int {
        var dispatched = 0
        while wl_display_prepare_read(connection) != 0 {
            let count = wl_display_dispatch_pending(connection)
            if count < 0 { return -1 }
            dispatched += Int(count)
        }
        var poller = pollfd(fd: wl_display_get_fd(connection), events: Int16(POLLIN), revents: 0)
        if poll(&poller, 1, 0) > 0 {
            if wl_display_read_events(connection) < 0 { return -1 }
        } else {
            wl_display_cancel_read(connection)
        }
        let count = wl_display_dispatch_pending(connection)
        if count < 0 { return -1 }
        return dispatched + Int(count)
    }
}

import WaylandClient

/// The compositor's globals, kept current, and version-negotiated binding.
///
/// Creating a registry sends `wl_display.get_registry` and waits one
/// roundtrip, so `globals` is complete when `init` returns (the compositor
/// announces every global in reply to `get_registry`, before the `sync`'s
/// `done`). Later `global`/`global_remove` events update it while the
/// connection is dispatched.
///
/// Binding picks the version `min(ours, compositor's)`: ours is the `max` the
/// caller can handle, which must not exceed what the generated bindings
/// know; below the caller's `min` the bind fails with `RegistryError`.
package final class Registry {
    package let connection: Connection
    /// The `wl_registry` proxy.
    package let wlRegistry: WlRegistry
    /// Told about globals added or removed after the first roundtrip.
    package weak var handler: RegistryHandler?

    private var globalsByName: [UInt32: Global] = [:]
    private var observers: [Observer] = []
    private var initialRoundtripDone = false

    private struct Observer {
        var interface: String
        var added: (Global) -> Void
        var removed: (Global) -> Void
    }

    /// Fetches the globals (one roundtrip).
    package init(connection: Connection) throws(ConnectionError) {
        self.connection = connection
        wlRegistry = connection.display.getRegistry()
        wlRegistry.onEvent = { [weak self] event in
            self?.registryEventArrived(event)
        }
        try connection.roundtrip()
        initialRoundtripDone = true
    }

    deinit {
        // wl_registry has no destructor request; forget it on our side.
        wlRegistry.onEvent = nil
        wlRegistry.destroyLocally()
    }

    /// Every global currently offered, ordered by name (announcement order).
    package var globals: [Global] {
        globalsByName.values.sorted { $0.name < $1.name }
    }

    /// The globals implementing `interface`, ordered by name.
    package func globals(implementing interface: String) -> [Global] {
        globals.filter { $0.interface == interface }
    }

    /// The global with this numeric name, if it is still offered.
    package func global(named name: UInt32) -> Global? {
        globalsByName[name]
    }

    /// Binds the first global implementing `T`'s interface at
    /// `min(max, compositor's version)`.
    ///
    /// - Precondition: `min <= max <= ` the version the generated bindings know.
    /// - Throws: `RegistryError.missingGlobal` when the compositor offers no
    ///   such global, or only one older than `min`.
    package func bind<T: Proxy>(_ type: T.Type, min: UInt32, max: UInt32) throws(RegistryError) -> T {
        let interface = Self.interfaceName(of: type)
        let candidates = globals(implementing: interface)
        guard let global = candidates.first(where: { $0.version >= min }) ?? candidates.first else {
            checkVersions(type, min: min, max: max)
            throw .missingGlobal(interface: interface, minimumVersion: min, offered: nil)
        }
        return try bind(type, global: global, min: min, max: max)
    }

    /// Binds one particular global (one of several outputs or seats).
    package func bind<T: Proxy>(_ type: T.Type, global: Global, min: UInt32, max: UInt32) throws(RegistryError) -> T {
        checkVersions(type, min: min, max: max)
        let interface = Self.interfaceName(of: type)
        precondition(
            global.interface == interface,
            "Registry.bind: global \(global) does not implement \(interface)")
        guard global.version >= min else {
            throw .missingGlobal(interface: interface, minimumVersion: min, offered: global.version)
        }
        return wlRegistry.bind(name: global.name, type, version: Swift.min(max, global.version))
    }

    /// True when the compositor offers `T`'s interface at `version` or newer.
    package func offers<T: Proxy>(_ type: T.Type, version: UInt32 = 1) -> Bool {
        globals(implementing: Self.interfaceName(of: type)).contains { $0.version >= version }
    }

    /// The interface name of a generated proxy class, from its interface table.
    package static func interfaceName<T: Proxy>(of type: T.Type) -> String {
        type.interface.pointee.name.map { String(cString: $0) } ?? "?"
    }

    /// The highest version of `T`'s interface the generated bindings know.
    package static func bindingsVersion<T: Proxy>(of type: T.Type) -> UInt32 {
        UInt32(type.interface.pointee.version)
    }

    private func checkVersions<T: Proxy>(_ type: T.Type, min: UInt32, max: UInt32) {
        let known = Self.bindingsVersion(of: type)
        precondition(
            min >= 1 && min <= max,
            "Registry.bind(\(Self.interfaceName(of: type))): need 1 <= min (\(min)) <= max (\(max))")
        precondition(
            max <= known,
            "Registry.bind(\(Self.interfaceName(of: type))): max version \(max) is newer than the \(known) the generated bindings know; lower max to \(known)")
    }

    // MARK: Internal subscriptions (protocol-area states)

    /// Calls `added` for every current global implementing `interface` and
    /// for each one announced later, and `removed` when one is withdrawn.
    func follow(interface: String, added: @escaping (Global) -> Void, removed: @escaping (Global) -> Void) {
        observers.append(Observer(interface: interface, added: added, removed: removed))
        for global in globals(implementing: interface) { added(global) }
    }

    // MARK: Events

    /// Fires for every global when the registry is created, and later
    /// whenever the compositor adds or removes one.
    private func registryEventArrived(_ event: WlRegistry.Event) {
        switch event {
        case let .global(name, interface, version):
            let global = Global(name: name, interface: interface, version: version)
            globalsByName[name] = global
            guard initialRoundtripDone else { return }
            for observer in observers where observer.interface == interface { observer.added(global) }
            handler?.globalAdded(global, registry: self)
        case let .globalRemove(name):
            guard let global = globalsByName.removeValue(forKey: name) else { return }
            for observer in observers where observer.interface == global.interface { observer.removed(global) }
            handler?.globalRemoved(global, registry: self)
        }
    }
}

/// Told about globals that come and go after the registry's first roundtrip
/// (hot-plugged outputs and seats, a compositor loading a module). The
/// protocol-area states (`OutputState`, `SeatState`) already follow their own
/// globals; this is for everything else.
package protocol RegistryHandler: AnyObject {
    /// The compositor announced a new global.
    func globalAdded(_ global: Global, registry: Registry)
    /// The compositor withdrew a global. Objects bound to it stay valid but
    /// inert until destroyed; requests to them are ignored.
    func globalRemoved(_ global: Global, registry: Registry)
}

extension RegistryHandler {
    package func globalAdded(_ global: Global, registry: Registry) {}
    package func globalRemoved(_ global: Global, registry: Registry) {}
}

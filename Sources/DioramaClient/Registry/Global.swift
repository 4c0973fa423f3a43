/// One global the compositor announced through `wl_registry.global`: the
/// numeric name to bind it by, its interface, and the highest version the
/// compositor implements.
package struct Global: Hashable, Sendable, CustomStringConvertible {
    package var name: UInt32
    package var interface: String
    package var version: UInt32

    package init(name: UInt32, interface: String, version: UInt32) {
        self.name = name
        self.interface = interface
        self.version = version
    }

    package var description: String { "\(interface) v\(version) (name \(name))" }
}

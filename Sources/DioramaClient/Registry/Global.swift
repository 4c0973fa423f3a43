/// One global the compositor announced through `wl_registry.global`: the
/// numeric name to bind it by, its interface, and the highest version the
/// compositor implements.
public struct Global: Hashable, Sendable, CustomStringConvertible {
    public var name: UInt32
    public var interface: String
    public var version: UInt32

    public init(name: UInt32, interface: String, version: UInt32) {
        self.name = name
        self.interface = interface
        self.version = version
    }

    public var description: String { "\(interface) v\(version) (name \(name))" }
}

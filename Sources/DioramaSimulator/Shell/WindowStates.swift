import WaylandServer
import WaylandCommon

/// The `xdg_toplevel.state` values a configure carries, as a set.
public struct WindowStates: OptionSet, Hashable, Sendable, Codable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let maximized = WindowStates(rawValue: 1 << 0)
    public static let fullscreen = WindowStates(rawValue: 1 << 1)
    public static let resizing = WindowStates(rawValue: 1 << 2)
    public static let activated = WindowStates(rawValue: 1 << 3)
    public static let tiledLeft = WindowStates(rawValue: 1 << 4)
    public static let tiledRight = WindowStates(rawValue: 1 << 5)
    public static let tiledTop = WindowStates(rawValue: 1 << 6)
    public static let tiledBottom = WindowStates(rawValue: 1 << 7)

    public static let tiled: WindowStates = [.tiledLeft, .tiledRight, .tiledTop, .tiledBottom]

    /// Each state with its wire value and the name traces use, in wire order.
    static let catalogue: [(state: WindowStates, wire: XdgToplevel.State, name: String, since: UInt32)] = [
        (.maximized, .maximized, "maximized", 1),
        (.fullscreen, .fullscreen, "fullscreen", 1),
        (.resizing, .resizing, "resizing", 1),
        (.activated, .activated, "activated", 1),
        (.tiledLeft, .tiledLeft, "tiled_left", 2),
        (.tiledRight, .tiledRight, "tiled_right", 2),
        (.tiledTop, .tiledTop, "tiled_top", 2),
        (.tiledBottom, .tiledBottom, "tiled_bottom", 2),
    ]

    /// The trace names, in wire order (`["maximized", "activated"]`).
    public var names: [String] {
        Self.catalogue.filter { contains($0.state) }.map(\.name)
    }

    /// The set named by trace names; nil when a name is unknown.
    public init?(names: [String]) {
        var states = WindowStates()
        for name in names {
            guard let entry = Self.catalogue.first(where: { $0.name == name }) else { return nil }
            states.insert(entry.state)
        }
        self = states
    }

    /// The `array` argument of `xdg_toplevel.configure` for a client of
    /// `version`: tiled states exist since version 2 and are left out before.
    func wireArray(version: UInt32) -> [UInt8] {
        WireArray.pack(Self.catalogue.filter { contains($0.state) && version >= $0.since }.map(\.wire.rawValue))
    }
}

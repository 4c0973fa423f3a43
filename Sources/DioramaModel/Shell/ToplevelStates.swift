/// The `xdg_toplevel.state` values a configure carries, as a set — the one type the
/// client (decoding configures), the simulator (sending them) and the trace share.
///
/// Each state keeps the wire value of xdg-shell's `state` enum (what the generated
/// `XdgToplevel.State` of both bindings holds; tests check the two agree) and the name
/// the protocol XML gives it, which is also the spelling of traces, control replies and
/// `description` (`tiled_left`). Scenario files spell states their own way
/// (`tiled-left`, see `ToplevelState` in DioramaScenarios); backends translate.
public struct ToplevelStates: OptionSet, Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The window fills its display's usable area.
    public static let maximized = ToplevelStates(rawValue: 1 << 0)
    /// The window covers its whole display.
    public static let fullscreen = ToplevelStates(rawValue: 1 << 1)
    /// An interactive resize is in progress.
    public static let resizing = ToplevelStates(rawValue: 1 << 2)
    /// The window has focus (draw active decorations).
    public static let activated = ToplevelStates(rawValue: 1 << 3)
    /// The window's left edge touches another window or the display's edge.
    public static let tiledLeft = ToplevelStates(rawValue: 1 << 4)
    /// The window's right edge touches another window or the display's edge.
    public static let tiledRight = ToplevelStates(rawValue: 1 << 5)
    /// The window's top edge touches another window or the display's edge.
    public static let tiledTop = ToplevelStates(rawValue: 1 << 6)
    /// The window's bottom edge touches another window or the display's edge.
    public static let tiledBottom = ToplevelStates(rawValue: 1 << 7)
    /// Not visible and not expected to be soon: frame callbacks may stop (xdg_wm_base v6).
    public static let suspended = ToplevelStates(rawValue: 1 << 8)

    /// All four tiled edges.
    public static let tiled: ToplevelStates = [.tiledLeft, .tiledRight, .tiledTop, .tiledBottom]

    /// Each state with its wire value, its protocol name and the `xdg_wm_base`
    /// version that introduced it, in wire order.
    public static let catalogue: [(state: ToplevelStates, wireValue: UInt32, name: String, since: UInt32)] = [
        (.maximized, 1, "maximized", 1),
        (.fullscreen, 2, "fullscreen", 1),
        (.resizing, 3, "resizing", 1),
        (.activated, 4, "activated", 1),
        (.tiledLeft, 5, "tiled_left", 2),
        (.tiledRight, 6, "tiled_right", 2),
        (.tiledTop, 7, "tiled_top", 2),
        (.tiledBottom, 8, "tiled_bottom", 2),
        (.suspended, 9, "suspended", 6),
    ]

    /// Decodes the configure event's `states` array (native-order uint32s). Values this
    /// type does not know are ignored: a compositor newer than the bindings may send them.
    public init(wireArray: [UInt32]) {
        self = wireArray.reduce(into: []) { states, value in
            if let entry = Self.catalogue.first(where: { $0.wireValue == value }) { states.insert(entry.state) }
        }
    }

    /// The states of this set a client bound at `version` can be told.
    public func sendable(version: UInt32) -> ToplevelStates {
        Self.catalogue.reduce(into: []) { sendable, entry in
            if contains(entry.state) && version >= entry.since { sendable.insert(entry.state) }
        }
    }

    /// The wire values to send a client bound at `version`, in wire order; states newer
    /// than that version are left out (the client could not decode them).
    public func wireValues(version: UInt32) -> [UInt32] {
        let told = sendable(version: version)
        return Self.catalogue.filter { told.contains($0.state) }.map(\.wireValue)
    }

    /// The protocol names, in wire order (`["maximized", "activated"]`).
    public var names: [String] {
        Self.catalogue.filter { contains($0.state) }.map(\.name)
    }

    /// The set named by protocol names; nil when a name is unknown.
    public init?(names: [String]) {
        var states = ToplevelStates()
        for name in names {
            guard let entry = Self.catalogue.first(where: { $0.name == name }) else { return nil }
            states.insert(entry.state)
        }
        self = states
    }

    public var description: String { "[" + names.joined(separator: ", ") + "]" }
}

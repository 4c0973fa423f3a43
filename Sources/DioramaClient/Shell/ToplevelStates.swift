/// The states an `xdg_toplevel.configure` lists, decoded from its array of
/// uint32 values. Values this type does not know are ignored (a compositor
/// newer than the bindings may send them).
public struct ToplevelStates: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let maximized = ToplevelStates(rawValue: 1 << 0)
    public static let fullscreen = ToplevelStates(rawValue: 1 << 1)
    /// An interactive resize is in progress.
    public static let resizing = ToplevelStates(rawValue: 1 << 2)
    /// The window has focus (draw active decorations).
    public static let activated = ToplevelStates(rawValue: 1 << 3)
    public static let tiledLeft = ToplevelStates(rawValue: 1 << 4)
    public static let tiledRight = ToplevelStates(rawValue: 1 << 5)
    public static let tiledTop = ToplevelStates(rawValue: 1 << 6)
    public static let tiledBottom = ToplevelStates(rawValue: 1 << 7)
    /// Not visible and not expected to be soon: frame callbacks may stop (xdg_wm_base v6).
    public static let suspended = ToplevelStates(rawValue: 1 << 8)

    /// The wire values of `xdg_toplevel.state`, in order: 1 maximized … 9 suspended.
    private static let byWireValue: [UInt32: ToplevelStates] = [
        1: .maximized, 2: .fullscreen, 3: .resizing, 4: .activated,
        5: .tiledLeft, 6: .tiledRight, 7: .tiledTop, 8: .tiledBottom, 9: .suspended,
    ]

    /// Decodes the configure event's `states` array (native-order uint32s).
    public init(wireArray: [UInt32]) {
        self = wireArray.reduce(into: []) { states, value in
            if let state = Self.byWireValue[value] { states.insert(state) }
        }
    }

    public var description: String {
        let names: [(ToplevelStates, String)] = [
            (.maximized, "maximized"), (.fullscreen, "fullscreen"), (.resizing, "resizing"),
            (.activated, "activated"), (.tiledLeft, "tiled-left"), (.tiledRight, "tiled-right"),
            (.tiledTop, "tiled-top"), (.tiledBottom, "tiled-bottom"), (.suspended, "suspended"),
        ]
        return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}

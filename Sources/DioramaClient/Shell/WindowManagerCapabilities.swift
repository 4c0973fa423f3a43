/// What the window manager lets a toplevel ask for (`xdg_toplevel.wm_capabilities`,
/// xdg_wm_base v5). Compositors older than v5 never say; then everything is
/// assumed available (`.all`), as the protocol advises.
public struct WindowManagerCapabilities: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let windowMenu = WindowManagerCapabilities(rawValue: 1 << 0)
    public static let maximize = WindowManagerCapabilities(rawValue: 1 << 1)
    public static let fullscreen = WindowManagerCapabilities(rawValue: 1 << 2)
    public static let minimize = WindowManagerCapabilities(rawValue: 1 << 3)
    public static let all: WindowManagerCapabilities = [.windowMenu, .maximize, .fullscreen, .minimize]

    private static let byWireValue: [UInt32: WindowManagerCapabilities] = [
        1: .windowMenu, 2: .maximize, 3: .fullscreen, 4: .minimize,
    ]

    /// Decodes the event's array of uint32 values.
    public init(wireArray: [UInt32]) {
        self = wireArray.reduce(into: []) { capabilities, value in
            if let capability = Self.byWireValue[value] { capabilities.insert(capability) }
        }
    }
}

/// What the window manager lets a toplevel ask for (`xdg_toplevel.wm_capabilities`,
/// xdg_wm_base v5). Compositors older than v5 never say; then everything is
/// assumed available (`.all`), as the protocol advises.
package struct WindowManagerCapabilities: OptionSet, Hashable, Sendable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    package static let windowMenu = WindowManagerCapabilities(rawValue: 1 << 0)
    package static let maximize = WindowManagerCapabilities(rawValue: 1 << 1)
    package static let fullscreen = WindowManagerCapabilities(rawValue: 1 << 2)
    package static let minimize = WindowManagerCapabilities(rawValue: 1 << 3)
    package static let all: WindowManagerCapabilities = [.windowMenu, .maximize, .fullscreen, .minimize]

    private static let byWireValue: [UInt32: WindowManagerCapabilities] = [
        1: .windowMenu, 2: .maximize, 3: .fullscreen, 4: .minimize,
    ]

    /// Decodes the event's array of uint32 values.
    package init(wireArray: [UInt32]) {
        self = wireArray.reduce(into: []) { capabilities, value in
            if let capability = Self.byWireValue[value] { capabilities.insert(capability) }
        }
    }
}

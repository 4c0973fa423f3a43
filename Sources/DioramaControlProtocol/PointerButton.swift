/// A pointer button by its evdev code (`BTN_LEFT` = 0x110), as
/// `wl_pointer.button` sends it.
public struct PointerButton: Hashable, Sendable, CustomStringConvertible {
    /// The evdev code (`BTN_LEFT` = 0x110).
    public var code: UInt32

    /// The button with evdev code `code`.
    public init(code: UInt32) { self.code = code }

    /// The left button (`BTN_LEFT`).
    public static let left = PointerButton(code: 0x110)
    /// The right button (`BTN_RIGHT`).
    public static let right = PointerButton(code: 0x111)
    /// The middle button (`BTN_MIDDLE`).
    public static let middle = PointerButton(code: 0x112)

    /// The names control requests, `diorama ctl` and scenarios accept.
    public static let named: [(name: String, button: PointerButton)] = [("left", .left), ("right", .right), ("middle", .middle)]

    /// `left`, `right`, `middle`, or an evdev code in decimal (`272`).
    public init?(name: String) {
        if let entry = Self.named.first(where: { $0.name == name }) {
            self = entry.button
        } else if let code = UInt32(name), (0x110...0x11f).contains(code) {
            self.code = code
        } else {
            return nil
        }
    }

    public var description: String { Self.named.first { $0.button == self }?.name ?? String(code) }
}

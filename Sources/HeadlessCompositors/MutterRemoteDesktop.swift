import Foundation

/// A `org.gnome.Mutter.RemoteDesktop` session on a running Mutter: keys
/// pressed as if on a keyboard, which is how a window is moved to another
/// monitor (Mutter has no scripting interface; its move-to-monitor
/// keybindings, Super+Shift+Left/Right by default, move the focused window
/// to the neighbouring monitor on that side).
///
/// The session lives as long as the ``SessionBusConnection`` that created
/// it, which this object holds: ``stop()`` (or deinit) ends both.
package final class MutterRemoteDesktop: @unchecked Sendable {
    /// X keysyms of the keys pressed here (`xkbcommon-keysyms.h`).
    package enum Keysym: UInt32, Sendable {
        case superLeft = 0xffeb
        case shiftLeft = 0xffe1
        case left = 0xff51
        case right = 0xff53
        case up = 0xff52
    }

    static let service = "org.gnome.Mutter.RemoteDesktop"
    static let sessionInterface = "org.gnome.Mutter.RemoteDesktop.Session"

    private let bus: SessionBusConnection
    /// The session's object path (`/org/gnome/Mutter/RemoteDesktop/Session/u1`).
    package let sessionPath: String

    /// Connects to the compositor's session bus, creates a session and starts it.
    ///
    /// - Throws: ``CompositorLaunchError/dbusCallFailed(method:message:)``
    ///   (no session bus, RemoteDesktop not offered, the session refused).
    package init(on compositor: RunningCompositor) throws {
        bus = try SessionBusConnection(sessionBusOf: compositor, for: "\(Self.service).CreateSession")
        let created = try bus.call(
            Self.service, path: "/org/gnome/Mutter/RemoteDesktop", interface: Self.service, method: "CreateSession")
        guard let path = created[0]?.text else {
            throw CompositorLaunchError.dbusCallFailed(
                method: "\(Self.service).CreateSession", message: "the answer \(created) holds no session path")
        }
        sessionPath = path
        try bus.call(Self.service, path: path, interface: Self.sessionInterface, method: "Start")
    }

    deinit { stop() }

    /// Stops the session and closes its connection. Idempotent.
    package func stop() {
        _ = try? bus.call(Self.service, path: sessionPath, interface: Self.sessionInterface, method: "Stop", timeout: .seconds(5))
        bus.close()
    }

    /// Presses `keys` in order, then releases them in reverse order: a chord
    /// such as Super+Shift+Right.
    package func pressChord(_ keys: [Keysym]) throws {
        for (key, pressed) in keys.map({ ($0, true) }) + keys.reversed().map({ ($0, false) }) {
            try setKey(key.rawValue, pressed: pressed)
        }
    }

    /// Presses (`pressed` true) or releases the key that types X keysym
    /// `keysym`, as a keyboard would: the focused window gets it. Mutter
    /// finds the keycode, and the level's modifiers (Shift for `A`).
    package func setKey(_ keysym: UInt32, pressed: Bool) throws {
        try bus.call(
            Self.service, path: sessionPath, interface: Self.sessionInterface, method: "NotifyKeyboardKeysym",
            [.uint32(keysym), .bool(pressed)])
    }

    /// Moves the session's pointer by `dx`, `dy` logical points (Mutter
    /// clamps it to the monitors): how a test puts the pointer on a monitor,
    /// since Mutter opens new windows on the monitor under the pointer.
    package func movePointer(dx: Double, dy: Double) throws {
        try bus.call(
            Self.service, path: sessionPath, interface: Self.sessionInterface, method: "NotifyPointerMotionRelative",
            [.double(dx), .double(dy)])
    }

    /// Presses Mutter's maximize keybinding (Super+Up): the focused window
    /// fills its monitor's work area.
    package func maximizeFocusedWindow() throws {
        try pressChord([.superLeft, .up])
    }

    /// Takes the focused window, now tiled to the `current` half of its
    /// monitor (nil: not tiled), to the `wanted` half (nil: untiled) with
    /// Mutter's tiling keybinding (Super+Left/Right, `toggle-tiled-left` and
    /// `-right`): the key of the wanted half fills that half of the work
    /// area, and the key of the half the window is on untiles it (its
    /// earlier frame back). Returns the key pressed, nil when the window is
    /// already as wanted. Mutter 43 tiles only a window whose minimum width
    /// fits half the work area (gtk4-widget-factory's does not).
    @discardableResult
    package func tileFocusedWindow(from current: MutterHeadless.Side?, to wanted: MutterHeadless.Side?) throws -> MutterHeadless.Side? {
        guard wanted != current, let key = wanted ?? current else { return nil }
        try pressChord([.superLeft, key == .left ? .left : .right])
        return key
    }

    /// Presses Mutter's move-to-monitor keybinding for `side`: the focused
    /// window goes to the monitor next to its own on that side, if there is one.
    package func moveFocusedWindow(to side: MutterHeadless.Side) throws {
        try pressChord([.superLeft, .shiftLeft, side == .left ? .left : .right])
    }
}

extension MutterHeadless {
    /// A horizontal direction in the layout.
    package enum Side: String, Sendable, Hashable {
        case left
        case right
    }

    /// A monitor's place and size in the layout, in logical points (the
    /// layout mode the `scale-monitor-framebuffer` feature selects: its mode
    /// over its scale, as Mutter rounds it).
    package static func logicalFrame(of logical: LogicalMonitor, in monitors: [Monitor]) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard let monitor = monitors.first(where: { $0.connector == logical.connector }) else { return nil }
        return (
            logical.x, logical.y, Int((Double(monitor.width) / logical.scale).rounded()),
            Int((Double(monitor.height) / logical.scale).rounded())
        )
    }

    /// The monitors a window passes through when Mutter's move-to-monitor
    /// keybinding takes it from `source` to `target`, one neighbour a press:
    /// the side to press and the connectors entered, in order. Nil when
    /// `target` is not reached that way (not in one row with `source`:
    /// Mutter's neighbour on a side touches that edge and overlaps it
    /// vertically). Empty when `source` is `target`.
    package static func monitorPath(from source: String, to target: String, in state: DisplayState) -> (side: Side, hops: [String])? {
        if source == target { return (.right, []) }
        let frames = state.logicalMonitors.compactMap { logical in
            logicalFrame(of: logical, in: state.monitors).map { (logical.connector, $0) }
        }
        func neighbour(of connector: String, on side: Side) -> String? {
            guard let here = frames.first(where: { $0.0 == connector })?.1 else { return nil }
            return frames.first { _, other in
                // Rounded logical sizes may leave a point between touching monitors.
                let touches =
                    side == .right ? abs(other.x - (here.x + here.width)) <= 1 : abs(here.x - (other.x + other.width)) <= 1
                return touches && other.y < here.y + here.height && here.y < other.y + other.height
            }?.0
        }
        for side in [Side.right, .left] {
            var hops: [String] = []
            var current = source
            while let next = neighbour(of: current, on: side), !hops.contains(next), next != source {
                hops.append(next)
                if next == target { return (side, hops) }
                current = next
            }
        }
        return nil
    }
}

import DioramaControlProtocol
import DioramaModel

/// A window's state as plain values, safe to hand to another thread or
/// print as JSON (`diorama ctl list --json` will).
public struct WindowSnapshot: Hashable, Sendable {
    /// The simulator's number for the window.
    public var id: UInt32
    /// The simulator's number for the owning client.
    public var clientID: UInt32
    /// The owning client's process id.
    public var pid: Int32
    /// The window's app id; empty before `set_app_id`.
    public var appID: String
    /// The window's title; empty before `set_title`.
    public var title: String
    /// Position and window-geometry size, in global logical coordinates.
    public var frame: Rect
    /// The persistent toplevel states (activated, maximized, fullscreen, tiled).
    public var states: ToplevelStates
    /// Whether the window shows.
    public var isMapped: Bool
    /// Whether the window is minimized.
    public var isMinimized: Bool
    /// Whether the client has acknowledged the last configure and committed after it.
    public var isSettled: Bool
    /// Names of the displays the window's surface entered, in layout order.
    public var displays: [String]
    /// The display the window belongs to (where most of it is).
    public var homeDisplay: String
    /// The last committed buffer's size in pixels; nil before one.
    public var bufferSize: Size?
    /// The last commit's buffer scale.
    public var bufferScale: Int
    /// The scale the surface was last told to prefer; nil before any.
    public var preferredScale: Scale?
    /// Committed `set_min_size` (0 = no limit).
    public var minimumSize: Size
    /// Committed `set_max_size` (0 = no limit).
    public var maximumSize: Size
    /// The last configure sequence sent; nil before the first.
    public var lastConfigure: ConfigureFact?
    /// What the window's last commit applied (viewport, stale scale, …).
    public var lastCommit: CommitFact?
    /// The client's protocol id of the window's `wl_surface`.
    public var surfaceProtocolID: UInt32
    /// Whether a client-started interactive resize is under way.
    public var isInteractivelyResizing: Bool
    /// Whether the last commit is drawn for the scale the surface has been
    /// told since (``Window/isDrawnForScaleInEffect``): false from the
    /// moment a move to another scale is sent until the client redraws.
    public var isDrawnForScaleInEffect: Bool
}

/// A display's state as plain values.
public struct DisplaySnapshot: Hashable, Sendable {
    /// The display as configured now.
    public var configuration: DisplayConfiguration
    /// Position and size in the global logical space, in points.
    public var logicalRect: Rect
    /// The logical rectangle windows are placed in.
    public var usableArea: Rect
    /// The integer `wl_output.scale` clients see.
    public var outputScale: Int
}

extension Window {
    /// The window's state now, as plain values.
    public var snapshot: WindowSnapshot {
        WindowSnapshot(
            id: id, clientID: clientID, pid: pid, appID: appID, title: title, frame: frame, states: states,
            isMapped: isMapped, isMinimized: isMinimized, isSettled: isSettled,
            displays: enteredDisplayNames, homeDisplay: homeDisplayName, bufferSize: bufferSize,
            bufferScale: bufferScale, preferredScale: preferredScale, minimumSize: minimumSize,
            maximumSize: maximumSize, lastConfigure: lastConfigure, lastCommit: lastCommit,
            surfaceProtocolID: surfaceProtocolID, isInteractivelyResizing: isInteractivelyResizing,
            isDrawnForScaleInEffect: isDrawnForScaleInEffect)
    }
}

extension Display {
    /// The display's state now, as plain values.
    public var snapshot: DisplaySnapshot {
        DisplaySnapshot(configuration: configuration, logicalRect: logicalRect, usableArea: usableArea, outputScale: outputScale)
    }
}

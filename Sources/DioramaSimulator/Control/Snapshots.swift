import DioramaControlProtocol
import DioramaModel

/// A window's state as plain values, safe to hand to another thread or
/// print as JSON (`diorama ctl list --json` will).
public struct WindowSnapshot: Hashable, Sendable {
    public var id: UInt32
    public var clientID: UInt32
    public var pid: Int32
    public var appID: String
    public var title: String
    public var frame: Rect
    public var states: ToplevelStates
    public var isMapped: Bool
    public var isMinimized: Bool
    public var isSettled: Bool
    /// Names of the displays the window's surface entered, in layout order.
    public var displays: [String]
    public var homeDisplay: String
    public var bufferSize: Size?
    public var bufferScale: Int
    public var preferredScale: Scale?
    public var minimumSize: Size
    public var maximumSize: Size
    public var lastConfigure: ConfigureFact?
    /// What the window's last commit applied (viewport, stale scale, …).
    public var lastCommit: CommitFact?
    /// The client's protocol id of the window's `wl_surface`.
    public var surfaceProtocolID: UInt32
    public var isInteractivelyResizing: Bool
    /// Whether the last commit is drawn for the scale the surface has been
    /// told since (``Window/isDrawnForScaleInEffect``): false from the
    /// moment a move to another scale is sent until the client redraws.
    public var isDrawnForScaleInEffect: Bool
}

/// A display's state as plain values.
public struct DisplaySnapshot: Hashable, Sendable {
    public var configuration: DisplayConfiguration
    public var logicalRect: Rect
    public var usableArea: Rect
    /// The integer `wl_output.scale` clients see.
    public var outputScale: Int
}

extension Window {
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
    public var snapshot: DisplaySnapshot {
        DisplaySnapshot(configuration: configuration, logicalRect: logicalRect, usableArea: usableArea, outputScale: outputScale)
    }
}

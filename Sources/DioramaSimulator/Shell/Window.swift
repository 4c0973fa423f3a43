import DioramaModel
import WaylandServer

/// A toplevel window: one `xdg_toplevel`, what its client said about it, and
/// where the simulator put it.
///
/// Coordinates: ``position`` is the top-left corner of the window geometry
/// (`xdg_surface.set_window_geometry`, or the whole surface when unset) in
/// the global logical space displays are laid out in. Client-side shadows
/// outside the window geometry are not part of ``frame`` but do count for
/// `enter`/`leave`, which follow the surface's full extent.
public final class Window {
    /// The simulator's number for the window (1, 2, …).
    public let id: UInt32
    /// The simulator's number for the owning client.
    public let clientID: UInt32
    /// The owning client's process id (from its socket credentials).
    public let pid: Int32
    /// The last `xdg_toplevel.set_app_id`; empty before one.
    public internal(set) var appID = ""
    /// The last `xdg_toplevel.set_title`; empty before one.
    public internal(set) var title = ""
    /// Top-left of the window geometry, global logical coordinates.
    public internal(set) var position: Point
    /// Persistent states (activated, maximized, fullscreen, tiled); `resizing`
    /// only appears in the configures of an interactive resize.
    public internal(set) var states: ToplevelStates = []
    /// Whether the window shows: it has committed a buffer after its first configure.
    public internal(set) var isMapped = false
    /// Whether the window is minimized (`xdg_toplevel.set_minimized` or a control command).
    public internal(set) var isMinimized = false
    /// Whether the client destroyed the window's wl_surface while keeping
    /// its xdg_toplevel: the window is unmapped for good, and control
    /// commands report it gone.
    public internal(set) var isSurfaceDestroyed = false
    /// Committed `set_min_size` / `set_max_size` (0 = no limit).
    public internal(set) var minimumSize = Size.zero
    /// Committed `set_max_size` (0 = no limit).
    public internal(set) var maximumSize = Size.zero
    /// The last configure sequence sent.
    public internal(set) var lastConfigure: ConfigureFact?
    /// The serial of the last configure the client acknowledged.
    public internal(set) var lastAckedSerial: UInt32?
    /// What the last commit of the window's own surface applied.
    public internal(set) var lastCommit: CommitFact?
    /// The last preferred scale the window's surfaces were given.
    public internal(set) var preferredScale: Scale?
    /// The display the window belongs to: where it was placed, then the
    /// display holding most of it. Maximize and fullscreen use it, and it
    /// moves along when its display moves.
    public internal(set) var homeDisplayName: String

    /// The window `xdg_toplevel.set_parent` put this one above (nil: none,
    /// or the parent was unmapped when set). When a parent unmaps or goes
    /// away, its children take its own parent.
    public internal(set) weak var parent: Window?

    let shellSurface: XdgShellSurface
    let toplevel: XdgToplevel
    var pendingMinimumSize: Size?
    var pendingMaximumSize: Size?
    /// The size the simulator asks for when not maximized/fullscreen; nil lets the client choose.
    var requestedSize: Size?
    /// Position and size before maximize/fullscreen, restored afterwards.
    var savedFloatingFrame: Rect?
    /// The half of its display the window is tiled to (its states then carry
    /// ``HalfTile/edges``), nil when it is not half-tiled.
    var halfTile: HalfTile?
    /// Where a window restored from maximized or fullscreen goes once the
    /// client has answered the restore's configure (profiles whose restored
    /// windows move with their size: KWin), or a half-tiled one goes to its
    /// half (profiles whose half-tiled windows move with their size:
    /// Mutter); nil when nothing waits.
    var restoredPositionAwaitingSize: Point?
    /// Where a move by Mutter's rule (``WindowMoveToDisplay/scaledIntoLayout``)
    /// put the window before pushing it into the layout; nil when the push
    /// changed nothing or the window moved otherwise since. Later layout
    /// changes start again from there, as Mutter keeps a window's place
    /// before its constraints (gtk4-widget-factory, pushed back to 1214,53
    /// from 1983,53, goes to 991,26 when Meta-0 is rescaled to 2x, onto
    /// Meta-1 alone, where the pointer found it on Mutter).
    var positionBeforePush: Point?

    /// Puts the window where a move by Mutter's rule took it (see ``positionBeforePush``).
    func place(at destination: (unpushed: Point, position: Point)) {
        position = destination.position
        positionBeforePush = destination.unpushed == destination.position ? nil : destination.unpushed
    }
    /// The frame to save before maximize or fullscreen: the current one, at
    /// the place a pending restore is about to take it to.
    var frameToSave: Rect { Rect(origin: restoredPositionAwaitingSize ?? position, size: size) }
    /// Whether the window fills a tile of its display: maximized, tiled
    /// against all four edges, or half-tiled (its size then follows the
    /// display's usable area; see ``CompositorProfile/tileFrame(of:in:)``).
    var isTiledOrMaximized: Bool { states.contains(.maximized) || states.contains(.tiled) || halfTile != nil }
    /// The states by which the compositor, not the window, decides its
    /// place: any `tiled_*` edge, maximized, fullscreen.
    static let arrangedStates = ToplevelStates.tiled.union([.maximized, .fullscreen])
    /// Whether the window floats: it has none of ``arrangedStates``.
    var isFloating: Bool { states.isDisjoint(with: Self.arrangedStates) }
    var fullscreenDisplayName: String?
    var interactiveResize: InteractiveResize?
    /// Under a profile whose map waits for the client: the serial of the
    /// configure that answered the first buffer; the window shows once the
    /// client acknowledged it and committed.
    var mapConfigureSerial: UInt32?
    /// The window's zxdg_toplevel_decoration_v1, if the client made one.
    var decoration: ZxdgToplevelDecorationV1?
    /// The client asked for a decoration mode and has not yet been told
    /// the mode in a configure.
    var decorationModeRequested = false
    /// `configure_bounds` last sent, to send it again only when it changes.
    var lastBoundsSent: Size?
    /// Whether the client committed after its last ack_configure.
    var committedSinceAck = false
    /// The frame last reported in the trace (window_mapped / window_moved).
    var lastTracedFrame: Rect?
    var popups: [Popup] = []

    init(
        id: UInt32, clientID: UInt32, pid: Int32, shellSurface: XdgShellSurface, toplevel: XdgToplevel,
        position: Point, homeDisplayName: String
    ) {
        self.id = id
        self.clientID = clientID
        self.pid = pid
        self.shellSurface = shellSurface
        self.toplevel = toplevel
        self.position = position
        self.homeDisplayName = homeDisplayName
    }

    var surface: Surface? { shellSurface.surface }

    /// The `wl_surface`'s protocol id as the client numbers it (0 once the
    /// surface is gone). With the client's pid, it matches the window to what
    /// the client itself recorded, e.g. a Diorama app's `toplevel` trace record.
    public var surfaceProtocolID: UInt32 { surface?.resource.id ?? 0 }

    /// Whether a scripted interactive resize is under way (configures with
    /// `resizing` still to send or to be answered).
    public var isInteractivelyResizing: Bool { interactiveResize != nil }

    /// The window geometry's size: the effective geometry's (set_window_geometry's
    /// clamped to the surface and its subsurfaces, or their bounds when they
    /// reach out of the surface: ``XdgShellSurface/effectiveGeometry(bounds:)``),
    /// else the surface's.
    public var size: Size {
        shellSurface.geometry?.size ?? surface?.current.size ?? .zero
    }

    /// Position and size in global logical coordinates.
    public var frame: Rect { Rect(origin: position, size: size) }

    /// The whole surface (shadows included) in global logical coordinates:
    /// what enter/leave are computed from.
    var surfaceRect: Rect {
        let offset = shellSurface.geometry?.origin ?? .zero
        return Rect(
            origin: Point(x: position.x - offset.x, y: position.y - offset.y),
            size: surface?.current.size ?? .zero)
    }

    /// Names of the displays the window's surface was sent `enter` for.
    public var enteredDisplayNames: [String] {
        surface?.enteredDisplays.map(\.name) ?? []
    }

    /// The buffer of the last commit, in pixels.
    public var bufferSize: Size? { lastCommit?.bufferSize }
    /// The `wl_surface.set_buffer_scale` of the last commit; 1 before one.
    public var bufferScale: Int { lastCommit?.bufferScale ?? 1 }

    /// True when the client has acknowledged every configure sent and
    /// committed after its last acknowledgement: it has drawn what the
    /// simulator last asked for. Scenarios wait for this.
    public var isSettled: Bool {
        shellSurface.pendingSerials.isEmpty && lastConfigure != nil && committedSinceAck
    }

    /// Every surface that shows the window: its surface tree and its popups' trees.
    var allSurfaces: [Surface] {
        var result = surface?.tree ?? []
        for popup in popups where !popup.isDismissed {
            if let popupSurface = popup.shellSurface.surface { result += popupSurface.tree }
        }
        return result
    }
}

/// A scripted interactive resize in progress: configures with `resizing`
/// for each step, each sent once the client acknowledged and committed the
/// previous one (as a compositor paces pointer motion), then a final one
/// without `resizing`.
struct InteractiveResize {
    var steps: [Size]
    var nextStep = 0
    var finalSize: Size
    /// The serial of the last step sent, waited for before the next.
    var awaitingSerial: UInt32?
}

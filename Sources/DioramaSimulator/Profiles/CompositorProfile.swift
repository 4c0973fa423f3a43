import DioramaControlProtocol
import DioramaModel
import WaylandServer

/// What the simulator offers and how it behaves, chosen to match a real
/// compositor a user's users run. `Docs/simulator.md` lists every difference.
///
/// The versions of `sway-1.7` and `weston-10` are what `wayland-info` reports
/// for sway 1.7 (wlroots 0.15) and weston 10 on Debian bookworm.
public struct CompositorProfile: Hashable, Sendable {
    /// The name used on the command line and in traces (`modern`, `sway-1.7`, `weston-10`).
    public var name: String
    /// The `wl_compositor` version advertised.
    public var compositorVersion: UInt32
    /// The `wl_output` version advertised.
    public var outputVersion: UInt32
    /// The `zxdg_output_manager_v1` version advertised.
    public var xdgOutputManagerVersion: UInt32
    /// The `xdg_wm_base` version advertised.
    public var xdgWmBaseVersion: UInt32
    /// The `wl_seat` version advertised.
    public var seatVersion: UInt32
    /// Whether `wp_fractional_scale_manager_v1` is offered.
    public var offersFractionalScale: Bool
    /// Whether `wp_viewporter` is offered.
    public var offersViewporter: Bool
    /// Whether `wp_presentation` is offered.
    public var offersPresentation: Bool
    /// How the integer `wl_output.scale` is derived from a display's fractional scale.
    public var outputScaleRounding: OutputScaleRounding
    /// When min/max size hints clamp the sizes the simulator configures.
    public var sizeHintsPolicy: SizeHintsPolicy
    /// Whether new windows float (cascaded, the size they choose) or tile
    /// (filling their display's usable area).
    public var windowPlacement: WindowPlacement
    /// What a commit gets whose buffer width or height is not a multiple of its
    /// buffer scale.
    public enum BufferSizeScaleRule: String, Hashable, Sendable {
        /// `wl_surface.invalid_size`: the client is disconnected.
        case enforced
        /// Accepted; the surface size is the buffer size divided by the scale,
        /// truncated, and the trace's commit says `buffer_not_multiple_of_scale`.
        case tolerated
    }

    /// What a tiled window is told when its client bound xdg_wm_base v1, whose
    /// configure cannot carry the `tiled_*` states (they came with v2).
    public enum TiledStatesForV1Clients: String, Hashable, Sendable {
        /// Nothing: the tiled states are left out.
        case omitted
        /// `maximized` in their place, as sway does (its `set_tiled` falls back to
        /// `set_maximized` for clients older than v2), so the client draws without
        /// shadows at the tile's size.
        case maximized

        /// The states a configure carries to a client bound at `version`: the
        /// window's `states` it can be told, plus the stand-in for tiling.
        func statesToSend(_ states: ToplevelStates, version: UInt32) -> ToplevelStates {
            var sent = states.sendable(version: version)
            if self == .maximized, version < 2, !states.isDisjoint(with: .tiled) {
                sent.insert(.maximized)
            }
            return sent
        }
    }

    /// The states a configure of a maximized window carries.
    public enum StatesOfMaximized: String, Hashable, Sendable {
        /// `maximized` (and whatever else the window has).
        case maximizedOnly = "maximized-only"
        /// `maximized` and the four `tiled_*` states, as KWin 5.27 and Mutter
        /// 43 tell a maximized window (it is tiled against every edge); a
        /// client of xdg_wm_base v1 is told only what its version carries.
        case alsoTiled = "also-tiled"
    }

    /// How a window tiled to half its display (KWin's and Mutter's quick
    /// tiling) is sized and placed. Both halves are as tall as the usable
    /// area; a half-tiled window keeps its half when its display's area
    /// changes (a rescale), and untiling gives it back the frame it had.
    public enum HalfTiling: String, Hashable, Sendable {
        /// The compositor has no half tiling (sway 1.7 and weston 10 have no
        /// such binding): asking for it is an error.
        case unsupported
        /// The left half takes the odd point and the right half starts where
        /// it ends, as KWin 5.27 splits its tiles: 853 points (1280 pixels at
        /// 1.5) give 427 at x = 0 and 426 at x = 427.
        case leftTakesOddPoint = "left-takes-odd-point"
        /// Each half is half the width rounded up, the right one ending at the
        /// area's right edge, as Mutter 43 computes its tile area: 1281 points
        /// give 641 at x = 0 and 641 at x = 640 (the halves share a column).
        case halvesRoundUp = "halves-round-up"
    }

    /// What half tiling does with a window whose minimum size is larger
    /// than its half.
    public enum HalfTileMinimumSize: String, Hashable, Sendable {
        /// The half's size is clamped to the minimum, as every configure is
        /// (``SizeHintsPolicy``): the window overflows its half.
        case clamped
        /// The half's size is sent all the same and the client draws larger,
        /// as KWin 5.27 does: TimerApp (500 points wide at least) was told
        /// 320×400 for half of a 640-point output.
        case ignored
        /// The window is not tiled and is told nothing, as Mutter 43 tiles
        /// only a window whose minimum size fits the half
        /// (gtk4-widget-factory, at least 1391 points wide, stayed as it was).
        case refused
    }

    /// Which rectangle of a window its output membership (enter/leave, the
    /// preferred scale) is computed from.
    public enum OutputMembershipArea: String, Hashable, Sendable {
        /// The whole surface, client-side shadows included, as weston does: a
        /// GTK window whose shadow reaches the next display enters it.
        case wholeSurface = "whole-surface"
        /// The window geometry (`xdg_surface.set_window_geometry`), clipped to
        /// the tile when the window is tiled, as sway does with its container's
        /// box: shadows never make a window enter a display.
        case windowGeometry = "window-geometry"
    }

    /// Which displays a popup's surfaces enter.
    public enum PopupOutputMembership: String, Hashable, Sendable {
        /// Those the popup itself overlaps (its surface, or its window
        /// geometry under ``OutputMembershipArea/windowGeometry``), as Mutter,
        /// KWin and weston judge each popup on its own: a menu that spills
        /// onto the next display enters it.
        case ownRectangle = "own-rectangle"
        /// Those of its window: sway 1.7 tells a view's child surfaces its
        /// workspace's output, the one display a window is on unless it
        /// straddles two.
        case window
    }

    /// When a buffer that a commit replaced gets `wl_buffer.release`.
    public enum BufferReleaseTiming: String, Hashable, Sendable {
        /// At the commit that replaced it: the simulator no longer reads it.
        case onReplacingCommit = "on-replacing-commit"
        /// After the replacing commit's frame was shown: its frame callbacks get
        /// `done` first, the release follows (sway 1.7 holds the old buffer
        /// until it has rendered the new one, so a client with two buffers that
        /// redraws on `done` finds both busy: weston-simple-shm aborts with
        /// "Both buffers busy at redraw()"). A commit without a frame callback
        /// releases at once.
        case afterReplacingFrame = "after-replacing-frame"
        /// At the commit that attached it: its pixels are copied and it is
        /// released at once, replaced or not (Mutter 43 uploads an shm
        /// buffer into a texture at commit and releases it, so
        /// weston-simple-shm draws every frame into the same buffer).
        case copiedAtCommit = "copied-at-commit"
    }

    /// Which display a new window opens on.
    public var newWindowDisplay: NewWindowDisplay
    /// Whether a window moved to another display by a script keeps focus
    /// (true) or loses `activated` while focus stays behind (sway's
    /// `move container to output`).
    public var movedWindowKeepsFocus: Bool
    /// The order of `wl_surface.leave` and `enter` when a surface changes displays.
    public var enterLeaveOrder: EnterLeaveOrder
    /// Whether displays right of / below a display whose logical size changed
    /// move to stay adjacent (true), or keep their positions (sway).
    public var neighboursFollowResizedDisplay: Bool
    /// Whether `zxdg_decoration_manager_v1` is offered (server-side decorations on request).
    public var offersXdgDecoration: Bool
    /// How wl_output and xdg_output events are laid out.
    public var outputEvents: OutputEventStyle
    /// Whether a window's first buffer is answered by a configure (tiled
    /// and/or `activated`) and the window shows (enter, focus) only once the
    /// client acknowledged it and committed again, as sway's transactions
    /// wait for the client; otherwise it shows on its first buffer.
    public var mapWaitsForClient: Bool
    /// Which name, make, model and physical size clients see for a display:
    /// the layout's, or those of a compositor's virtual outputs.
    public var outputIdentity: OutputIdentity
    /// What a commit whose buffer size is not a multiple of its buffer scale
    /// gets: `wl_surface.invalid_size` (the rule the protocol states since
    /// wl_surface v6 text), or nothing (sway 1.7 and weston 10 accept it and
    /// truncate the surface size).
    public var bufferSizeScaleRule: BufferSizeScaleRule = .enforced
    /// How a display's logical size is rounded when its pixels do not divide
    /// by its scale (1600 px at 1.5): sway 1.7 and weston 10 truncate
    /// (1066); `modern` keeps the nearest point (1067).
    public var logicalSizeRounding: LogicalSizeRounding = .nearest
    /// What a tiled window whose client bound xdg_wm_base v1 (which has no
    /// `tiled_*` states) is told instead.
    public var tiledStatesForV1Clients: TiledStatesForV1Clients = .omitted
    /// Which rectangle of a window decides the displays its surfaces enter
    /// and its preferred scale.
    public var outputMembership: OutputMembershipArea = .wholeSurface
    /// Which displays a popup's surfaces enter: its own, or its window's.
    public var popupOutputMembership: PopupOutputMembership = .ownRectangle
    /// When a buffer replaced by a commit is released.
    public var bufferRelease: BufferReleaseTiming = .onReplacingCommit
    /// What a maximized window's configures say besides `maximized`.
    public var statesOfMaximized: StatesOfMaximized = .maximizedOnly
    /// Whether a window can be tiled to half its display (``HalfTile``), and
    /// how the halves split an odd width.
    public var halfTiling: HalfTiling = .leftTakesOddPoint
    /// What half tiling does with a window whose minimum size does not fit
    /// its half.
    public var halfTileMinimumSize: HalfTileMinimumSize = .clamped
    /// Whether a window being half-tiled stays where it is until the client
    /// commits the half's size, then moves there (Mutter 43: weston-terminal
    /// tiled to the right half of Meta-0 got its configure before its
    /// `enter` of Meta-1, which its shadow reaches); otherwise it moves at
    /// once, before the configure.
    public var halfTiledWindowMovesWithItsSize = false
    /// Whether a window restored from maximized or fullscreen stays where it
    /// is until the client commits the restored size, then moves back (KWin
    /// 5.27 moves and resizes a window together, when the client answers);
    /// otherwise it moves back at once, still at the maximized size.
    public var restoredWindowMovesWithItsSize = false
    /// Whether a configure identical to the last one sent, which the client
    /// has not acknowledged yet, is left out (KWin 5.27 answers a batch of
    /// requests with one configure: GTK 4's `unset_maximized` and
    /// `unset_fullscreen` right after its initial commit get none of their
    /// own); otherwise every request that asks for one gets one.
    public var mergesRepeatedConfigures = false
    /// What floating windows on a display whose logical size changed are told.
    public var windowsOnResizedDisplay: WindowsOnResizedDisplay = .newBounds
    /// Whether a window that maps gets its `activated` configure (and
    /// keyboard focus) before its surface enters its displays, as Mutter 43
    /// sends them; otherwise it enters first.
    public var mappedWindowActivatedBeforeEnter = false
    /// Whether any change of the layout (a display moved, rescaled or
    /// rotated) makes every display anew, as Mutter 43 rebuilds all its
    /// logical monitors: every surface leaves its displays before the new
    /// state is sent, every display sends its state (one that did not change,
    /// its position and size) and `done`, and the surfaces enter again
    /// after. Otherwise only the changed displays send their state, and
    /// surfaces leave or enter only the displays they stopped or started
    /// overlapping.
    public var layoutChangeRebuildsDisplays = false
    /// Where a window goes when a script moves it to another display.
    public var windowMoveToDisplay: WindowMoveToDisplay = .keepOffset
    /// Whether a window whose minimum size does not fit its display's usable
    /// area cannot be maximized by the user (a script's maximize changes
    /// nothing), as Mutter 43 turns maximize off for it: gtk4-widget-factory
    /// (at least 1391×757) on a 960×600 monitor ignored Super+Up and Alt+F10,
    /// while foot and weston-terminal there were maximized.
    public var maximizeNeedsRoomForMinimumSize = false
    /// Whether a maximize or fullscreen request that changes nothing (GTK's
    /// `unset_maximized` before its window maps) is answered by a
    /// configure, as the protocol asks; Mutter 43 sends none.
    public var answersUnchangedStateRequests = true
    /// Whether the (always empty) `wl_data_device.selection` a client is told
    /// as it gets keyboard focus comes after `wl_keyboard.enter` and
    /// `modifiers` (KWin 5.27) rather than right before them, as the protocol
    /// words it and sway and weston send it.
    public var selectionAfterKeyboardEnter = false
    /// Whether the window geometry a client sets is clamped to the bounds of
    /// its surface and subsurfaces, as xdg-shell says and wlroots, KWin 5.27
    /// and Mutter 43 do; weston 10 uses it as set (a geometry larger than the
    /// surface makes a larger window).
    public var clampsWindowGeometry = true
    /// The order the registry announces globals in, by interface name
    /// (`wl_output`: every output of the starting layout); interfaces not
    /// listed follow in the simulator's own order. Empty: the simulator's
    /// own order, outputs last. Clients that bind as globals arrive (foot)
    /// see their events in this order.
    public var globalOrder: [String] = []
    /// Whether Diorama's own `diorama_window_placement_manager_v1` is offered:
    /// a client may ask which output a new toplevel opens on. Real
    /// compositors do not have it, so only the `modern` profile offers it.
    public var offersWindowPlacement: Bool
    /// What an explore variation changes in the facts every output reports
    /// (physical size, make and model, mode flags); nothing by default.
    public var outputFactVariation = OutputFactVariation()
    /// Whether a window's new preferred scale (`preferred_scale`,
    /// `preferred_buffer_scale`) is sent before the `enter`/`leave` of the
    /// same change (the `preferred-scale-before-enter` variation) instead of after.
    public var preferredScaleBeforeEnter = false
    /// Whether a client binding an output gets the `enter` of its surfaces
    /// already on that display before the output's first `done` (the
    /// `enter-before-output-done` variation) instead of after it.
    public var enterBeforeOutputDone = false
    /// Whether an unplugged display's `global_remove` goes out before the
    /// `leave` (and the moves) of the surfaces that were on it (the
    /// `leave-after-global-remove` variation) instead of last.
    public var leaveAfterGlobalRemove = false
    /// Whether the configures a display change calls for go out before the
    /// windows' enter, leave and preferred scale (the `configure-before-scale`
    /// variation) instead of after them.
    public var configureBeforeScale = false
    /// Whether a floating window's configures say 0 × 0 (the client picks)
    /// where they would repeat its current size (the `configure-zero-size`
    /// variation); a size a script asks for is still sent.
    public var configuresFloatingSizeAsZero = false
    /// Whether `configure_bounds` is cut below the window's minimum size
    /// (the `bounds-below-minimum` variation): see ``configureBounds(forUsableArea:minimumSize:)``.
    public var boundsBelowMinimum = false
    /// Whether a display change's output events are flushed to clients
    /// before its surface events are queued (the `split-dispatch`
    /// variation), so they arrive in two reads; otherwise one flush at the
    /// end of the dispatch sends them together.
    public var splitsDisplayChangeDispatch = false
    /// Whether an unplugged display's `global_remove` is followed by an
    /// `enter` of its output for every shown surface that was not on it,
    /// before the leaves (the `enter-for-removed-output` variation).
    public var entersRemovedOutput = false
    /// How long a display change's events wait for the next change to go
    /// out with it as one batch (the `coalesced-changes` variation); nil:
    /// each change's events go out at once.
    public var coalescedChangeHold: Duration?
    /// How long after a display change's output events its surfaces'
    /// events and configures follow (the `delayed-change-events`
    /// variation); nil: in the same dispatch.
    public var displayChangeEventDelay: Duration?

    /// A profile from its globals' versions and behaviours; the knobs not named here start at their defaults.
    public init(
        name: String, compositorVersion: UInt32, outputVersion: UInt32, xdgOutputManagerVersion: UInt32,
        xdgWmBaseVersion: UInt32, seatVersion: UInt32, offersFractionalScale: Bool,
        offersViewporter: Bool, offersPresentation: Bool,
        outputScaleRounding: OutputScaleRounding, sizeHintsPolicy: SizeHintsPolicy,
        windowPlacement: WindowPlacement = .floating, newWindowDisplay: NewWindowDisplay = .defaultDisplay,
        movedWindowKeepsFocus: Bool = true, enterLeaveOrder: EnterLeaveOrder = .leavesFirst,
        neighboursFollowResizedDisplay: Bool = true, offersXdgDecoration: Bool = false,
        outputEvents: OutputEventStyle = .complete, mapWaitsForClient: Bool = false,
        outputIdentity: OutputIdentity = .layout, offersWindowPlacement: Bool = false
    ) {
        self.name = name
        self.compositorVersion = compositorVersion
        self.outputVersion = outputVersion
        self.xdgOutputManagerVersion = xdgOutputManagerVersion
        self.xdgWmBaseVersion = xdgWmBaseVersion
        self.seatVersion = seatVersion
        self.offersFractionalScale = offersFractionalScale
        self.offersViewporter = offersViewporter
        self.offersPresentation = offersPresentation
        self.outputScaleRounding = outputScaleRounding
        self.sizeHintsPolicy = sizeHintsPolicy
        self.windowPlacement = windowPlacement
        self.newWindowDisplay = newWindowDisplay
        self.movedWindowKeepsFocus = movedWindowKeepsFocus
        self.enterLeaveOrder = enterLeaveOrder
        self.neighboursFollowResizedDisplay = neighboursFollowResizedDisplay
        self.offersXdgDecoration = offersXdgDecoration
        self.outputEvents = outputEvents
        self.mapWaitsForClient = mapWaitsForClient
        self.outputIdentity = outputIdentity
        self.offersWindowPlacement = offersWindowPlacement
    }

    /// The `configure_bounds` a window whose minimum size is `minimumSize`
    /// (0 on a side without one) is told on a display whose usable area is
    /// `area`: the area, or under ``boundsBelowMinimum`` half the minimum on
    /// each side that has one (never more than the area, never below 1).
    func configureBounds(forUsableArea area: Size, minimumSize: Size) -> Size {
        guard boundsBelowMinimum else { return area }
        func side(_ available: Int, _ minimum: Int) -> Int {
            minimum > 0 ? max(1, min(available, minimum / 2)) : available
        }
        return Size(width: side(area.width, minimumSize.width), height: side(area.height, minimumSize.height))
    }

    /// `globals` in ``globalOrder`` (a stable sort: the unlisted keep their
    /// order, after the listed).
    func orderingGlobals<Global>(_ globals: [Global], by interface: (Global) -> String) -> [Global] {
        func rank(_ global: Global) -> Int { globalOrder.firstIndex(of: interface(global)) ?? globalOrder.count }
        return globals.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
    }

    /// `configuration` as this profile lays it out (its logical-size rounding).
    public func laidOut(_ configuration: DisplayConfiguration) -> DisplayConfiguration {
        var configuration = configuration
        configuration.logicalSizeRounding = logicalSizeRounding
        return configuration
    }

    /// Everything the system's protocol XML allows, fractional scale and viewporter included.
    public static let modern = CompositorProfile(
        name: "modern", compositorVersion: WlCompositor.maxVersion, outputVersion: min(4, WlOutput.maxVersion),
        xdgOutputManagerVersion: min(3, ZxdgOutputManagerV1.maxVersion), xdgWmBaseVersion: XdgWmBase.maxVersion,
        seatVersion: WlSeat.maxVersion, offersFractionalScale: true, offersViewporter: true,
        offersPresentation: true, outputScaleRounding: .ceil, sizeHintsPolicy: .always, offersWindowPlacement: true)

    /// sway 1.7 with its default config (as observed under `WAYLAND_DEBUG`,
    /// `Docs/fidelity.md`): no fractional scale, `wl_output.scale =
    /// ceil(scale)`, wl_compositor v4, xdg_wm_base v2 (no configure_bounds or
    /// wm_capabilities), min/max sizes honoured only in interactive resizes;
    /// windows tile and open on the focused display; a window moved to
    /// another output loses `activated`; enter/leave follow output order; a
    /// rescaled output leaves its neighbours where they are; server-side
    /// decorations through xdg-decoration; wlroots' output events.
    public static let sway17 = CompositorProfile(
        name: "sway-1.7", compositorVersion: 4, outputVersion: 4, xdgOutputManagerVersion: 3,
        xdgWmBaseVersion: 2, seatVersion: 7, offersFractionalScale: false, offersViewporter: true,
        offersPresentation: true, outputScaleRounding: .ceil, sizeHintsPolicy: .interactiveResizeOnly,
        windowPlacement: .tiled, newWindowDisplay: .focusedDisplay, movedWindowKeepsFocus: false,
        enterLeaveOrder: .displayOrder, neighboursFollowResizedDisplay: false, offersXdgDecoration: true,
        outputEvents: .wlroots, mapWaitsForClient: true
    )
    .with(\.bufferSizeScaleRule, .tolerated).with(\.logicalSizeRounding, .truncate)
    .with(\.tiledStatesForV1Clients, .maximized).with(\.outputMembership, .windowGeometry)
    .with(\.bufferRelease, .afterReplacingFrame).with(\.halfTiling, .unsupported)
    .with(\.popupOutputMembership, .window)

    /// sway 1.7 with every window floating (`for_window [app_id=".*"]
    /// floating enable`, what the real-sway scenario backend configures):
    /// windows cascade and choose their size; everything else is `sway-1.7`.
    public static let sway17Floating: CompositorProfile = {
        var profile = sway17
        profile.name = "sway-1.7-floating"
        profile.windowPlacement = .floating
        return profile
    }()

    /// weston 10: wl_output v3 (no name or description events), no fractional
    /// scale, wl_compositor v4, xdg_wm_base v3, zxdg_output_manager_v1 v2
    /// (name, no description), `scale` before `mode`.
    public static let weston10 = CompositorProfile(
        name: "weston-10", compositorVersion: 4, outputVersion: 3, xdgOutputManagerVersion: 2,
        xdgWmBaseVersion: 3, seatVersion: 7, offersFractionalScale: false, offersViewporter: true,
        offersPresentation: true, outputScaleRounding: .ceil, sizeHintsPolicy: .always, outputEvents: .weston
    ).with(\.bufferSizeScaleRule, .tolerated).with(\.logicalSizeRounding, .truncate).with(\.halfTiling, .unsupported)
        .with(\.clampsWindowGeometry, false)

    /// This profile with one property changed: how the fields added after
    /// the initializer's list are set on a shipped profile.
    func with<Value>(_ property: WritableKeyPath<CompositorProfile, Value>, _ value: Value) -> CompositorProfile {
        var profile = self
        profile[keyPath: property] = value
        return profile
    }

    /// KWin 5.27.5 (`kwin_wayland --virtual`, as `wayland-info` lists it on
    /// Debian bookworm): wp_fractional_scale_manager_v1 v1 beside
    /// `wl_output.scale = ceil(scale)`, wl_output v4, wl_compositor v5,
    /// xdg_wm_base v4, wl_seat v8, no wp_presentation, server-side
    /// decorations through xdg-decoration; its virtual outputs are named
    /// `Virtual-N` with empty make and model and a -1 × -1 mm physical size,
    /// and report their one mode as current only; KWin's output event order
    /// (only what changed on a change); a rescaled output's neighbours keep
    /// their positions; windows larger than a shrunk output are fitted to it;
    /// new windows are centred (cascading when they would cover another);
    /// a maximized window is told the four `tiled_*` states too, and a
    /// restored one moves back with its restored size; enter and leave follow
    /// the window geometry (shadows left out); a configure that repeats the
    /// unanswered one is not sent again; quick tiling to half an output
    /// gives the left half an odd point and tells the half's size even below
    /// the window's minimum;
    /// a buffer size that is not a multiple of the scale is accepted (the
    /// fidelity suite compares it with real KWin).
    public static let kwin527 = CompositorProfile(
        name: "kwin-5.27", compositorVersion: 5, outputVersion: 4, xdgOutputManagerVersion: 3,
        xdgWmBaseVersion: 4, seatVersion: 8, offersFractionalScale: true, offersViewporter: true,
        offersPresentation: false, outputScaleRounding: .ceil, sizeHintsPolicy: .always,
        windowPlacement: .centered, neighboursFollowResizedDisplay: false, offersXdgDecoration: true,
        outputEvents: .kwin, outputIdentity: .kwinVirtual
    ).with(\.outputFactVariation, OutputFactVariation(modeIsCurrentOnly: true))
        .with(\.windowsOnResizedDisplay, .fitToDisplay).with(\.bufferSizeScaleRule, .tolerated)
        .with(\.statesOfMaximized, .alsoTiled).with(\.restoredWindowMovesWithItsSize, true)
        .with(\.outputMembership, .windowGeometry).with(\.mergesRepeatedConfigures, true)
        .with(\.halfTiling, .leftTakesOddPoint).with(\.halfTileMinimumSize, .ignored)
        .with(\.selectionAfterKeyboardEnter, true)

    /// Mutter 43.8 (`mutter --wayland --headless --virtual-monitor …`, as
    /// `wayland-info` lists it on Debian bookworm): no fractional scale
    /// protocol, `wl_output.scale = ceil(scale)` (2 at 1.5 in logical layout
    /// mode), wl_output v3 (no name or description events), wl_compositor v5,
    /// xdg_wm_base v4, wl_seat v8, no xdg-decoration (clients draw their
    /// own); its virtual monitors are `Meta-N`, MetaVendor MetaVirtualMonitor,
    /// 0 × 0 mm; Mutter's output event order (a change sends no geometry);
    /// enter and leave in monitor order; new windows open on the monitor
    /// under the pointer, at Mutter's first fit; a window moved to another
    /// monitor keeps its offset scaled and is pushed into the layout (and
    /// follows its monitor so on layout changes); a window whose minimum
    /// size does not fit is neither fitted nor maximized; a rescale sends windows that still fit no
    /// configure, a window larger than the monitors' new extent is fitted
    /// to it, and every configure carries the current bounds (configures
    /// before the surfaces enter again); a mapping window is activated
    /// before it enters its monitor; any layout change (a move too) makes
    /// every surface leave its monitors and enter them again; a maximized
    /// window is told `tiled_*` too; a request that changes no state gets no
    /// configure; both halves of a half tile are half the width rounded up,
    /// a window whose minimum does not fit is not tiled, and a tiled one
    /// moves to its half once the client answered; globals come in Mutter's order; a buffer size
    /// that is not a multiple of the scale is accepted; an shm buffer is
    /// released right after the commit that attached it (the fidelity suite
    /// compares it with real Mutter; `Docs/fidelity.md` has the measurements).
    public static let mutter43 = CompositorProfile(
        name: "mutter-43", compositorVersion: 5, outputVersion: 3, xdgOutputManagerVersion: 3,
        xdgWmBaseVersion: 4, seatVersion: 8, offersFractionalScale: false, offersViewporter: true,
        offersPresentation: true, outputScaleRounding: .ceil, sizeHintsPolicy: .always,
        newWindowDisplay: .pointerDisplay, enterLeaveOrder: .displayOrder, outputEvents: .mutter,
        outputIdentity: .mutterVirtual
    ).with(\.windowsOnResizedDisplay, .boundsWithEveryConfigure).with(\.mappedWindowActivatedBeforeEnter, true)
        .with(\.layoutChangeRebuildsDisplays, true).with(\.bufferSizeScaleRule, .tolerated)
        .with(\.configureBeforeScale, true).with(\.bufferRelease, .copiedAtCommit).with(\.statesOfMaximized, .alsoTiled)
        .with(\.answersUnchangedStateRequests, false).with(\.windowPlacement, .firstFit)
        .with(\.windowMoveToDisplay, .scaledIntoLayout).with(\.maximizeNeedsRoomForMinimumSize, true)
        .with(\.halfTiling, .halvesRoundUp).with(\.halfTileMinimumSize, .refused)
        .with(\.halfTiledWindowMovesWithItsSize, true)
        .with(
            \.globalOrder,
            [
                "wl_compositor", "wl_shm", "wl_output", "zxdg_output_manager_v1", "wl_data_device_manager",
                "wl_subcompositor", "xdg_wm_base", "wp_viewporter", "wl_seat", "wp_presentation",
            ])

    /// Every built-in profile, in the order `--profile` lists them.
    public static let all: [CompositorProfile] = [.modern, .sway17, .sway17Floating, .weston10, .kwin527, .mutter43]

    /// The profile called `name`, or nil.
    public static func named(_ name: String) -> CompositorProfile? {
        all.first { $0.name == name }
    }
}

/// Where a new window goes and what size it is asked for.
public enum WindowPlacement: String, Hashable, Sendable {
    /// Cascaded on its display, at the size the client chooses.
    case floating
    /// Filling its display's usable area with the four `tiled_*` states,
    /// configured once its first buffer arrives, shown once the client
    /// answered that configure (sway's tiling, one window per display).
    case tiled
    /// Centred on its display's usable area when it maps (its size is then
    /// known), at the size the client chooses; where another window on that
    /// display already has that top-left, one step further right and down,
    /// a step being 1/48 of the area's width and height (KWin 5.27's default
    /// placement, measured on `kwin_wayland --virtual`).
    case centered
    /// Mutter 43's first fit: the first of its candidate positions (a
    /// centred grid's top-left cell, then below or right of another window;
    /// ``firstFitCandidates(size:in:others:)``) where the window lies inside
    /// the usable area and overlaps no other window; the cascade when none
    /// does. Measured on real Mutter by where the pointer meets the window.
    case firstFit = "first-fit"
}

/// Where a window goes when a script moves it to another display.
public enum WindowMoveToDisplay: String, Hashable, Sendable {
    /// Its offset from the display's usable-area corner kept (clamped into
    /// the target's area): wholly on the target.
    case keepOffset = "keep-offset"
    /// As Mutter 43's move to the neighbouring monitor: the offset scaled by
    /// the two areas' ratio, then the window pushed the shortest way into
    /// the layout, so a window wider than the target overlaps its neighbour
    /// too; a window already mostly on the target stays where it is.
    case scaledIntoLayout = "scaled-into-layout"
}

/// What a floating window on a display whose logical size changed (a
/// rescale, a rotation) is told.
public enum WindowsOnResizedDisplay: String, Hashable, Sendable {
    /// A configure with the display's new `configure_bounds` (xdg_toplevel
    /// v4); the window keeps its size.
    case newBounds = "new-bounds"
    /// As KWin 5.27 does: a window larger than the display's new area is
    /// configured down to fit it; `configure_bounds` comes only with the
    /// first configure.
    case fitToDisplay = "fit-to-display"
    /// As Mutter 43 does: the window is told nothing when its display's
    /// area changes unless it no longer fits within all displays' extent
    /// (then it is configured down to it), and every configure it gets
    /// carries the display's current `configure_bounds`.
    case boundsWithEveryConfigure = "bounds-with-every-configure"
}

/// Which display a new window opens on.
public enum NewWindowDisplay: String, Hashable, Sendable {
    /// The default display (`--default-display`, else the first).
    case defaultDisplay = "default"
    /// The display focus is on: where the focused window is, or where the last
    /// focused window was (sway's focused output); the default display before
    /// anything had focus.
    case focusedDisplay = "focused"
    /// The display under the pointer, wherever focus is (Mutter 43's
    /// current monitor); the default display when the pointer is on none.
    case pointerDisplay = "pointer"
}

/// How a profile reports outputs through wl_output and xdg_output.
public enum OutputEventStyle: String, Hashable, Sendable {
    /// Every property on every change; `wl_output.geometry` carries the
    /// display's global position; xdg_output sends position and size, then
    /// name and description.
    case complete
    /// As wlroots 0.15 does: `wl_output.geometry` x,y always 0,0 (global
    /// positions are xdg_output's job); xdg_output sends name and description
    /// first and its `done` is followed by a `wl_output.done`; a change sends
    /// geometry plus only the mode or scale that changed (no description).
    case wlroots
    /// As weston 10 does: `scale` before `mode`, and no xdg_output
    /// description; otherwise complete.
    case weston
    /// As KWin 5.27 does: name, description, mode, scale, then geometry;
    /// a change sends only what changed, xdg_output's events first.
    case kwin
    /// As Mutter 43 does: the protocol's order on bind; a change sends the
    /// mode or scale only if it changed (never geometry), then xdg_output's
    /// position and size.
    case mutter
}

/// Who a display says it is to clients: the name (wl_output v4 and
/// xdg_output), description, make, model and physical size.
///
/// Scripts, traces and `ctl` always use the layout's display names; only
/// what clients read on the wire changes.
public enum OutputIdentity: String, Hashable, Sendable {
    /// The layout's name, description, make, model and physical size.
    case layout
    /// KWin 5.27's virtual outputs: `Virtual-N`, N counting displays from 0
    /// in the order they were added; a one-space description, empty make
    /// and model, and -1 × -1 mm (which foot 1.13 divides by).
    case kwinVirtual = "kwin-virtual"
    /// Mutter 43's virtual monitors: `Meta-N` (xdg_output only, as its
    /// wl_output is v3), make and xdg_output description `MetaVendor`, model
    /// `MetaVirtualMonitor`, 0 × 0 mm.
    case mutterVirtual = "mutter-virtual"

    /// What clients are told about `configuration`, the `ordinal`-th display
    /// added to the simulator (from 0).
    func facts(of configuration: DisplayConfiguration, ordinal: Int) -> OutputIdentityFacts {
        switch self {
        case .layout:
            OutputIdentityFacts(
                name: configuration.name, description: configuration.outputDescription, make: configuration.make,
                model: configuration.model, physicalSizeMM: configuration.physicalSizeMM)
        case .kwinVirtual:
            OutputIdentityFacts(
                name: "Virtual-\(ordinal)", description: " ", make: "", model: "",
                physicalSizeMM: Size(width: -1, height: -1))
        case .mutterVirtual:
            OutputIdentityFacts(
                name: "Meta-\(ordinal)", description: "MetaVendor", make: "MetaVendor", model: "MetaVirtualMonitor",
                physicalSizeMM: .zero)
        }
    }
}

/// The identity one display shows clients (see ``OutputIdentity``).
struct OutputIdentityFacts: Hashable {
    var name: String
    var description: String
    var make: String
    var model: String
    var physicalSizeMM: Size
}

/// The order of `wl_surface.leave` and `wl_surface.enter` when one change
/// moves a surface off some displays and onto others.
public enum EnterLeaveOrder: String, Hashable, Sendable {
    /// Every leave, then every enter.
    case leavesFirst = "leaves-first"
    /// Displays in layout order, each sending its leave or enter (wlroots
    /// walks its output list once).
    case displayOrder = "display-order"
}

/// How `wl_output.scale` (an integer) is derived from a fractional display scale.
public enum OutputScaleRounding: String, Hashable, Sendable, CaseIterable {
    /// The smallest integer at least the scale (1.25 → 2): what sway and
    /// mutter send, so clients without fractional scale render sharp and are
    /// downscaled.
    case ceil
    /// The nearest integer, halves up (1.25 → 1, 1.5 → 2).
    case round
}

/// When min/max size hints clamp configured sizes.
public enum SizeHintsPolicy: String, Hashable, Sendable {
    /// Every configure (scripted resize, maximize, fullscreen, interactive resize).
    case always
    /// Only configures of an interactive resize, as sway 1.7 does.
    case interactiveResizeOnly
}

/// How a surface's preferred scale is chosen from the displays it overlaps.
public enum PreferredScalePolicy: String, Hashable, Sendable, CaseIterable {
    /// The largest scale of any display the surface overlaps: sharp everywhere,
    /// downscaled on the lower-density display.
    case max
    /// The scale of the display holding the largest part of the surface (ties
    /// go to the display listed first).
    case largestOverlap = "largest-overlap"
}

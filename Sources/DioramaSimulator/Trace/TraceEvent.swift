import DioramaModel

/// One protocol-level fact the simulator observed or caused. The JSON form
/// of each case (``TraceRecord``'s `Codable` conformance, in `TraceJSON.swift`)
/// is documented in `Docs/trace-format.md`; the `type` strings and field
/// names are a stable, versioned interface that scenarios and benchmarks read.
///
/// Identifiers: `client`, `window` and `surface` are the simulator's own
/// numbers (1, 2, 3 … per simulator), stable across a run, not Wayland object
/// ids (which every client numbers separately). Scales are in 120ths, as
/// fractional-scale-v1 sends them (1.5 is 180).
public enum TraceEvent: Hashable, Sendable {
    /// A client connected to the Wayland socket.
    case clientConnected(client: UInt32, pid: Int32)
    /// A client's connection ended.
    case clientDisconnected(client: UInt32, pid: Int32)
    /// A protocol error the simulator sent; the client is disconnected.
    case protocolError(ProtocolErrorFact)
    /// A configured limit was crossed (the client gets an error too).
    case limitExceeded(client: UInt32, limit: String, message: String)

    /// A display was plugged in (or was there at start).
    case displayAdded(DisplayFact)
    /// A display moved, was rescaled or rotated; `change` says which.
    case displayChanged(DisplayFact, change: String)
    /// A display was unplugged.
    case displayRemoved(display: String)

    /// A client made an xdg_toplevel.
    case windowCreated(window: UInt32, client: UInt32, surface: UInt32)
    /// The first buffer was committed after the initial configure.
    case windowMapped(window: UInt32, frame: Rect)
    /// A null buffer was committed (or the toplevel destroyed while mapped).
    case windowUnmapped(window: UInt32)
    /// The window's global frame (position, window-geometry size) changed.
    case windowMoved(window: UInt32, frame: Rect)
    /// The client destroyed the xdg_toplevel.
    case windowDestroyed(window: UInt32)
    /// The client set the window's title.
    case title(window: UInt32, title: String)
    /// The client set the window's app id.
    case appID(window: UInt32, appID: String)
    /// Committed min/max size hints (0 = no limit).
    case sizeHints(window: UInt32, minimum: Size, maximum: Size)
    /// Keyboard focus moved to the window, or to none.
    case focus(window: UInt32?)
    /// `xdg_toplevel.close` was sent.
    case closeSent(window: UInt32)

    /// A configure sequence was sent.
    case configureSent(ConfigureFact)
    /// The client acknowledged the configure with `serial`.
    case configureAcked(window: UInt32, serial: UInt32)
    /// A surface committed.
    case commit(CommitFact)
    /// The buffer that mapped the window (the commit just before) was not
    /// drawn for the scale in effect on the displays it landed on:
    /// `scale120`, judged by ``ScaleInEffect`` once the window entered them.
    /// Recorded only when that commit's own `staleScale` (judged against what
    /// the surface had been told before it was anywhere) was false.
    case firstFrameStale(window: UInt32, surface: UInt32, scale120: Int)

    /// `xdg_popup.popup_done` was sent: the simulator dismissed a popup of
    /// `window` (`surface` nil when the popup's surface is gone).
    case popupDone(surface: UInt32?, window: UInt32, reason: PopupDismissal)

    /// `wl_surface.enter` was sent for the display.
    case enter(surface: UInt32, window: UInt32?, display: String)
    /// `wl_surface.leave` was sent for the display.
    case leave(surface: UInt32, window: UInt32?, display: String)
    /// `wp_fractional_scale_v1.preferred_scale` was sent.
    case preferredScale(surface: UInt32, window: UInt32?, scale120: Int)
    /// `wl_surface.preferred_buffer_scale` was sent.
    case preferredBufferScale(surface: UInt32, window: UInt32?, scale: Int)

    /// A frame callback was done.
    case frameDone(surface: UInt32, window: UInt32?, timeMilliseconds: UInt32)
    /// `wp_presentation_feedback.presented` was sent.
    case presented(surface: UInt32, window: UInt32?, display: String?, nanoseconds: UInt64)
    /// `wp_presentation_feedback.discarded` was sent.
    case presentationDiscarded(surface: UInt32, window: UInt32?)

    /// Keyboard input the simulator typed into a window.
    case keyboardInput(window: UInt32, keys: String)
    /// A pointer event the simulator sent a window: `action` is `enter`,
    /// `leave`, `motion`, `press left`, `release left` or `scroll`; `x`, `y`
    /// are surface-local logical points (for `scroll`: the distances).
    case pointerInput(window: UInt32, action: String, x: Int, y: Int)
    /// A touch event: `down`, `motion`, `up` or `cancel`, surface-local points.
    case touchInput(window: UInt32, action: String, id: Int, x: Int, y: Int)
    /// A client's `xdg_toplevel.move`/`resize` (`kind`) took the pointer, or (`ended`) let it go.
    case interactiveGrab(window: UInt32, kind: String, ended: Bool)
    /// A `move`/`resize` whose serial was not a press still held on the window: ignored.
    case interactiveGrabIgnored(window: UInt32, serial: UInt32)
    /// A client's `wl_pointer.set_cursor`: the cursor `surface` with its
    /// hotspot (points), or nil when the client hid the cursor; `window` is
    /// the window under the pointer then.
    case cursorSet(client: UInt32, window: UInt32?, surface: UInt32?, hotspotX: Int, hotspotY: Int)
}

/// A `wl_display.error` the simulator sent.
public struct ProtocolErrorFact: Hashable, Sendable {
    /// The client it was sent to.
    public var client: UInt32
    /// The interface of the object the error is about (`xdg_surface`).
    public var interface: String
    /// The protocol object id of that object, as the client knows it.
    public var objectID: UInt32
    /// The error code.
    public var code: UInt32
    /// The error's name in the protocol XML (`invalid_serial`).
    public var error: String
    /// The message sent with it.
    public var message: String

    package init(client: UInt32, interface: String, objectID: UInt32, code: UInt32, error: String, message: String) {
        self.client = client
        self.interface = interface
        self.objectID = objectID
        self.code = code
        self.error = error
        self.message = message
    }
}

/// A display's state after it was added or changed.
public struct DisplayFact: Hashable, Sendable {
    /// The display's name.
    public var display: String
    /// Its position and size in the global logical space.
    public var logicalRect: Rect
    /// Its scale, in 120ths.
    public var scale120: Int
    /// The integer `wl_output.scale` clients see.
    public var outputScale: Int
    /// Its rotation or flip.
    public var transform: OutputTransform

    package init(display: String, logicalRect: Rect, scale120: Int, outputScale: Int, transform: OutputTransform) {
        self.display = display
        self.logicalRect = logicalRect
        self.scale120 = scale120
        self.outputScale = outputScale
        self.transform = transform
    }
}

/// One configure sequence sent to a toplevel.
public struct ConfigureFact: Hashable, Sendable {
    /// The window it was sent to.
    public var window: UInt32
    /// The configure serial.
    public var serial: UInt32
    /// The suggested size; 0 in a dimension lets the client choose.
    public var size: Size
    /// The toplevel states sent.
    public var states: ToplevelStates
    /// `configure_bounds`, when it was sent in this sequence.
    public var bounds: Size?

    package init(window: UInt32, serial: UInt32, size: Size, states: ToplevelStates, bounds: Size?) {
        self.window = window
        self.serial = serial
        self.size = size
        self.states = states
        self.bounds = bounds
    }
}

/// A `wp_viewport` source rectangle, in surface-local (buffer ÷ scale) coordinates.
public struct ViewportSource: Hashable, Sendable, Codable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width.
    public var width: Double
    /// Height.
    public var height: Double

    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// What one `wl_surface.commit` applied.
public struct CommitFact: Hashable, Sendable {
    /// The surface that committed.
    public var surface: UInt32
    /// The window the surface belongs to; nil for a surface of no window.
    public var window: UInt32?
    /// The buffer's size in pixels after this commit; nil when no buffer is attached.
    public var bufferSize: Size?
    /// The committed buffer scale.
    public var bufferScale: Int
    /// The `wl_output.transform` value of `set_buffer_transform`.
    public var bufferTransform: OutputTransform
    /// The viewport's source rectangle in effect, if any.
    public var viewportSource: ViewportSource?
    /// The viewport's destination size in effect, if any.
    public var viewportDestination: Size?
    /// The surface's size in logical points after this commit.
    public var surfaceSize: Size
    /// `damage` plus `damage_buffer` rectangles in this commit.
    public var damageRects: Int
    /// The commit attached a null buffer (unmapping the surface).
    public var nullAttach: Bool
    /// The preferred scale in effect (last sent), in 120ths; nil before any.
    public var preferredScale120: Int?
    /// True when the buffer was not rendered for the preferred scale in
    /// effect: it differs by more than one pixel in a dimension from the
    /// surface size times that scale (see `Docs/trace-format.md`).
    public var staleScale: Bool
    /// The buffer's size is not a multiple of its buffer scale, and the
    /// profile tolerates that (`BufferSizeScaleRule.tolerated`).
    public var bufferNotMultipleOfScale: Bool

    package init(
        surface: UInt32, window: UInt32?, bufferSize: Size?, bufferScale: Int, bufferTransform: OutputTransform,
        viewportSource: ViewportSource?, viewportDestination: Size?, surfaceSize: Size, damageRects: Int,
        nullAttach: Bool, preferredScale120: Int?, staleScale: Bool, bufferNotMultipleOfScale: Bool = false
    ) {
        self.surface = surface
        self.window = window
        self.bufferSize = bufferSize
        self.bufferScale = bufferScale
        self.bufferTransform = bufferTransform
        self.viewportSource = viewportSource
        self.viewportDestination = viewportDestination
        self.surfaceSize = surfaceSize
        self.damageRects = damageRects
        self.nullAttach = nullAttach
        self.preferredScale120 = preferredScale120
        self.staleScale = staleScale
        self.bufferNotMultipleOfScale = bufferNotMultipleOfScale
    }
}

extension TraceEvent {
    /// The window the event is about, for filtering.
    public var window: UInt32? {
        switch self {
        case .windowCreated(let window, _, _), .windowMapped(let window, _), .windowMoved(let window, _),
            .windowUnmapped(let window), .windowDestroyed(let window), .title(let window, _), .appID(let window, _),
            .sizeHints(let window, _, _), .closeSent(let window), .configureAcked(let window, _),
            .keyboardInput(let window, _), .pointerInput(let window, _, _, _), .touchInput(let window, _, _, _, _),
            .interactiveGrab(let window, _, _), .interactiveGrabIgnored(let window, _), .popupDone(_, let window, _):
            return window
        case .focus(let window): return window
        case .configureSent(let fact): return fact.window
        case .commit(let fact): return fact.window
        case .firstFrameStale(let window, _, _): return window
        case .enter(_, let window, _), .leave(_, let window, _), .preferredScale(_, let window, _),
            .preferredBufferScale(_, let window, _), .frameDone(_, let window, _), .presented(_, let window, _, _),
            .presentationDiscarded(_, let window), .cursorSet(_, let window, _, _, _):
            return window
        case .clientConnected, .clientDisconnected, .protocolError, .limitExceeded,
            .displayAdded, .displayChanged, .displayRemoved:
            return nil
        }
    }

    /// The client the event is about, when the event names one directly.
    public var client: UInt32? {
        switch self {
        case .clientConnected(let client, _), .clientDisconnected(let client, _), .limitExceeded(let client, _, _),
            .windowCreated(_, let client, _):
            return client
        case .protocolError(let fact): return fact.client
        default: return nil
        }
    }
}

/// Why the simulator dismissed a popup (`popup_done`'s `reason` in the trace).
public enum PopupDismissal: String, Hashable, Sendable {
    /// A press or touch outside the client whose popups held a grab.
    case grabBroken = "grab_broken"
    /// The popup's window unmapped or its toplevel was destroyed.
    case parentGone = "parent_gone"
}

/// Resource limits a misbehaving or runaway client hits with a clear error
/// instead of exhausting the machine. Each is enforced where the resource is
/// created; crossing one sends a protocol error (`wl_display.error`
/// no_memory or implementation, with a message naming the limit) and records a
/// `limit_exceeded` trace event.
///
/// The control endpoint and screenshots have limits of their own here too
/// (answered with a control error naming the limit). The ranges of the
/// numbers a request, a layout file or a scenario may hold are
/// `DioramaModel.InputRanges`, shared with the scenario validator.
public struct SimulatorLimits: Hashable, Sendable {
    /// wl_surface objects one client may hold at once.
    public var maximumSurfacesPerClient: Int
    /// How deep clients may nest surfaces: subsurface levels below a main
    /// surface, and popups below a window (a popup of a popup of … a
    /// toplevel), each counted on its own. Real interfaces stay within a
    /// handful of levels (a video in a frame, a submenu of a submenu); the
    /// bound keeps every walk up or down a tree short. Crossing it is the
    /// protocol's own error for a parent that cannot be used
    /// (`wl_subcompositor.bad_surface`, `xdg_wm_base.invalid_popup_parent`).
    public var maximumNestingDepth: Int
    /// The largest wl_shm buffer, in bytes (stride × height).
    public var maximumBufferBytes: Int
    /// The largest wl_shm pool, in bytes.
    public var maximumPoolBytes: Int
    /// Trace records kept; older ones are dropped (and counted) beyond it.
    public var traceCapacity: Int
    /// The largest screenshot, in pixels (4 bytes each): by default one
    /// display of the largest mode (16384×16384, 1 GiB). A bigger picture is
    /// refused with the size it would need, before anything is allocated.
    public var maximumScreenshotPixels: Int
    /// The bytes of pixels that control-endpoint screenshots may hold at
    /// once, from compositing until their PNG is written: by default one
    /// picture of the largest size (1 GiB). A screenshot that does not fit
    /// beside those in flight waits for one of them to finish; it is never
    /// refused for it. At least `4 × maximumScreenshotPixels`, so the largest
    /// picture fits on its own.
    public var maximumScreenshotBytesInFlight: Int
    /// Control connections served at once; one more is answered `busy` and closed.
    public var maximumControlConnections: Int
    /// The longest control request line, in bytes; a longer one is answered
    /// `bad_request` and the connection closed.
    public var maximumControlLineBytes: Int
    /// How long a control connection may wait between requests (or take to
    /// send one line); after that the endpoint closes it, so idle held-open
    /// connections do not keep others out under ``maximumControlConnections``.
    /// A followed trace is not idle: it is closed only when its client hangs up.
    public var controlIdleTimeout: Duration

    /// Limits; the defaults are ``standard``'s.
    public init(
        maximumSurfacesPerClient: Int = 10_000, maximumNestingDepth: Int = 64, maximumBufferBytes: Int = 256 << 20,
        maximumPoolBytes: Int = 1 << 30, traceCapacity: Int = 100_000,
        maximumScreenshotPixels: Int = 16_384 * 16_384, maximumScreenshotBytesInFlight: Int = 4 * 16_384 * 16_384,
        maximumControlConnections: Int = 64,
        maximumControlLineBytes: Int = 1 << 20, controlIdleTimeout: Duration = .seconds(60)
    ) {
        precondition(traceCapacity > 0, "the trace must keep at least one record")
        precondition(
            maximumScreenshotPixels <= maximumScreenshotBytesInFlight / 4,
            "the screenshot budget must hold the largest screenshot (4 bytes per pixel)")
        precondition(
            maximumControlConnections > 0 && maximumControlLineBytes > 0 && controlIdleTimeout > .zero,
            "the control endpoint needs room and time for one request")
        self.maximumSurfacesPerClient = maximumSurfacesPerClient
        self.maximumNestingDepth = maximumNestingDepth
        self.maximumBufferBytes = maximumBufferBytes
        self.maximumPoolBytes = maximumPoolBytes
        self.traceCapacity = traceCapacity
        self.maximumScreenshotPixels = maximumScreenshotPixels
        self.maximumScreenshotBytesInFlight = maximumScreenshotBytesInFlight
        self.maximumControlConnections = maximumControlConnections
        self.maximumControlLineBytes = maximumControlLineBytes
        self.controlIdleTimeout = controlIdleTimeout
    }

    /// The defaults `diorama sim` and the harness use.
    public static let standard = SimulatorLimits()
}

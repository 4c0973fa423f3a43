import DioramaModel

/// A window as `diorama ctl windows --json` lists it.
public struct ControlWindowInfo: Codable, Hashable, Sendable {
    /// The simulator's number for the window.
    public var id: UInt32
    /// The app id; empty before `set_app_id`.
    public var appID: String
    /// The title; empty before `set_title`.
    public var title: String
    /// The owning client's process id.
    public var pid: Int32
    /// Displays the window's surface entered, in layout order.
    public var displays: [String]
    /// The display maximize and fullscreen use: where most of the window is.
    public var homeDisplay: String
    /// Window geometry: global logical position and size.
    public var x: Int
    /// The window's top edge, in global logical points.
    public var y: Int
    /// The window geometry's width, in points.
    public var width: Int
    /// The window geometry's height, in points.
    public var height: Int
    /// The committed buffer in pixels; nil before the first buffer.
    public var bufferWidth: Int?
    /// The committed buffer's height in pixels; nil before the first buffer.
    public var bufferHeight: Int?
    /// The committed buffer scale.
    public var bufferScale: Int
    /// The preferred scale last sent (fractional, e.g. 1.5) and in 120ths.
    public var preferredScale: Double?
    /// The preferred scale last sent, in 120ths.
    public var preferredScale120: Int?
    /// `maximized`, `fullscreen`, `activated`, `tiled_left` …
    public var states: [String]
    /// Whether the window shows.
    public var mapped: Bool
    /// Whether the window is minimized.
    public var minimized: Bool
    /// Acknowledged and committed every configure.
    public var settled: Bool
    /// The last commit's buffer was not drawn for the scale in effect (`ScaleInEffect` in DioramaSimulator, the trace's `stale_scale`).
    public var staleScale: Bool

    enum CodingKeys: String, CodingKey {
        case id
        case appID = "app_id"
        case title, pid, displays
        case homeDisplay = "home_display"
        case x, y, width, height
        case bufferWidth = "buffer_width"
        case bufferHeight = "buffer_height"
        case bufferScale = "buffer_scale"
        case preferredScale = "preferred_scale"
        case preferredScale120 = "preferred_scale120"
        case states, mapped, minimized, settled
        case staleScale = "stale_scale"
    }

    package init(
        id: UInt32,
        appID: String,
        title: String,
        pid: Int32,
        displays: [String],
        homeDisplay: String,
        x: Int,
        y: Int,
        width: Int,
        height: Int,
        bufferWidth: Int?,
        bufferHeight: Int?,
        bufferScale: Int,
        preferredScale: Double?,
        preferredScale120: Int?,
        states: [String],
        mapped: Bool,
        minimized: Bool,
        settled: Bool,
        staleScale: Bool
    ) {
        self.id = id
        self.appID = appID
        self.title = title
        self.pid = pid
        self.displays = displays
        self.homeDisplay = homeDisplay
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.bufferWidth = bufferWidth
        self.bufferHeight = bufferHeight
        self.bufferScale = bufferScale
        self.preferredScale = preferredScale
        self.preferredScale120 = preferredScale120
        self.states = states
        self.mapped = mapped
        self.minimized = minimized
        self.settled = settled
        self.staleScale = staleScale
    }
}

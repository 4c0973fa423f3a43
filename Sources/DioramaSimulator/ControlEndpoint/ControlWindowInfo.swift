import DioramaModel

/// A window as `diorama ctl windows --json` lists it.
public struct ControlWindowInfo: Codable, Hashable, Sendable {
    public var id: UInt32
    public var appID: String
    public var title: String
    public var pid: Int32
    /// Displays the window's surface entered, in layout order.
    public var displays: [String]
    /// The display maximize and fullscreen use: where most of the window is.
    public var homeDisplay: String
    /// Window geometry: global logical position and size.
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    /// The committed buffer in pixels; nil before the first buffer.
    public var bufferWidth: Int?
    public var bufferHeight: Int?
    public var bufferScale: Int
    /// The preferred scale last sent (fractional, e.g. 1.5) and in 120ths.
    public var preferredScale: Double?
    public var preferredScale120: Int?
    /// `maximized`, `fullscreen`, `activated`, `tiled_left` …
    public var states: [String]
    public var mapped: Bool
    public var minimized: Bool
    /// Acknowledged and committed every configure.
    public var settled: Bool
    /// The last commit's buffer was not drawn for the scale in effect (``ScaleInEffect``, the trace's `stale_scale`).
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

    public init(_ window: Window) {
        let snapshot = window.snapshot
        id = snapshot.id
        appID = snapshot.appID
        title = snapshot.title
        pid = snapshot.pid
        displays = snapshot.displays
        homeDisplay = snapshot.homeDisplay
        x = snapshot.frame.minX
        y = snapshot.frame.minY
        width = snapshot.frame.width
        height = snapshot.frame.height
        bufferWidth = snapshot.bufferSize?.width
        bufferHeight = snapshot.bufferSize?.height
        bufferScale = snapshot.bufferScale
        preferredScale = snapshot.preferredScale?.doubleValue
        preferredScale120 = snapshot.preferredScale?.numerator120
        states = snapshot.states.names
        mapped = snapshot.isMapped
        minimized = snapshot.isMinimized
        settled = snapshot.isSettled
        staleScale = window.lastCommit?.staleScale ?? false
    }
}

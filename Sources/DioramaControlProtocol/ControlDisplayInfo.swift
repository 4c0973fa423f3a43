import DioramaModel

/// A display as `diorama ctl displays --json` lists it.
public struct ControlDisplayInfo: Codable, Hashable, Sendable {
    /// The connector name (`DP-1`).
    public var name: String
    /// The `wl_output.description` clients see.
    public var description: String
    /// The panel in pixels (before rotation) and its refresh rate in mHz.
    public var modeWidth: Int
    /// The panel's height in pixels, before rotation.
    public var modeHeight: Int
    /// The refresh rate in mHz.
    public var refreshMilliHz: Int
    /// The fractional scale and the same in 120ths.
    public var scale: Double
    /// The fractional scale in 120ths.
    public var scale120: Int
    /// The integer `wl_output.scale` clients see.
    public var outputScale: Int
    /// As in layout files: `normal`, `90`, … `flipped-270`.
    public var transform: String
    /// The logical rectangle in global points.
    public var x: Int
    /// The logical rectangle's top edge, in global points.
    public var y: Int
    /// The logical width, in points.
    public var width: Int
    /// The logical height, in points.
    public var height: Int
    /// Whether new windows open here.
    public var isDefault: Bool

    enum CodingKeys: String, CodingKey {
        case name, description
        case modeWidth = "mode_width"
        case modeHeight = "mode_height"
        case refreshMilliHz = "refresh_mhz"
        case scale, scale120
        case outputScale = "output_scale"
        case transform, x, y, width, height
        case isDefault = "default"
    }

    package init(
        name: String,
        description: String,
        modeWidth: Int,
        modeHeight: Int,
        refreshMilliHz: Int,
        scale: Double,
        scale120: Int,
        outputScale: Int,
        transform: String,
        x: Int,
        y: Int,
        width: Int,
        height: Int,
        isDefault: Bool
    ) {
        self.name = name
        self.description = description
        self.modeWidth = modeWidth
        self.modeHeight = modeHeight
        self.refreshMilliHz = refreshMilliHz
        self.scale = scale
        self.scale120 = scale120
        self.outputScale = outputScale
        self.transform = transform
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.isDefault = isDefault
    }
}

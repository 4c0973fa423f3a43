import DioramaModel

/// A display as `diorama ctl displays --json` lists it.
public struct ControlDisplayInfo: Codable, Hashable, Sendable {
    public var name: String
    public var description: String
    /// The panel in pixels (before rotation) and its refresh rate in mHz.
    public var modeWidth: Int
    public var modeHeight: Int
    public var refreshMilliHz: Int
    /// The fractional scale and the same in 120ths.
    public var scale: Double
    public var scale120: Int
    /// The integer `wl_output.scale` clients see.
    public var outputScale: Int
    /// As in layout files: `normal`, `90`, … `flipped-270`.
    public var transform: String
    /// The logical rectangle in global points.
    public var x: Int
    public var y: Int
    public var width: Int
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

    init(_ display: Display, isDefault: Bool) {
        let configuration = display.configuration
        name = configuration.name
        description = configuration.outputDescription
        modeWidth = configuration.mode.width
        modeHeight = configuration.mode.height
        refreshMilliHz = configuration.mode.refreshMilliHz
        scale = configuration.scale.doubleValue
        scale120 = configuration.scale.numerator120
        outputScale = display.outputScale
        transform = configuration.transform.name
        x = display.logicalRect.minX
        y = display.logicalRect.minY
        width = display.logicalRect.width
        height = display.logicalRect.height
        self.isDefault = isDefault
    }
}

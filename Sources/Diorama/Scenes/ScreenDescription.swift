import DioramaModel

/// What the compositor told us about one output, as a value: the input the
/// scene state is computed from. `Screen` is the object apps see.
public struct ScreenDescription: Sendable, Hashable {
    /// The output's name (`DP-1`, `HEADLESS-2`), from wl_output or xdg-output.
    public var name: String
    /// Position and size in the global logical space (points), from xdg-output.
    public var logicalBounds: Rect
    /// The mode in pixels.
    public var pixelSize: Size
    /// wl_output's integer scale.
    public var scale: Int
    /// The fractional scale, where the compositor offers one (the preferred
    /// scale of a surface entirely on this output), else nil.
    public var nativeScale: Scale?
    /// The rotation or flip from wl_output's geometry event.
    public var transform: OutputTransform
    /// Mode refresh in mHz (0 when unknown).
    public var refreshMilliHz: Int

    /// An output as the client core reports it (tests build their own).
    public init(
        name: String, logicalBounds: Rect, pixelSize: Size, scale: Int, nativeScale: Scale? = nil,
        transform: OutputTransform = .normal, refreshMilliHz: Int = 60_000
    ) {
        self.name = name
        self.logicalBounds = logicalBounds
        self.pixelSize = pixelSize
        self.scale = scale
        self.nativeScale = nativeScale
        self.transform = transform
        self.refreshMilliHz = refreshMilliHz
    }

    /// Frames per second the mode allows, rounded (UIKit's `maximumFramesPerSecond`).
    public var maximumFramesPerSecond: Int { refreshMilliHz > 0 ? (refreshMilliHz + 500) / 1000 : 60 }
}

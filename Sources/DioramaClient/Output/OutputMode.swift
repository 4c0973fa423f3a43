import DioramaModel

/// One display mode an output announced with `wl_output.mode`.
public struct OutputMode: Hashable, Sendable {
    /// The mode's size in hardware pixels (before the output's transform).
    public var pixels: Size
    /// Vertical refresh in mHz (60 Hz is 60000); 0 when it makes no sense (virtual outputs).
    public var refreshMilliHz: Int
    /// The output currently uses this mode.
    public var isCurrent: Bool
    /// The output's preferred mode.
    public var isPreferred: Bool

    public init(pixels: Size, refreshMilliHz: Int, isCurrent: Bool, isPreferred: Bool) {
        self.pixels = pixels
        self.refreshMilliHz = refreshMilliHz
        self.isCurrent = isCurrent
        self.isPreferred = isPreferred
    }
}

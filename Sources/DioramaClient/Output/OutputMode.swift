import DioramaModel

/// One display mode an output announced with `wl_output.mode`.
package struct OutputMode: Hashable, Sendable {
    /// The mode's size in hardware pixels (before the output's transform).
    package var pixels: Size
    /// Vertical refresh in mHz (60 Hz is 60000); 0 when it makes no sense (virtual outputs).
    package var refreshMilliHz: Int
    /// The output currently uses this mode.
    package var isCurrent: Bool
    /// The output's preferred mode.
    package var isPreferred: Bool

    package init(pixels: Size, refreshMilliHz: Int, isCurrent: Bool, isPreferred: Bool) {
        self.pixels = pixels
        self.refreshMilliHz = refreshMilliHz
        self.isCurrent = isCurrent
        self.isPreferred = isPreferred
    }
}

import DioramaClient
import DioramaModel

extension ScreenDescription {
    /// The screen an output is, as far as a client can tell: xdg-output's
    /// logical geometry when the compositor has it, else the geometry derived
    /// from the mode, scale and transform.
    ///
    /// `nativeScale` is the mode's pixels per logical point, from xdg-output's
    /// logical size: wl_output only carries the scale rounded up to a whole
    /// number (2 for a 1.5× display), and a surface's preferred scale exists
    /// only once a surface is on the output, so this ratio is the one fact
    /// that tells an app a display's fractional scale before it moves there.
    /// Without xdg-output it is nil (`Screen.nativeScale` is then `scale`).
    init(_ output: Output) {
        let info = output.info
        let logicalSize = info.hasXdgOutputGeometry ? info.logicalSize : info.derivedLogicalSize
        self.init(
            name: info.name ?? "output-\(info.globalName)",
            logicalBounds: Rect(origin: info.hasXdgOutputGeometry ? info.logicalPosition : info.position, size: logicalSize),
            pixelSize: info.modePixels, scale: max(1, info.scale),
            nativeScale: info.hasXdgOutputGeometry
                ? Self.nativeScale(modePixels: info.modePixels, logicalSize: logicalSize, transform: info.transform) : nil,
            transform: info.transform, refreshMilliHz: info.refreshMilliHz)
    }

    /// The mode's width in pixels over the logical width (after the transform
    /// turns the panel), in the protocol's 120ths: compositors round the logical
    /// size to whole points (1600 px at 1.5 is 1066 or 1067 points), so the
    /// nearest 120th is the scale they started from.
    static func nativeScale(modePixels: Size, logicalSize: Size, transform: OutputTransform) -> Scale? {
        let pixelWidth = transform.swapsAxes ? modePixels.height : modePixels.width
        guard pixelWidth > 0, logicalSize.width > 0 else { return nil }
        let numerator120 = (pixelWidth * Scale.denominator + logicalSize.width / 2) / logicalSize.width
        return numerator120 > 0 ? Scale(numerator120: numerator120) : nil
    }
}

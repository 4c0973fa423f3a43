import DioramaClient
import DioramaModel

extension ScreenDescription {
    /// The screen an output is, as far as a client can tell: xdg-output's
    /// logical geometry when the compositor has it, else the geometry derived
    /// from the mode, scale and transform. A client cannot learn an output's
    /// fractional scale except through a surface's preferred scale, so
    /// `nativeScale` stays nil here.
    init(_ output: Output) {
        let info = output.info
        let logicalSize = info.hasXdgOutputGeometry ? info.logicalSize : info.derivedLogicalSize
        self.init(
            name: info.name ?? "output-\(info.globalName)",
            logicalBounds: Rect(origin: info.hasXdgOutputGeometry ? info.logicalPosition : info.position, size: logicalSize),
            pixelSize: info.modePixels, scale: max(1, info.scale), nativeScale: nil,
            transform: info.transform, refreshMilliHz: info.refreshMilliHz)
    }
}

import DioramaModel

/// One output, as apps see it (UIKit's `UIScreen`).
///
/// `bounds` is in points (the output's logical size), `scale` is
/// wl_output's integer scale, `nativeScale` the fractional scale where the
/// compositor has one, `nativeBounds` the mode in pixels.
@MainActor
public final class Screen {
    public private(set) var description: ScreenDescription

    init(_ description: ScreenDescription) {
        self.description = description
    }

    func update(_ description: ScreenDescription) { self.description = description }

    public var name: String { description.name }
    public var bounds: Rect { description.logicalBounds }
    public var scale: Int { description.scale }
    public var nativeScale: Double { description.nativeScale?.doubleValue ?? Double(description.scale) }
    public var nativeBounds: Size { description.pixelSize }
    public var maximumFramesPerSecond: Int { description.maximumFramesPerSecond }
    public var transform: OutputTransform { description.transform }
}

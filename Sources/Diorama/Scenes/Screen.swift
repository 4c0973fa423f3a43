import DioramaModel

/// One output, as apps see it (UIKit's `UIScreen`).
///
/// `bounds` is in points (the output's logical size), `scale` is
/// wl_output's integer scale, `nativeScale` the fractional scale where the
/// compositor has one, `nativeBounds` the mode in pixels.
@MainActor
public final class Screen {
    /// What the compositor last said about the output.
    public private(set) var description: ScreenDescription

    init(_ description: ScreenDescription) {
        self.description = description
    }

    func update(_ description: ScreenDescription) { self.description = description }

    /// The output's name (`DP-1`, `HEADLESS-2`).
    public var name: String { description.name }
    /// Position and size in the global logical space, in points (UIKit's `bounds`).
    public var bounds: Rect { description.logicalBounds }
    /// wl_output's integer scale (UIKit's `scale`).
    public var scale: Int { description.scale }
    /// The fractional scale where the compositor offers one, else `scale` (UIKit's `nativeScale`).
    public var nativeScale: Double { description.nativeScale?.doubleValue ?? Double(description.scale) }
    /// The mode in pixels (UIKit's `nativeBounds`).
    public var nativeBounds: Size { description.pixelSize }
    /// Frames per second the mode allows, rounded.
    public var maximumFramesPerSecond: Int { description.maximumFramesPerSecond }
    /// How the output is rotated or flipped (wl_output's transform).
    public var transform: OutputTransform { description.transform }
}

/// Which way up the interface is, as in `UIInterfaceOrientation`.
///
/// Wayland has no device orientation; it has an output transform and an output size.
/// ``init(outputTransform:outputBounds:)`` derives the UIKit orientation from those two
/// with a fixed rule, documented there, so a scene's ``EffectiveGeometry`` changes
/// exactly when a user rotates a display.
public enum InterfaceOrientation: String, Hashable, Sendable, Codable, CaseIterable {
    /// No output, or an output with no size yet.
    case unknown
    /// Portrait, the device's top edge up.
    case portrait
    /// Portrait, the device's top edge down.
    case portraitUpsideDown
    /// Landscape with the device's top edge on the left (turned clockwise from
    /// portrait); UIKit's name follows the interface, not the device.
    case landscapeLeft
    /// Landscape with the device's top edge on the right (turned counter-clockwise
    /// from portrait). Diorama treats an unrotated landscape monitor as this
    /// orientation, the usual one for an iPad on a keyboard.
    case landscapeRight

    /// Whether the orientation is either portrait.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// Whether the orientation is either landscape.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }

    /// The orientations in the order a device passes through them turning clockwise.
    private static let clockwise: [InterfaceOrientation] = [.portrait, .landscapeLeft, .portraitUpsideDown, .landscapeRight]

    /// The orientation of content on an output.
    ///
    /// The rule:
    /// 1. `outputBounds` is the output's logical size as clients see it (after the
    ///    transform). Empty bounds give ``unknown``.
    /// 2. Undoing the transform's rotation (swapping width and height for 90° and 270°)
    ///    gives the panel's natural shape. A panel taller than wide is naturally
    ///    ``portrait`` (a tablet); otherwise, including square panels, it is naturally
    ///    ``landscapeRight`` (a monitor or laptop).
    /// 3. The transform rotates content counter-clockwise to make up for a panel
    ///    that is physically turned clockwise, so each quarter turn of the transform
    ///    moves one step clockwise through portrait → landscapeLeft →
    ///    portraitUpsideDown → landscapeRight, starting from the natural orientation.
    ///    Mirroring does not change the orientation.
    ///
    /// So a portrait tablet reports portrait, landscapeLeft, portraitUpsideDown and
    /// landscapeRight for transforms 0, 90, 180 and 270; a landscape monitor reports
    /// landscapeRight, portrait, landscapeLeft and portraitUpsideDown.
    public init(outputTransform: OutputTransform, outputBounds: Size) {
        guard !outputBounds.isEmpty else {
            self = .unknown
            return
        }
        let panel = outputTransform.swapsAxes ? outputBounds.transposed : outputBounds
        let natural = panel.height > panel.width ? 0 : 3
        self = Self.clockwise[(natural + outputTransform.quarterTurns) % 4]
    }

    /// The same rule for a raw `wl_output.transform` value; values outside 0…7 give
    /// ``unknown``.
    public init(wlOutputTransform value: Int, outputBounds: Size) {
        guard let transform = OutputTransform(rawValue: value) else {
            self = .unknown
            return
        }
        self.init(outputTransform: transform, outputBounds: outputBounds)
    }
}

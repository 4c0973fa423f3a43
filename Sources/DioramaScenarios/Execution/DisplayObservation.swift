import DioramaModel

/// A connected display as a backend sees it, for reports (the layout drawing) and
/// the timeline.
public struct DisplayObservation: Hashable, Sendable {
    public var name: String
    /// Where the display sits in the global logical space, and its logical size.
    public var logicalRect: Rect
    public var scale: Scale
    public var transform: OutputTransform

    public init(name: String, logicalRect: Rect, scale: Scale, transform: OutputTransform = .normal) {
        self.name = name
        self.logicalRect = logicalRect
        self.scale = scale
        self.transform = transform
    }
}

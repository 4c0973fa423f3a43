import DioramaModel

/// A connected display as a backend sees it, for reports (the layout drawing) and
/// the timeline.
package struct DisplayObservation: Hashable, Sendable {
    package var name: String
    /// Where the display sits in the global logical space, and its logical size.
    package var logicalRect: Rect
    package var scale: Scale
    package var transform: OutputTransform

    package init(name: String, logicalRect: Rect, scale: Scale, transform: OutputTransform = .normal) {
        self.name = name
        self.logicalRect = logicalRect
        self.scale = scale
        self.transform = transform
    }
}

import DioramaModel

/// A display a scenario describes itself: an inline `display …` line in the header,
/// or the display a `plug display …` step connects.
///
/// The fields are those of a display in a layout file (`Configs/displays/*.json`):
/// the mode is in pixels before any rotation, the position is the top-left corner in
/// the global logical space.
package struct DisplaySpec: Hashable, Sendable {
    package var name: String
    /// The mode's size in pixels, as the panel has it (before the transform).
    package var modeSize: Size
    /// The mode's refresh in mHz (`1920x1080@30` is 30000; 60 Hz when not given).
    package var refreshMilliHz: Int
    package var scale: Scale
    package var position: Point
    package var transform: OutputTransform
    /// Where the line naming the display starts (its name token).
    package var location: SourceLocation

    package init(
        name: String, modeSize: Size, refreshMilliHz: Int = DisplaySpec.defaultRefreshMilliHz, scale: Scale = .one,
        position: Point, transform: OutputTransform = .normal, location: SourceLocation
    ) {
        self.name = name
        self.modeSize = modeSize
        self.refreshMilliHz = refreshMilliHz
        self.scale = scale
        self.position = position
        self.transform = transform
        self.location = location
    }

    /// 60 Hz, a display's refresh unless its line or layout says otherwise.
    package static let defaultRefreshMilliHz = 60_000

    /// `TV 1920x1080 scale 1 at 0,1080`, with `@HZ` after the size when the
    /// refresh is not 60 Hz and ` transform 90` when rotated: the scenario syntax.
    package var syntax: String {
        let refresh = refreshMilliHz == Self.defaultRefreshMilliHz ? "" : "@" + Hertz.text(milliHz: refreshMilliHz)
        var text = "\(name) \(modeSize)\(refresh) scale \(scale) at \(position.x),\(position.y)"
        if transform != .normal { text += " transform \(transform.name)" }
        return text
    }
}

/// Where a scenario's starting displays come from.
package enum DisplaysSource: Hashable, Sendable {
    /// `displays: studio`: a layout file, by name (`Configs/displays/studio.json`) or
    /// by path (anything with a `/` or ending in `.json`, relative to the scenario).
    case layoutFile(NameReference)
    /// `display …` lines in the header.
    case inline([DisplaySpec])
}

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
        let refresh = refreshMilliHz == Self.defaultRefreshMilliHz ? "" : "@" + Self.hertzText(milliHz: refreshMilliHz)
        var text = "\(name) \(modeSize)\(refresh) scale \(scale) at \(position.x),\(position.y)"
        if transform != .normal { text += " transform \(transform.name)" }
        return text
    }

    /// Hertz as a scenario or `--refresh` writes them (`30`, `59.94`: digits
    /// with at most three decimals, what `wl_output.mode`'s mHz can carry) in
    /// mHz; nil when `text` is not such a number. The range is the caller's
    /// to check (``InputRanges/refreshMilliHz``).
    package static func milliHz(parsing text: Substring) -> Int? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts[0].count <= 7, parts.count == 1 || parts[1].count <= 3,
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }), let whole = Int(parts[0])
        else { return nil }
        let thousandths = parts.count == 2 ? Int(parts[1].padding(toLength: 3, withPad: "0", startingAt: 0)) ?? 0 : 0
        return whole * 1000 + thousandths
    }

    /// A refresh in mHz as the scenario writes it in hertz: `30`, `59.94`.
    package static func hertzText(milliHz: Int) -> String {
        let fraction = String(format: "%03d", milliHz % 1000).reversed().drop { $0 == "0" }.reversed()
        return "\(milliHz / 1000)" + (fraction.isEmpty ? "" : "." + String(fraction))
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

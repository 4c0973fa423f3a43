import DioramaControlProtocol
import DioramaModel
import Foundation

/// The displays a simulator starts with, in order: the first is the default
/// display new windows open on. Loaded from a JSON file in `Configs/displays/`
/// (format: `Docs/display-layout.md`) or built in code.
public struct DisplayLayout: Hashable, Sendable {
    /// The displays, in order; the first is the default display.
    public var displays: [DisplayConfiguration]

    /// A layout from values; call ``validate()`` (the simulator does) before use.
    public init(displays: [DisplayConfiguration]) {
        self.displays = displays
    }

    /// This layout with every display at `milliHz` instead of its own refresh
    /// (`--refresh` of `diorama run` and `diorama check`); nil keeps them.
    package func refreshing(at milliHz: Int?) -> DisplayLayout {
        guard let milliHz else { return self }
        var layout = self
        for index in layout.displays.indices { layout.displays[index].mode.refreshMilliHz = milliHz }
        return layout
    }

    /// Reads and validates a layout file.
    ///
    /// - Throws: ``DisplayLayoutError`` naming the file, line, display and field
    ///   for unreadable files, malformed JSON, unknown or mistyped fields and
    ///   every problem ``validate()`` finds.
    public static func load(contentsOf path: String) throws(DisplayLayoutError) -> DisplayLayout {
        let data: Data
        do {
            data = try RegularFileReader.read(path, as: .displayLayout)
        } catch {
            throw DisplayLayoutError(
                location: .startOfFile(path),
                problem: "cannot read the layout file (\(error)); \(error.oversizeFix ?? "check the path")")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw DisplayLayoutError(
                location: .startOfFile(path), problem: "cannot read the layout file (not UTF-8 text); save it as UTF-8")
        }
        return try parse(text, file: path)
    }

    /// Parses and validates layout JSON; `file` is only used in messages.
    public static func parse(_ text: String, file: String) throws(DisplayLayoutError) -> DisplayLayout {
        try DisplayLayoutReader.read(text, file: file)
    }

    /// The most displays a layout holds, at start and after hot-plugs: more
    /// than any desk or video wall has, while every display change, window
    /// move and output bind, which go over all displays, stays cheap. A
    /// layout file with more, or a `plug` beyond it, is refused.
    public static let maximumDisplayCount = 64

    /// A layout problem: which display (index) and field, and what is wrong.
    struct Problem {
        var displayIndex: Int?
        var field: String?
        var message: String
    }

    /// Checks what a file reader cannot check field by field: at least one
    /// display, unique names, every number inside ``InputRanges``, insets
    /// that fit, and logical rectangles that do not overlap.
    ///
    /// - Parameter firstNew: where the displays not yet checked begin: a
    ///   hot-plug adds one display to a layout already validated, so only
    ///   the new display's rectangle is compared with the others (the cost of
    ///   a plug grows with the number of displays, not with its square).
    public func validate(newFrom firstNew: Int = 0) throws(DisplayLayoutError) {
        if let problem = firstProblem(newFrom: firstNew) {
            throw DisplayLayoutError(
                display: problem.displayIndex.map(displayLabel),
                field: problem.field, problem: problem.message)
        }
    }

    /// The first problem in display order, so the same layout always reports the
    /// same error.
    func firstProblem(newFrom firstNew: Int = 0) -> Problem? {
        guard !displays.isEmpty else {
            return Problem(displayIndex: nil, field: "displays", message: "a layout needs at least one display")
        }
        guard displays.count <= Self.maximumDisplayCount else {
            return Problem(
                displayIndex: Self.maximumDisplayCount, field: nil,
                message:
                    "a layout holds at most \(Self.maximumDisplayCount) displays (DisplayLayout.maximumDisplayCount) and this would make \(displays.count); remove displays, or unplug one before plugging another"
            )
        }
        var seenNames: [String: Int] = [:]
        for (index, display) in displays.enumerated() {
            for (field, text) in [("name", display.name), ("make", display.make), ("model", display.model)] {
                if let message = DisplayConfiguration.textProblem(text, field: field) {
                    return Problem(displayIndex: index, field: field, message: message)
                }
            }
            if let first = seenNames[display.name] {
                return Problem(
                    displayIndex: index, field: "name",
                    message: "the name is already used by display #\(first + 1); every display needs its own name")
            }
            seenNames[display.name] = index
            if let problem = Self.rangeProblem(of: display, index: index) { return problem }
            if display.logicalSize.isEmpty {
                return Problem(
                    displayIndex: index, field: "scale",
                    message: "at scale \(display.scale) the display is \(display.logicalSize) logical points; lower the scale")
            }
            if display.usableArea.isEmpty {
                return Problem(
                    displayIndex: index, field: "usableInsets",
                    message: "the insets leave no usable area on a \(display.logicalSize) display; make them smaller")
            }
        }
        for (index, display) in displays.enumerated() where index >= firstNew {
            for (otherIndex, other) in displays.enumerated() where otherIndex < index {
                if let overlap = display.logicalRect.intersection(other.logicalRect) {
                    return Problem(
                        displayIndex: index, field: "position",
                        message:
                            "its logical rectangle \(describe(display.logicalRect)) overlaps display \"\(other.name)\" \(describe(other.logicalRect)) by \(overlap.size) points; move it, e.g. to x \(other.logicalRect.maxX)"
                    )
                }
            }
        }
        return nil
    }

    /// How messages name the display at `index`: its name, or `#2` (its
    /// place in the layout) when the name itself is unfit to print.
    func displayLabel(_ index: Int) -> String {
        let name = displays[index].name
        return DisplayConfiguration.textProblem(name, field: "name") == nil ? name : "#\(index + 1)"
    }

    /// The first number of `display` outside ``InputRanges``. Checked before
    /// any rectangle is computed, so that no later arithmetic can overflow.
    static func rangeProblem(of display: DisplayConfiguration, index: Int) -> Problem? {
        let checks: [(field: String, problem: String?)] = [
            ("mode.width", InputRanges.problem("mode.width", display.mode.width, in: InputRanges.side)),
            ("mode.height", InputRanges.problem("mode.height", display.mode.height, in: InputRanges.side)),
            ("mode.refreshMilliHz", InputRanges.problem("mode.refreshMilliHz", display.mode.refreshMilliHz, in: InputRanges.refreshMilliHz)),
            ("scale", InputRanges.scaleProblem("scale", display.scale.doubleValue)),
            ("position.x", InputRanges.problem("position.x", display.position.x, in: InputRanges.coordinate)),
            ("position.y", InputRanges.problem("position.y", display.position.y, in: InputRanges.coordinate)),
            ("physicalSizeMM.width", InputRanges.problem("physicalSizeMM.width", display.physicalSizeMM.width, in: InputRanges.physicalMillimetres)),
            ("physicalSizeMM.height", InputRanges.problem("physicalSizeMM.height", display.physicalSizeMM.height, in: InputRanges.physicalMillimetres)),
            ("usableInsets.top", InputRanges.problem("usableInsets.top", display.usableInsets.top, in: InputRanges.inset)),
            ("usableInsets.left", InputRanges.problem("usableInsets.left", display.usableInsets.left, in: InputRanges.inset)),
            ("usableInsets.bottom", InputRanges.problem("usableInsets.bottom", display.usableInsets.bottom, in: InputRanges.inset)),
            ("usableInsets.right", InputRanges.problem("usableInsets.right", display.usableInsets.right, in: InputRanges.inset)),
        ]
        guard let first = checks.first(where: { $0.problem != nil }), let message = first.problem else { return nil }
        return Problem(displayIndex: index, field: first.field, message: message)
    }

    /// `x,y WxH`, the way messages show logical rectangles.
    func describe(_ rect: Rect) -> String { "\(rect.minX),\(rect.minY) \(rect.size)" }

    /// The display called `name`, if any.
    public func display(named name: String) -> DisplayConfiguration? {
        displays.first { $0.name == name }
    }
}

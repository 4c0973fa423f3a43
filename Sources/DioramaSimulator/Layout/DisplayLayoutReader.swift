import DioramaControlProtocol
import DioramaModel

/// Turns layout-file JSON into a ``DisplayLayout``, reporting every problem
/// at the line and column of the field that causes it.
///
/// Unknown fields are errors rather than ignored, because a misspelt
/// `"scael": 2` that silently leaves a display at scale 1 would cost an
/// afternoon.
enum DisplayLayoutReader {
    static let topLevelFields = ["displays", "description"]
    static let displayFields = [
        "name", "make", "model", "mode", "scale", "transform", "position",
        "physicalSizeMM", "usableInsets",
    ]

    static func read(_ text: String, file: String) throws(DisplayLayoutError) -> DisplayLayout {
        let document: LocatedJSON
        do {
            document = try LocatedJSON.parse(text, file: file)
        } catch {
            throw DisplayLayoutError(location: error.location, problem: "malformed JSON: \(error.message)")
        }
        var context = Context(file: file)
        let layout = try context.readLayout(document)
        if let problem = layout.firstProblem() {
            throw DisplayLayoutError(
                location: context.location(of: problem),
                display: problem.displayIndex.map(layout.displayLabel),
                field: problem.field, problem: problem.message)
        }
        return layout
    }

    /// The state of one read: where each display's fields were, so problems
    /// found after reading (overlaps, duplicates) still point into the file.
    private struct Context {
        let file: String
        var displayLocations: [SourceLocation] = []
        var fieldLocations: [[String: SourceLocation]] = []
        var displaysLocation: SourceLocation?

        init(file: String) { self.file = file }

        func location(of problem: DisplayLayout.Problem) -> SourceLocation {
            guard let index = problem.displayIndex else { return displaysLocation ?? .startOfFile(file) }
            if let field = problem.field {
                // "mode.width" is found under its own path, else under "mode".
                if let exact = fieldLocations[index][field] { return exact }
                if let parent = field.split(separator: ".").first, let outer = fieldLocations[index][String(parent)] { return outer }
            }
            return displayLocations[index]
        }

        mutating func readLayout(_ document: LocatedJSON) throws(DisplayLayoutError) -> DisplayLayout {
            let members = try object(document, display: nil, field: nil, expected: "the layout: an object with a \"displays\" array")
            try rejectUnknown(members, known: DisplayLayoutReader.topLevelFields, display: nil)
            guard let displaysMember = members.first(where: { $0.key == "displays" }) else {
                throw DisplayLayoutError(
                    location: document.location, field: "displays",
                    problem: "the layout has no \"displays\" array; add one with at least one display")
            }
            displaysLocation = displaysMember.value.location
            guard case .array(let elements) = displaysMember.value.value else {
                throw DisplayLayoutError(
                    location: displaysMember.value.location, field: "displays",
                    problem: "expected an array of displays, found \(displaysMember.value.kindName)")
            }
            var displays: [DisplayConfiguration] = []
            for (index, element) in elements.enumerated() {
                displays.append(try readDisplay(element, index: index))
            }
            return DisplayLayout(displays: displays)
        }

        mutating func readDisplay(_ json: LocatedJSON, index: Int) throws(DisplayLayoutError) -> DisplayConfiguration {
            let members = try object(json, display: "#\(index + 1)", field: nil, expected: "a display object")
            // Name first, so every later error can name the display.
            let name: String
            if let nameMember = members.first(where: { $0.key == "name" }) {
                name = try string(nameMember.value, display: "#\(index + 1)", field: "name")
                // Checked before anything uses it: every later message names the display by it.
                if let problem = DisplayConfiguration.textProblem(name, field: "name") {
                    throw DisplayLayoutError(location: nameMember.value.location, display: "#\(index + 1)", field: "name", problem: problem)
                }
            } else {
                throw DisplayLayoutError(
                    location: json.location, display: "#\(index + 1)", field: "name",
                    problem: "the display has no name; add e.g. \"name\": \"DP-1\"")
            }
            try rejectUnknown(members, known: DisplayLayoutReader.displayFields, display: name)
            var fields: [String: SourceLocation] = [:]
            for member in members {
                fields[member.key] = member.value.location
                // "position.x" and the like: a problem with one number points at it.
                if case .object(let inner) = member.value.value {
                    for field in inner { fields[member.key + "." + field.key] = field.value.location }
                }
            }
            displayLocations.append(json.location)
            fieldLocations.append(fields)

            func member(_ key: String) -> LocatedJSON? { members.first { $0.key == key }?.value }

            guard let modeJSON = member("mode") else {
                throw DisplayLayoutError(
                    location: json.location, display: name, field: "mode",
                    problem: "the display has no mode; add e.g. \"mode\": {\"width\": 1920, \"height\": 1080, \"refreshMilliHz\": 60000}")
            }
            let modeMembers = try object(modeJSON, display: name, field: "mode", expected: "an object with width, height and refreshMilliHz")
            try rejectUnknown(modeMembers, known: ["width", "height", "refreshMilliHz"], display: name, prefix: "mode.")
            let mode = DisplayMode(
                width: try requiredInteger(modeMembers, "width", in: modeJSON, display: name, field: "mode.width"),
                height: try requiredInteger(modeMembers, "height", in: modeJSON, display: name, field: "mode.height"),
                refreshMilliHz: try optionalInteger(modeMembers, "refreshMilliHz", display: name, field: "mode.refreshMilliHz") ?? 60_000)

            var scale = Scale.one
            if let scaleJSON = member("scale") {
                scale = try readScale(scaleJSON, display: name)
            }
            var transform = OutputTransform.normal
            if let transformJSON = member("transform") {
                let text = try string(transformJSON, display: name, field: "transform")
                guard let parsed = OutputTransform(name: text) else {
                    let names = OutputTransform.allCases.map { "\"\($0.name)\"" }.joined(separator: ", ")
                    throw DisplayLayoutError(
                        location: transformJSON.location, display: name, field: "transform",
                        problem: "unknown transform \"\(text)\"; use one of \(names)")
                }
                transform = parsed
            }
            var position = Point.zero
            if let positionJSON = member("position") {
                let values = try pair(positionJSON, "x", "y", display: name, field: "position")
                position = Point(x: values.0, y: values.1)
            }
            var physical = Size.zero
            if let physicalJSON = member("physicalSizeMM") {
                let values = try pair(physicalJSON, "width", "height", display: name, field: "physicalSizeMM")
                physical = Size(width: values.0, height: values.1)
            }
            var insets = DisplayInsets.zero
            if let insetsJSON = member("usableInsets") {
                let insetMembers = try object(insetsJSON, display: name, field: "usableInsets", expected: "an object with top, left, bottom, right")
                try rejectUnknown(insetMembers, known: ["top", "left", "bottom", "right"], display: name, prefix: "usableInsets.")
                insets = DisplayInsets(
                    top: try optionalInteger(insetMembers, "top", display: name, field: "usableInsets.top") ?? 0,
                    left: try optionalInteger(insetMembers, "left", display: name, field: "usableInsets.left") ?? 0,
                    bottom: try optionalInteger(insetMembers, "bottom", display: name, field: "usableInsets.bottom") ?? 0,
                    right: try optionalInteger(insetMembers, "right", display: name, field: "usableInsets.right") ?? 0)
            }
            return DisplayConfiguration(
                name: name,
                make: try member("make").map { json throws(DisplayLayoutError) in try string(json, display: name, field: "make") } ?? "Diorama",
                model: try member("model").map { json throws(DisplayLayoutError) in try string(json, display: name, field: "model") } ?? "Virtual Display",
                mode: mode, scale: scale, transform: transform, position: position,
                physicalSizeMM: physical, usableInsets: insets)
        }

        /// A scale must be positive and a whole number of 120ths, because that is
        /// all fractional-scale-v1 can send.
        func readScale(_ json: LocatedJSON, display: String) throws(DisplayLayoutError) -> Scale {
            guard case .number(let text, let value) = json.value else {
                throw DisplayLayoutError(
                    location: json.location, display: display, field: "scale",
                    problem: "expected a number such as 1, 1.25 or 2, found \(json.kindName)")
            }
            guard value > 0 else {
                throw DisplayLayoutError(
                    location: json.location, display: display, field: "scale",
                    problem: "the scale is \(text); it must be greater than 0")
            }
            // Before the nearest multiples are worked out below: their
            // arithmetic only holds for scales in range (1e300 is not).
            if let problem = InputRanges.scaleProblem("scale", value) {
                throw DisplayLayoutError(location: json.location, display: display, field: "scale", problem: problem)
            }
            guard let scale = Scale(value) else {
                let below = max(1, Int((value * 120).rounded(.down)))
                let above = below + 1
                func decimal(_ numerator: Int) -> String {
                    let scale = Scale(numerator120: numerator)
                    let exact = scale.description
                    return exact.contains("/") ? "\(Double(Int((scale.doubleValue * 1e9).rounded())) / 1e9)" : exact
                }
                throw DisplayLayoutError(
                    location: json.location, display: display, field: "scale",
                    problem:
                        "\(text) is not a multiple of 1/120 (fractional-scale-v1 sends scales in 120ths); the nearest are \(decimal(below)) (\(below)/120) and \(decimal(above)) (\(above)/120)"
                )
            }
            return scale
        }

        func object(_ json: LocatedJSON, display: String?, field: String?, expected: String) throws(DisplayLayoutError) -> [LocatedJSON.Member] {
            guard case .object(let members) = json.value else {
                throw DisplayLayoutError(
                    location: json.location, display: display, field: field,
                    problem: "expected \(expected), found \(json.kindName)")
            }
            var seen: Set<String> = []
            for member in members where !seen.insert(member.key).inserted {
                throw DisplayLayoutError(
                    location: member.keyLocation, display: display, field: field.map { "\($0).\(member.key)" } ?? member.key,
                    problem: "the field appears twice; keep one")
            }
            return members
        }

        func rejectUnknown(_ members: [LocatedJSON.Member], known: [String], display: String?, prefix: String = "") throws(DisplayLayoutError) {
            for member in members where !known.contains(member.key) {
                throw DisplayLayoutError(
                    location: member.keyLocation, display: display, field: prefix + member.key,
                    problem: "unknown field; the known fields here are \(known.joined(separator: ", "))")
            }
        }

        func string(_ json: LocatedJSON, display: String, field: String) throws(DisplayLayoutError) -> String {
            guard case .string(let text) = json.value else {
                throw DisplayLayoutError(
                    location: json.location, display: display, field: field,
                    problem: "expected a string in double quotes, found \(json.kindName)")
            }
            return text
        }

        func integer(_ json: LocatedJSON, display: String, field: String) throws(DisplayLayoutError) -> Int {
            guard case .number(let text, let value) = json.value else {
                throw DisplayLayoutError(
                    location: json.location, display: display, field: field,
                    problem: "expected a whole number, found \(json.kindName)")
            }
            guard value == value.rounded(), abs(value) <= Double(Int32.max) else {
                throw DisplayLayoutError(
                    location: json.location, display: display, field: field,
                    problem: "expected a whole number within ±\(Int32.max), found \(text)")
            }
            return Int(value)
        }

        func requiredInteger(
            _ members: [LocatedJSON.Member], _ key: String, in parent: LocatedJSON,
            display: String, field: String
        ) throws(DisplayLayoutError) -> Int {
            guard let member = members.first(where: { $0.key == key }) else {
                throw DisplayLayoutError(
                    location: parent.location, display: display, field: field,
                    problem: "missing; add \"\(key)\": <whole number>")
            }
            return try integer(member.value, display: display, field: field)
        }

        func optionalInteger(
            _ members: [LocatedJSON.Member], _ key: String,
            display: String, field: String
        ) throws(DisplayLayoutError) -> Int? {
            guard let member = members.first(where: { $0.key == key }) else { return nil }
            return try integer(member.value, display: display, field: field)
        }

        /// An object of exactly two whole numbers, like `{"x": 0, "y": 0}`.
        func pair(
            _ json: LocatedJSON, _ first: String, _ second: String,
            display: String, field: String
        ) throws(DisplayLayoutError) -> (Int, Int) {
            let members = try object(json, display: display, field: field, expected: "an object with \"\(first)\" and \"\(second)\"")
            try rejectUnknown(members, known: [first, second], display: display, prefix: field + ".")
            return (
                try requiredInteger(members, first, in: json, display: display, field: "\(field).\(first)"),
                try requiredInteger(members, second, in: json, display: display, field: "\(field).\(second)")
            )
        }
    }
}

import DioramaModel

/// Why a display layout cannot be used: from a layout file (then it names the
/// file, line and column) or from a runtime change (move, rescale, plug) that
/// would break the layout.
///
/// The description reads like a compiler diagnostic:
/// `Configs/displays/dual.json:14:16: display "DP-2", field "scale": 1.3 is not a multiple of 1/120 …`
public struct DisplayLayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where in a file, when the layout came from one.
    public var location: SourceLocation?
    /// The display the problem is about, when there is one.
    public var display: String?
    /// The field of that display (`scale`, `position`, `mode.width`), when there is one.
    public var field: String?
    /// What is wrong and what to do about it.
    public var problem: String

    package init(location: SourceLocation? = nil, display: String? = nil, field: String? = nil, problem: String) {
        self.location = location
        self.display = display
        self.field = field
        self.problem = problem
    }

    public var description: String {
        var parts: [String] = []
        if let display { parts.append("display \"\(display)\"") }
        if let field { parts.append("field \"\(field)\"") }
        let subject = parts.isEmpty ? "" : parts.joined(separator: ", ") + ": "
        let prefix = location.map { "\($0): " } ?? ""
        return prefix + subject + problem
    }
}

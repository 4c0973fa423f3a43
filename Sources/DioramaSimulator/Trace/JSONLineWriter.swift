import DioramaModel

/// Writes one flat JSON object field by field, in the order fields are added,
/// so every trace line has the same shape (documented in `Docs/trace-format.md`).
struct JSONLineWriter {
    private(set) var text = "{"
    private var isFirst = true

    private mutating func key(_ name: String) {
        if !isFirst { text += "," }
        isFirst = false
        text += "\"" + name + "\":"
    }

    mutating func field(_ name: String, _ value: String) {
        key(name)
        text += Self.quoted(value)
    }

    mutating func field(_ name: String, _ value: String?) {
        guard let value else { return null(name) }
        field(name, value)
    }

    mutating func field<Number: BinaryInteger>(_ name: String, _ value: Number) {
        key(name)
        text += String(value)
    }

    mutating func field<Number: BinaryInteger>(_ name: String, _ value: Number?) {
        guard let value else { return null(name) }
        field(name, value)
    }

    mutating func field(_ name: String, _ value: Double) {
        key(name)
        text += value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    mutating func field(_ name: String, _ value: Bool) {
        key(name)
        text += value ? "true" : "false"
    }

    mutating func field(_ name: String, strings: [String]) {
        key(name)
        text += "[" + strings.map(Self.quoted).joined(separator: ",") + "]"
    }

    /// A nested object written by `body`, or null.
    mutating func object(_ name: String, _ body: ((inout JSONLineWriter) -> Void)?) {
        guard let body else { return null(name) }
        key(name)
        var nested = JSONLineWriter()
        body(&nested)
        text += nested.finished
    }

    mutating func null(_ name: String) {
        key(name)
        text += "null"
    }

    var finished: String { text + "}" }

    /// A JSON string literal (DioramaModel's one quoter, shared with the control protocol's encoder).
    static func quoted(_ value: String) -> String { JSONText.quoted(value) }
}

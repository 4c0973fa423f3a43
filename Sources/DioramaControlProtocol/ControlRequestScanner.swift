/// Reads the request lines scripts send most, flat objects of plain strings,
/// numbers and booleans (`{"command":"move","window":"id:3","display":"DP-2"}`),
/// or a batch array of them, straight into ``ControlRequestWire``.
///
/// Why it exists: Foundation's `JSONDecoder` takes about 2.5 µs per request
/// object here, almost as long as the move it asks for (3 µs), and was the
/// largest cost of a batched move over the control socket (profiled with
/// perf). The fields and their names are still the wire's `CodingKeys`; the
/// scanner only answers nil for anything it does not read itself (an escape
/// in a string, `null`, a nested array such as `keys`, a number out of range,
/// a value of the wrong type, malformed text), and the caller then decodes
/// the line with `JSONDecoder`, which also writes the error messages. So the
/// two always agree (`ControlRequestScannerTests` checks it line by line).
package struct ControlRequestScanner {
    private let bytes: [UInt8]
    private var index = 0

    private init(_ line: String) { bytes = Array(line.utf8) }

    /// The request on a line holding one flat object, or nil.
    package static func request(_ line: String) -> ControlRequestWire? {
        var scanner = ControlRequestScanner(line)
        guard let wire = scanner.object(), scanner.atEnd() else { return nil }
        return wire
    }

    /// The requests on a batch line (an array of flat objects), or nil.
    package static func batch(_ line: String) -> [ControlRequestWire]? {
        var scanner = ControlRequestScanner(line)
        guard scanner.take(UInt8(ascii: "[")) else { return nil }
        var wires: [ControlRequestWire] = []
        if scanner.take(UInt8(ascii: "]")) { return scanner.atEnd() ? wires : nil }
        repeat {
            guard let wire = scanner.object() else { return nil }
            wires.append(wire)
        } while scanner.take(UInt8(ascii: ","))
        guard scanner.take(UInt8(ascii: "]")), scanner.atEnd() else { return nil }
        return wires
    }

    /// A scalar value as the scanner reads it.
    fileprivate enum ScannedValue {
        case string(String)
        case integer(Int)
        case real(Double)
        case boolean(Bool)
    }

    private mutating func object() -> ControlRequestWire? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var wire = ControlRequestWire(command: "")
        var hasCommand = false
        if take(UInt8(ascii: "}")) { return nil }  // no command: JSONDecoder says so
        repeat {
            guard case .string(let name)? = value(), take(UInt8(ascii: ":")), let value = value() else { return nil }
            guard let key = ControlRequestWire.CodingKeys(stringValue: name) else { continue }  // ignored, as JSONDecoder does
            guard wire.set(key, value) else { return nil }
            if key == .command { hasCommand = true }
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")), hasCommand else { return nil }
        return wire
    }

    private mutating func value() -> ScannedValue? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "t"): return literal("true") ? .boolean(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .boolean(false) : nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        default: return nil
        }
    }

    /// A string without escapes or control characters.
    private mutating func string() -> ScannedValue? {
        index += 1
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                defer { index += 1 }
                return .string(String(decoding: bytes[start..<index], as: UTF8.self))
            case UInt8(ascii: "\\"), 0..<0x20: return nil
            default: index += 1
            }
        }
        return nil
    }

    /// A number as JSON spells it: an integer that fits `Int`, or a real.
    private mutating func number() -> ScannedValue? {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        var isReal = false
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): index += 1
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"):
                isReal = true
                index += 1
            case UInt8(ascii: "-") where isReal: index += 1
            default:
                return Self.number(String(decoding: bytes[start..<index], as: UTF8.self), isReal: isReal)
            }
        }
        return nil
    }

    private static func number(_ text: String, isReal: Bool) -> ScannedValue? {
        guard isJSONNumber(Array(text.utf8)) else { return nil }
        if isReal { return Double(text).map(ScannedValue.real) }
        return Int(text).map(ScannedValue.integer)
    }

    /// Whether `text` is a number as JSON spells it:
    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private static func isJSONNumber(_ text: [UInt8]) -> Bool {
        var at = 0
        func digits() -> Int {
            let start = at
            while at < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[at]) { at += 1 }
            return at - start
        }
        if at < text.count, text[at] == UInt8(ascii: "-") { at += 1 }
        let leadsWithZero = at < text.count && text[at] == UInt8(ascii: "0")
        let integerDigits = digits()
        guard integerDigits > 0, !(leadsWithZero && integerDigits > 1) else { return false }
        if at < text.count, text[at] == UInt8(ascii: ".") {
            at += 1
            guard digits() > 0 else { return false }
        }
        if at < text.count, text[at] == UInt8(ascii: "e") || text[at] == UInt8(ascii: "E") {
            at += 1
            if at < text.count, text[at] == UInt8(ascii: "+") || text[at] == UInt8(ascii: "-") { at += 1 }
            guard digits() > 0 else { return false }
        }
        return at == text.count
    }

    private mutating func literal(_ word: String) -> Bool {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, bytes[index..<(index + expected.count)].elementsEqual(expected) else { return false }
        index += expected.count
        return true
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func atEnd() -> Bool {
        skipWhitespace()
        return index == bytes.count
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }
}

private extension ControlRequestWire {
    /// Sets the field `key` names when `value` has the type JSONDecoder
    /// would accept for it; false otherwise (the caller falls back).
    mutating func set(_ key: CodingKeys, _ value: ControlRequestScanner.ScannedValue) -> Bool {
        switch (key, value) {
        case (.command, .string(let string)): command = string
        case (.window, .string(let string)): window = string
        case (.display, .string(let string)): display = string
        case (.text, .string(let string)): text = string
        case (.transform, .string(let string)): transform = string
        case (.make, .string(let string)): make = string
        case (.model, .string(let string)): model = string
        case (.path, .string(let string)): path = string
        case (.until, .string(let string)): until = string
        case (.type, .string(let string)): type = string
        case (.side, .string(let string)): side = string
        case (.x, .integer(let number)): x = number
        case (.y, .integer(let number)): y = number
        case (.width, .integer(let number)): width = number
        case (.height, .integer(let number)): height = number
        case (.steps, .integer(let number)): steps = number
        case (.refreshMilliHz, .integer(let number)): refreshMilliHz = number
        case (.timeoutMilliseconds, .integer(let number)): timeoutMilliseconds = number
        case (.since, .integer(let number)) where number >= 0: since = UInt64(number)
        case (.scale, .integer(let number)): scale = Double(number)
        case (.scale, .real(let number)): scale = number
        case (.enable, .boolean(let flag)): enable = flag
        case (.follow, .boolean(let flag)): follow = flag
        default: return false
        }
        return true
    }
}

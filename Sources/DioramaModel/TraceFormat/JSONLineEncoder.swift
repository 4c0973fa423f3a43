import Foundation

/// Writes one `Encodable` value as one line of compact JSON, streamed
/// straight into a byte buffer: the encoder both traces use
/// (`Docs/trace-format.md`), cheap enough for the simulator to run once per
/// protocol event. Foundation's `JSONEncoder` builds a tree of boxed values
/// and then serialises it; this one appends bytes as the value's
/// `encode(to:)` runs, so a trace line costs little more than its bytes
/// (measured in `Docs/performance.md`).
///
/// What it writes, and how it differs from `JSONEncoder` with default options:
/// - keys in the order `encode(to:)` writes them (trace lines start with
///   `v`, then the timestamp and `type`);
/// - `nil` as `null`, also through `encodeIfPresent`, so every line of a kind
///   has the same fields (readers decode either form);
/// - whole `Double`s below 10¹⁵ without a fraction (`2`, not `2.0`), other
///   numbers in Swift's shortest round-trip form; NaN and infinity throw
///   `EncodingError.invalidValue`, as JSON has no spelling for them;
/// - `Data` as a base64 string and `Date` as seconds since 2001 (the
///   `JSONEncoder` defaults, so session-file values read back the same way);
/// - `/` is not escaped.
///
/// Streaming puts one rule on `encode(to:)`: a nested container is finished
/// before its parent is written to again (every synthesized and hand-written
/// `encode(to:)` in Diorama does so; breaking it is a programming error and
/// stops with a precondition failure). A value that asks for the keyed
/// container of an encoder that already has one gets the same object (as
/// with `JSONEncoder`), which is how a trace line's common fields and its
/// record's fields share one object.
package struct JSONLineEncoder: Sendable {
    package init() {}

    /// `value` as JSON text followed by a newline.
    package func line<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        try JSONByteStream.encode(value) { bytes in
            bytes.append(UInt8(ascii: "\n")); return bytes
        }
    }

    /// `value` as JSON text, without a newline.
    package func string<Value: Encodable>(_ value: Value) throws -> String {
        try JSONByteStream.encode(value) { String(decoding: $0, as: UTF8.self) }
    }

    /// A JSON string literal for `text`: quotes, backslashes and control
    /// characters escaped (the one quoter every hand-assembled JSON line uses).
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``quoted(_:)``'s literal for `text` to `bytes`.
    package static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings (every key, most values) need no escape: copy them whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
            case 0..<0x20:
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0xF))
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}

/// What one encoding writes to: the output bytes and the objects and arrays
/// still open, innermost last.
private struct JSONStreamState {
    struct Frame {
        var isArray: Bool
        var hasMembers = false
    }

    var bytes: [UInt8] = []
    var frames: [Frame] = []
    /// True where a value (not a key or a separator) comes next.
    var expectsValue = true
    /// The frame the value being encoded opened, for a second request of its
    /// keyed container.
    var valueFrame = -1
}

/// The encoder behind ``JSONLineEncoder``. Its state lives behind a pointer
/// rather than in a class: the encoder and its containers are copied freely,
/// and a class's stored properties would pay a run-time exclusivity check on
/// every write (a third of the time of a trace line, measured). The state
/// lives only while ``encode(_:finish:)`` runs, as an encoder does only
/// while `encode(to:)` runs.
private struct JSONByteStream: Encoder {
    let state: UnsafeMutablePointer<JSONStreamState>

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func encode<Value: Encodable, Result>(
        _ value: Value,
        finish: (inout [UInt8]) throws -> Result
    ) throws -> Result {
        let state = UnsafeMutablePointer<JSONStreamState>.allocate(capacity: 1)
        state.initialize(to: JSONStreamState())
        defer {
            state.deinitialize(count: 1)
            state.deallocate()
        }
        state.pointee.bytes.reserveCapacity(256)
        state.pointee.frames.reserveCapacity(4)
        try JSONByteStream(state: state).encodeValue(value)
        return try finish(&state.pointee.bytes)
    }

    /// Writes one whole value, closing whatever containers it opened.
    func encodeValue<Value: Encodable>(_ value: Value) throws {
        let depth = state.pointee.frames.count
        let outerValueFrame = state.pointee.valueFrame
        state.pointee.expectsValue = true
        if Value.self == Data.self {
            writeString((value as! Data).base64EncodedString())
        } else if Value.self == Date.self {
            try writeDouble((value as! Date).timeIntervalSinceReferenceDate)
        } else {
            try value.encode(to: self)
        }
        if state.pointee.expectsValue { writeScalar("{}") }
        close(downTo: depth)
        state.pointee.valueFrame = outerValueFrame
    }

    /// Ends the containers above `depth` (they are finished once something
    /// outside them is written).
    func close(downTo depth: Int) {
        while state.pointee.frames.count > depth {
            let frame = state.pointee.frames.removeLast()
            state.pointee.bytes.append(frame.isArray ? UInt8(ascii: "]") : UInt8(ascii: "}"))
        }
    }

    /// Opens an object or array where a value is expected.
    func open(isArray: Bool) -> Int {
        precondition(state.pointee.expectsValue, "JSONLineEncoder: a container was requested where no value goes")
        state.pointee.bytes.append(isArray ? UInt8(ascii: "[") : UInt8(ascii: "{"))
        state.pointee.frames.append(JSONStreamState.Frame(isArray: isArray))
        state.pointee.expectsValue = false
        return state.pointee.frames.count - 1
    }

    /// Prepares frame `index` for its next member: closes finished nested
    /// containers and writes the separator.
    func beginMember(of index: Int) {
        precondition(
            index < state.pointee.frames.count,
            "JSONLineEncoder: a container was written to after its parent moved on")
        close(downTo: index + 1)
        if state.pointee.frames[index].hasMembers {
            state.pointee.bytes.append(UInt8(ascii: ","))
        } else {
            state.pointee.frames[index].hasMembers = true
        }
        state.pointee.expectsValue = true
    }

    func writeKey(_ key: some CodingKey, in index: Int) {
        writeKey(named: key.stringValue, in: index)
    }

    func writeKey(named name: String, in index: Int) {
        beginMember(of: index)
        JSONLineEncoder.appendQuoted(name, to: &state.pointee.bytes)
        state.pointee.bytes.append(UInt8(ascii: ":"))
    }

    func writeScalar(_ text: StaticString) {
        state.pointee.bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        state.pointee.expectsValue = false
    }

    func writeString(_ text: String) {
        JSONLineEncoder.appendQuoted(text, to: &state.pointee.bytes)
        state.pointee.expectsValue = false
    }

    func writeBool(_ value: Bool) { writeScalar(value ? "true" : "false") }
    func writeNull() { writeScalar("null") }

    /// Decimal digits straight into the output, without a String in between.
    func writeInteger(_ value: some BinaryInteger) {
        // Two's complement: 0 &- Int64.min is itself, whose bit pattern is its magnitude.
        var magnitude = value < 0 ? UInt64(bitPattern: 0 &- Int64(truncatingIfNeeded: value)) : UInt64(truncatingIfNeeded: value)
        if value < 0 { state.pointee.bytes.append(UInt8(ascii: "-")) }
        let start = state.pointee.bytes.count
        repeat {
            state.pointee.bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        state.pointee.bytes[start...].reverse()
        state.pointee.expectsValue = false
    }

    func writeDouble(_ value: Double) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "JSON has no spelling for \(value)"))
        }
        if value == value.rounded(), abs(value) < 1e15 {
            writeInteger(Int64(value))
        } else {
            state.pointee.bytes.append(contentsOf: String(value).utf8)
            state.pointee.expectsValue = false
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if state.pointee.expectsValue {
            state.pointee.valueFrame = open(isArray: false)
        } else {
            let frame = state.pointee.valueFrame
            precondition(
                frame >= 0 && frame < state.pointee.frames.count && !state.pointee.frames[frame].isArray,
                "JSONLineEncoder: a keyed container was requested after a value was written")
        }
        return KeyedEncodingContainer(JSONKeyedStream<Key>(stream: self, frame: state.pointee.valueFrame))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        JSONUnkeyedStream(stream: self, frame: open(isArray: true))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { JSONSingleValueStream(stream: self) }
}

private struct JSONKeyedStream<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let stream: JSONByteStream
    let frame: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { stream.writeKey(key, in: frame); stream.writeNull() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { stream.writeKey(key, in: frame); stream.writeBool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { stream.writeKey(key, in: frame); stream.writeString(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { stream.writeKey(key, in: frame); try stream.writeDouble(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { stream.writeKey(key, in: frame); try stream.writeDouble(Double(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { stream.writeKey(key, in: frame); stream.writeInteger(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { stream.writeKey(key, in: frame); stream.writeInteger(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { stream.writeKey(key, in: frame); stream.writeInteger(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { stream.writeKey(key, in: frame); stream.writeInteger(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { stream.writeKey(key, in: frame); stream.writeInteger(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { stream.writeKey(key, in: frame); stream.writeInteger(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { stream.writeKey(key, in: frame); stream.writeInteger(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { stream.writeKey(key, in: frame); stream.writeInteger(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { stream.writeKey(key, in: frame); stream.writeInteger(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { stream.writeKey(key, in: frame); stream.writeInteger(value) }
    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        stream.writeKey(key, in: frame)
        try stream.encodeValue(value)
    }

    // nil is written as null rather than left out, so every line of a kind
    // has the same fields (see the type's documentation).
    private mutating func present<Value: Encodable>(_ value: Value?, _ key: Key) throws {
        guard let value else { return try encodeNil(forKey: key) }
        try encode(value, forKey: key)
    }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent<Value: Encodable>(_ value: Value?, forKey key: Key) throws { try present(value, key) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        stream.writeKey(key, in: frame)
        return KeyedEncodingContainer(JSONKeyedStream<NestedKey>(stream: stream, frame: stream.open(isArray: false)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        stream.writeKey(key, in: frame)
        return JSONUnkeyedStream(stream: stream, frame: stream.open(isArray: true))
    }

    mutating func superEncoder() -> any Encoder {
        stream.writeKey(named: "super", in: frame)
        return stream
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        stream.writeKey(key, in: frame)
        return stream
    }
}

private struct JSONUnkeyedStream: UnkeyedEncodingContainer {
    let stream: JSONByteStream
    let frame: Int
    private(set) var count = 0
    var codingPath: [any CodingKey] { [] }

    init(stream: JSONByteStream, frame: Int) {
        self.stream = stream
        self.frame = frame
    }

    private mutating func next() {
        stream.beginMember(of: frame)
        count += 1
    }

    mutating func encodeNil() throws { next(); stream.writeNull() }
    mutating func encode(_ value: Bool) throws { next(); stream.writeBool(value) }
    mutating func encode(_ value: String) throws { next(); stream.writeString(value) }
    mutating func encode(_ value: Double) throws { next(); try stream.writeDouble(value) }
    mutating func encode(_ value: Float) throws { next(); try stream.writeDouble(Double(value)) }
    mutating func encode(_ value: Int) throws { next(); stream.writeInteger(value) }
    mutating func encode(_ value: Int8) throws { next(); stream.writeInteger(value) }
    mutating func encode(_ value: Int16) throws { next(); stream.writeInteger(value) }
    mutating func encode(_ value: Int32) throws { next(); stream.writeInteger(value) }
    mutating func encode(_ value: Int64) throws { next(); stream.writeInteger(value) }
    mutating func encode(_ value: UInt) throws { next(); stream.writeInteger(value) }
    mutating func encode(_ value: UInt8) throws { next(); stream.writeInteger(value) }
    mutating func encode(_ value: UInt16) throws { next(); stream.writeInteger(value) }
    mutating func encode(_ value: UInt32) throws { next(); stream.writeInteger(value) }
    mutating func encode(_ value: UInt64) throws { next(); stream.writeInteger(value) }
    mutating func encode<Value: Encodable>(_ value: Value) throws { next(); try stream.encodeValue(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        next()
        return KeyedEncodingContainer(JSONKeyedStream<NestedKey>(stream: stream, frame: stream.open(isArray: false)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        next()
        return JSONUnkeyedStream(stream: stream, frame: stream.open(isArray: true))
    }

    mutating func superEncoder() -> any Encoder {
        next()
        return stream
    }
}

private struct JSONSingleValueStream: SingleValueEncodingContainer {
    let stream: JSONByteStream
    var codingPath: [any CodingKey] { [] }

    private func check() {
        precondition(stream.state.pointee.expectsValue, "JSONLineEncoder: a single value was written twice")
    }

    mutating func encodeNil() throws { check(); stream.writeNull() }
    mutating func encode(_ value: Bool) throws { check(); stream.writeBool(value) }
    mutating func encode(_ value: String) throws { check(); stream.writeString(value) }
    mutating func encode(_ value: Double) throws { check(); try stream.writeDouble(value) }
    mutating func encode(_ value: Float) throws { check(); try stream.writeDouble(Double(value)) }
    mutating func encode(_ value: Int) throws { check(); stream.writeInteger(value) }
    mutating func encode(_ value: Int8) throws { check(); stream.writeInteger(value) }
    mutating func encode(_ value: Int16) throws { check(); stream.writeInteger(value) }
    mutating func encode(_ value: Int32) throws { check(); stream.writeInteger(value) }
    mutating func encode(_ value: Int64) throws { check(); stream.writeInteger(value) }
    mutating func encode(_ value: UInt) throws { check(); stream.writeInteger(value) }
    mutating func encode(_ value: UInt8) throws { check(); stream.writeInteger(value) }
    mutating func encode(_ value: UInt16) throws { check(); stream.writeInteger(value) }
    mutating func encode(_ value: UInt32) throws { check(); stream.writeInteger(value) }
    mutating func encode(_ value: UInt64) throws { check(); stream.writeInteger(value) }
    mutating func encode<Value: Encodable>(_ value: Value) throws { check(); try stream.encodeValue(value) }
}

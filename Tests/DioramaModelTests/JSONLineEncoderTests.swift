import DioramaModel
import Foundation
import Testing

/// The streaming encoder both traces are written with: valid JSON that
/// Foundation's decoder reads back to the same value, for every container
/// shape a `Codable` type can produce.
@Suite struct JSONLineEncoderTests {
    struct Inner: Codable, Hashable {
        var name: String
        var values: [Double]
        var flag: Bool?
    }

    struct Outer: Codable, Hashable {
        var id: UInt64
        var negative: Int8
        var inner: Inner
        var inners: [Inner]
        var missing: Inner?
        var matrix: [[Int]]
        var table: [String: Int]
        var blob: Data
        var when: Date
    }

    /// Writes its fields through nested containers rather than nested values,
    /// the other way `encode(to:)` can build an object.
    struct Nested: Encodable {
        enum Keys: String, CodingKey { case first, point, list, last }
        enum PointKeys: String, CodingKey { case x, y }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .first)
            var point = container.nestedContainer(keyedBy: PointKeys.self, forKey: .point)
            try point.encode(0.5, forKey: .x)
            try point.encodeNil(forKey: .y)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode("a")
            var pair = list.nestedUnkeyedContainer()
            try pair.encode(true)
            try pair.encode(false)
            try container.encode("end", forKey: .last)
        }
    }

    @Test func nestedValuesReadBackThroughJSONDecoder() throws {
        let value = Outer(
            id: .max, negative: -128, inner: Inner(name: "a \"b\"\\ c\n\t\u{1}é/", values: [0, -1.5, 1e-7, 3e20], flag: nil),
            inners: [Inner(name: "", values: [], flag: true)], missing: nil, matrix: [[], [1, 2]],
            table: ["k": 1], blob: Data([0, 255, 7]), when: Date(timeIntervalSinceReferenceDate: 12.25))
        let line = try JSONLineEncoder().line(value)
        #expect(line.last == UInt8(ascii: "\n") && line.dropLast().allSatisfy { $0 != UInt8(ascii: "\n") }, "one line")
        #expect(try JSONDecoder().decode(Outer.self, from: Data(line)) == value)
    }

    @Test func keysInOrderNilAsNullWholeNumbersWithoutFraction() throws {
        #expect(
            try JSONLineEncoder().string(Inner(name: "x", values: [2, 0.25], flag: nil))
                == #"{"name":"x","values":[2,0.25],"flag":null}"#)
        #expect(
            try JSONLineEncoder().string(Nested())
                == #"{"first":1,"point":{"x":0.5,"y":null},"list":["a",[true,false]],"last":"end"}"#)
        #expect(JSONLineEncoder.quoted("q\"\u{1F}") == #""q\"\u001f""#)
    }

    @Test func numbersJSONCannotSpellAreAnError() {
        #expect(throws: EncodingError.self) { try JSONLineEncoder().line(Inner(name: "x", values: [.nan], flag: nil)) }
        #expect(throws: EncodingError.self) { try JSONLineEncoder().line([Double.infinity]) }
    }
}

import DioramaModel
import Foundation
import Testing

@Suite("Scale in 120ths")
struct ScaleTests {
    @Test("stored exactly as a numerator over 120")
    func exactStorage() throws {
        #expect(Scale(numerator120: 180).doubleValue == 1.5)
        #expect(try #require(Scale(1.5)).numerator120 == 180)
        #expect(try #require(Scale(1.25)).numerator120 == 150)
        #expect(try #require(Scale(1.75)).numerator120 == 210)
        #expect(try #require(Scale(1.0 / 3.0)).numerator120 == 40)
        #expect(Scale(integer: 2) == Scale(numerator120: 240))
        #expect(Scale(numerator120: 240).isInteger)
        #expect(!Scale(numerator120: 150).isInteger)
    }

    @Test(
        "a Double converts only when it is a multiple of 1/120 within 1e-9",
        arguments: [1.33, 1.0001, 0.004, 0, -1.5, .nan, .infinity, 1.5 + 1e-6])
    func inexactDoublesAreRejected(value: Double) {
        #expect(Scale(value) == nil)
    }

    @Test("tiny floating-point error is tolerated")
    func nearlyExact() {
        #expect(Scale(1.5 + 1e-12)?.numerator120 == 180)
        #expect(Scale(0.1 + 0.2)?.numerator120 == 36)  // 0.30000000000000004
    }

    @Test("wire values: zero and absurd values are refused, not trapped on")
    func wireValues() {
        #expect(Scale(wireValue: 0) == nil)
        #expect(Scale(wireValue: UInt32.max) == nil)
        #expect(Scale(wireValue: 150)?.doubleValue == 1.25)
        #expect(Scale(integer: 0) == nil)
        #expect(Scale(integer: -2) == nil)
    }

    @Test(
        "ceil and round to whole numbers",
        arguments: [
            (120, 1, 1), (150, 2, 1), (180, 2, 2), (210, 2, 2), (240, 2, 2), (60, 1, 1), (30, 1, 1), (300, 3, 3), (270, 3, 2),
        ])
    func ceilAndRound(numerator: Int, ceil: Int, round: Int) {
        let scale = Scale(numerator120: numerator)
        #expect(scale.ceil() == ceil)
        #expect(scale.round() == round)
    }

    @Test("fractional-scale-v1 example: 100x50 at 1.5 is a 150x75 buffer")
    func specExample() {
        let scale = Scale(numerator120: 180)
        #expect(scale.pixels(forLogical: 100) == 150)
        #expect(scale.pixels(forLogical: 50) == 75)
    }

    @Test(
        "pixels round halfway away from zero",
        arguments: [
            // (numerator120, logical, pixels)
            (150, 100, 125), (150, 101, 126), (150, 99, 124), (150, 2, 3), (150, 1, 1), (150, 1366, 1708),
            (210, 100, 175), (210, 101, 177), (210, 2, 4), (210, 3, 5), (210, 1, 2), (210, 1180, 2065),
            (180, 101, 152), (180, 1, 2), (180, 3, 5), (180, 0, 0), (180, -3, -5),
        ])
    func rounding(numerator: Int, logical: Int, pixels: Int) {
        #expect(Scale(numerator120: numerator).pixels(forLogical: logical) == pixels)
    }

    @Test("integer pixels agree with rounding the exact product", arguments: [150, 180, 210, 90, 300])
    func agreesWithExactProduct(numerator: Int) {
        // n/120 for these numerators is a multiple of 1/4, exact in binary floating point,
        // so the Double product is exact and its rounding is a trustworthy oracle.
        let scale = Scale(numerator120: numerator)
        for logical in 0...3000 {
            let expected = Int((Double(logical) * scale.doubleValue).rounded(.toNearestOrAwayFromZero))
            #expect(scale.pixels(forLogical: logical) == expected, "logical \(logical)")
        }
    }

    @Test("integer scales multiply exactly")
    func integerScales() throws {
        for factor in 1...4 {
            let scale = try #require(Scale(integer: factor))
            for logical in [0, 1, 7, 1180, 1366] {
                #expect(scale.pixels(forLogical: logical) == logical * factor)
            }
        }
    }

    @Test(
        "description is a short decimal",
        arguments: [
            (120, "1"), (240, "2"), (150, "1.25"), (180, "1.5"), (210, "1.75"), (40, "40/120"), (126, "1.05"),
        ])
    func description(numerator: Int, text: String) {
        #expect(Scale(numerator120: numerator).description == text)
    }

    @Test("Codable keeps the exact numerator and refuses zero")
    func codable() throws {
        let data = try JSONEncoder().encode([Scale(numerator120: 150)])
        #expect(String(decoding: data, as: UTF8.self) == "[150]")
        #expect(try JSONDecoder().decode([Scale].self, from: data) == [Scale(numerator120: 150)])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Scale].self, from: Data("[0]".utf8)) }
    }
}

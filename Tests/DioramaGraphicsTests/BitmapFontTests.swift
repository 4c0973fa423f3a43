import DioramaGraphics
import DioramaModel
import Testing

@Suite("Bitmap font")
struct BitmapFontTests {
    private let font = BitmapFont.standard

    @Test("every printable ASCII character has its own glyph, all distinct, only space blank")
    func glyphsAreDistinct() {
        var seen: [[UInt8]: Character] = [:]
        for code in UInt8(32)...126 {
            let character = Character(Unicode.Scalar(code))
            #expect(font.hasGlyph(for: character))
            let rows = Array(font.glyphRows(for: character))
            #expect(rows.count == 8)
            #expect(rows.allSatisfy { $0 < 32 }, "glyph \(character) is wider than 5 columns")
            if character == " " {
                #expect(rows.allSatisfy { $0 == 0 })
            } else {
                #expect(rows.contains { $0 != 0 }, "glyph \(character) is blank")
            }
            if let twin = seen[rows] {
                Issue.record("\(character) looks exactly like \(twin)")
            }
            seen[rows] = character
        }
        // Only the descender letters and marks use the last row.
        let descenders = Set("gjpqy,_")
        for code in UInt8(33)...126 {
            let character = Character(Unicode.Scalar(code))
            #expect(
                (font.glyphRows(for: character).last! != 0) == descenders.contains(character),
                "descender row of \(character)")
        }
    }

    @Test("characters outside printable ASCII draw as a hollow box")
    func missingGlyphsAreBoxes() {
        let box: [UInt8] = [0b11111, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b11111, 0]
        for character: Character in ["é", "→", "\t", "👍🏽", "\u{7F}"] {
            #expect(!font.hasGlyph(for: character))
            #expect(Array(font.glyphRows(for: character)) == box)
        }
    }

    @Test("measure: cells without trailing spacing, lines without trailing leading")
    func measure() {
        #expect(font.measure("") == .zero)
        #expect(font.measure("A") == Size(width: 5, height: 8))
        #expect(font.measure("AB") == Size(width: 11, height: 8))
        #expect(font.measure("AB", scale: 3) == Size(width: 33, height: 24))
        #expect(font.measure("ABC\nD") == Size(width: 17, height: 17))
        #expect(font.measure("é👍🏽") == Size(width: 11, height: 8), "one cell per grapheme")
        #expect(font.measure("\n") == Size(width: 0, height: 17))
    }

    /// The buffer as text: `#` for `ink`, `.` for anything else.
    private func picture(_ buffer: PixelBuffer, ink: PixelColor) -> [String] {
        (0..<buffer.height).map { y in
            String((0..<buffer.width).map { x in buffer[x, y] == ink ? "#" : "." })
        }
    }

    @Test("drawing puts exactly the glyph's pixels at the origin, one cell per advance")
    func drawsGlyphPixels() {
        var buffer = PixelBuffer(width: 14, height: 10)
        buffer.draw("Ag", at: Point(x: 2, y: 1), color: .white)
        #expect(
            picture(buffer, ink: .white) == [
                "..............",
                "...###........",
                "..#...#.......",
                "..#...#..####.",
                "..#####.#...#.",
                "..#...#.#...#.",
                "..#...#..####.",
                "..#...#.....#.",
                ".........###..",
                "..............",
            ])
    }

    @Test("scale turns each glyph pixel into a square block; newlines return to the left edge")
    func scaledAndMultiline() {
        var buffer = PixelBuffer(width: 12, height: 30)
        buffer.draw("1\n-", at: Point(x: 1, y: 0), color: .red, scale: 2)
        var expected = [String](repeating: String(repeating: ".", count: 12), count: 30)
        let one = ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###.", "....."]
        let dash = [".....", ".....", ".....", "#####", ".....", ".....", ".....", "....."]
        for (glyph, top) in [(one, 0), (dash, 18)] {
            for (row, bits) in glyph.enumerated() {
                for (column, bit) in bits.enumerated() where bit == "#" {
                    for y in (top + row * 2)..<(top + row * 2 + 2) where y < 30 {
                        var line = Array(expected[y])
                        line[1 + column * 2] = "#"
                        line[2 + column * 2] = "#"
                        expected[y] = String(line)
                    }
                }
            }
        }
        #expect(picture(buffer, ink: .red) == expected)
    }

    @Test("text is clipped at the image edges and blends over what is there")
    func clippedAndBlended() {
        var buffer = PixelBuffer(width: 3, height: 3, filledWith: .red)
        let halfWhite = PixelColor(red: 255, green: 255, blue: 255, alpha: 128)
        buffer.draw("#", at: Point(x: -2, y: -2), color: halfWhite)
        // '#' rows 2-4 columns 2-4 land on 0-2; its ink there: "###" / ".#." / "###".
        let blended = halfWhite.composited(over: .red)
        #expect(
            rows(of: buffer) == [
                [blended.argb, blended.argb, blended.argb],
                [PixelColor.red.argb, blended.argb, PixelColor.red.argb],
                [blended.argb, blended.argb, blended.argb],
            ])
        var untouched = PixelBuffer(width: 3, height: 3)
        untouched.draw("far away", at: Point(x: 100, y: -100), color: .white)
        untouched.draw("", at: .zero, color: .white)
        #expect(untouched == PixelBuffer(width: 3, height: 3))
    }
}

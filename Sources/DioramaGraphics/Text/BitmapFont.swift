import DioramaModel

/// A tiny fixed-width bitmap font for labels in sample apps, test patterns and
/// screenshots: printable ASCII (32…126), 5x8-pixel glyphs on a 6x9 grid.
///
/// Text is drawn one device pixel per glyph pixel times an integer `scale`, never
/// smoothed, so a label rendered for the wrong display scale looks visibly doubled or
/// blurred in a screenshot. Each user-perceived character (grapheme) takes one cell;
/// one the font lacks (`é`, `→`, a tab) draws a hollow box. `"\n"` starts a new line.
public struct BitmapFont: Sendable {
    /// Ink columns per glyph.
    public let glyphWidth = 5
    /// Rows per glyph, descender row included.
    public let glyphHeight = 8
    /// Pixels from one character's left edge to the next (one pixel of spacing).
    public let advance = 6
    /// Pixels from one line's top to the next (one pixel of leading).
    public let lineHeight = 9

    /// The first code point the font covers; the box glyph sits at `127`.
    private static let firstCode = 32
    private static let boxCode = 127
    /// Row bits, 8 per glyph from code 32 to 127; bit 4 is the leftmost column.
    private let rows: [UInt8]

    /// The built-in font.
    public static let standard = BitmapFont(sheet: BitmapFontSheet.text)

    /// Parses a sheet in the layout ``BitmapFontSheet`` documents. The sheet is part of
    /// the program, so a malformed one is a programming error and traps with the
    /// band, row and cell at fault.
    init(sheet: String) {
        let lines = sheet.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        let bands = (Self.boxCode + 1 - Self.firstCode) / 16
        precondition(lines.count >= bands * 9, "font sheet has \(lines.count) lines, needs \(bands * 9)")
        var rows: [UInt8] = []
        rows.reserveCapacity(bands * 16 * 8)
        for band in 0..<bands {
            let label = lines[band * 9]
            for cell in 0..<16 {
                let code = Self.firstCode + band * 16 + cell
                if code > 32 && code < Self.boxCode {
                    let column = cell * 6 + 2
                    precondition(
                        column < label.count && label[column] == Character(Unicode.Scalar(UInt8(code))),
                        "font sheet band \(band) labels cell \(cell) wrongly; expected \(Character(Unicode.Scalar(UInt8(code))))")
                }
                for row in 0..<8 {
                    let line = lines[band * 9 + 1 + row]
                    var bits: UInt8 = 0
                    for column in 0..<5 {
                        let index = cell * 6 + column
                        precondition(
                            index < line.count && (line[index] == "#" || line[index] == "."),
                            "font sheet band \(band) row \(row) cell \(cell) column \(column) is not # or .")
                        if line[index] == "#" { bits |= 1 << (4 - column) }
                    }
                    rows.append(bits)
                }
            }
        }
        self.rows = rows
    }

    /// Whether `character` has its own glyph (otherwise it draws as a box).
    public func hasGlyph(for character: Character) -> Bool {
        glyphCode(for: character) != Self.boxCode
    }

    /// The eight row bitmasks of `character`'s glyph (the box for missing ones); bit 4
    /// is the leftmost column.
    public func glyphRows(for character: Character) -> ArraySlice<UInt8> {
        let start = (glyphCode(for: character) - Self.firstCode) * 8
        return rows[start..<(start + 8)]
    }

    /// The size of the ink box of `text` drawn at `scale`: the widest line's cells
    /// without the spacing after its last character, by the lines without the leading
    /// under the last one. Empty text measures zero.
    ///
    /// - Precondition: `scale >= 1`.
    public func measure(_ text: String, scale: Int = 1) -> Size {
        precondition(scale >= 1, "a text scale must be at least 1, not \(scale)")
        guard !text.isEmpty else { return .zero }
        var lines = 1, longest = 0, current = 0
        for character in text {
            if character == "\n" {
                lines += 1
                current = 0
            } else {
                current += 1
                longest = max(longest, current)
            }
        }
        let width = longest == 0 ? 0 : (longest * advance - 1) * scale
        return Size(width: width, height: (lines * lineHeight - 1) * scale)
    }

    func glyphCode(for character: Character) -> Int {
        guard let ascii = character.asciiValue, ascii >= 32, ascii < 127 else { return Self.boxCode }
        return Int(ascii)
    }
}

/// A position in UTF-8 source text that knows its line and column, for
/// readers that report errors as `file:line:column` (the XML plist scanner
/// and lint's OpenStep pbxproj parser).
///
/// A new line starts after LF; UTF-8 continuation bytes do not count as
/// columns, so a column is a character, not a byte. A leading UTF-8
/// byte-order mark is skipped.
package struct SourceTextCursor: Sendable {
    package let bytes: [UInt8]
    package let file: String
    package private(set) var index = 0
    package private(set) var line = 1
    package private(set) var column = 1

    package init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    package var location: SourceLocation { SourceLocation(file: file, line: line, column: column) }

    /// The byte `offset` bytes ahead, or nil past the end.
    package func peek(offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    /// One byte forward (nothing at the end).
    package mutating func advance() {
        guard index < bytes.count else { return }
        let byte = bytes[index]
        index += 1
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    package mutating func advance(by count: Int) {
        for _ in 0..<count { advance() }
    }

    /// Advances over at most `limit` bytes while `accepts` holds and returns
    /// them. Readers take a run of bytes this way rather than by reading
    /// ``index`` around their own loop of ``advance()`` calls: Swift 6.3.1's
    /// optimizer (`-O`, not whole-module across the call) compiled
    /// `advance(); let start = index; while … { advance() }` with `start`
    /// read before the first `advance()`, and the release build of the XML
    /// plist reader took `&amp;` for the entity `&amp` (issue 19, session 25;
    /// a two-file reproduction is in Docs/performance.md).
    package mutating func take(atMost limit: Int = .max, while accepts: (UInt8) -> Bool) -> ArraySlice<UInt8> {
        let start = index
        while index - start < limit, let byte = peek(), accepts(byte) { advance() }
        return bytes[start..<index]
    }
}
